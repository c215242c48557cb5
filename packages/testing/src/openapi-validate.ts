// Checks that keep the OpenAPI document true (docs/operations.md "Service surfaces"): the document against
// the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator; openapi-backend
// rejects valid 3.1 documents), and real responses against it with Ajv's
// 2020-12 build, the dialect OpenAPI 3.1 schemas use. The document is an argument
// (callers pass @ira/core's `openapiDocument`): core's own tests use these checks,
// so this package cannot depend on core.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;
/** What the checks read of an OpenAPI 3.1 document; the rest is passed through to the validators. */
export interface OpenApiDocument {
  paths: Record<string, unknown>;
}
export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

const DOCUMENT_ID = 'urn:ira:openapi';
// ajv-formats is CommonJS; its default export arrives wrapped under nodenext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Validates the document itself as OpenAPI 3.1. */
export async function validateDocument(document: OpenApiDocument): Promise<{ valid: boolean; errors: string[] }> {
  const result = await new Validator().validate(structuredClone(document) as unknown as Json);
  const errors =
    typeof result.errors === 'string'
      ? [result.errors]
      : (result.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`.trim());
  return { valid: result.valid, errors };
}

/** JSON pointer (RFC 6901) made safe for a URI fragment. */
function pointer(...segments: string[]): string {
  return segments
    .map((segment) => '/' + encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1')))
    .join('');
}

export function createResponseValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...structuredClone(document), $id: DOCUMENT_ID } as Json);
  const compiled = new Map<string, ValidateFunction>();

  function schemaAt(path: string): ValidateFunction {
    let validate = compiled.get(path);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${path}` });
      compiled.set(path, validate);
    }
    return validate;
  }

  function check(path: string, value: unknown, label: string): string[] {
    const validate = schemaAt(path);
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) => `${label}${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    );
  }

  /** Where the response object for this call lives, following one $ref. */
  function responsePath(method: string, pathTemplate: string, status: number): string | null {
    const operation = (document.paths[pathTemplate] as Json | undefined)?.[method.toLowerCase()] as Json | undefined;
    if (!operation) {
      if (status === 405) return pointer('components', 'responses', 'MethodNotAllowed');
      if (status === 404 && !document.paths[pathTemplate]) return pointer('components', 'responses', 'RouteNotFound');
      return null;
    }
    const responses = operation.responses as Json;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => candidate in responses);
    if (!key) return null;
    const response = responses[key] as Json;
    if (typeof response.$ref === 'string') return response.$ref.slice(1);
    return pointer('paths', pathTemplate, method.toLowerCase(), 'responses', key);
  }

  function resolve(path: string): Json {
    return path
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<Json>((node, segment) => node[segment] as Json, document as unknown as Json);
  }

  function checkHeaders(path: string, headers: HeaderBag): string[] {
    const declared = (resolve(path).headers ?? {}) as Record<string, Json>;
    const errors: string[] = [];
    for (const [name, header] of Object.entries(declared)) {
      const headerPath = typeof header.$ref === 'string' ? header.$ref.slice(1) : `${path}${pointer('headers', name)}`;
      const value = readHeader(headers, name);
      if (value === undefined) {
        if (resolve(headerPath).required === true) errors.push(`header ${name} is required`);
        continue;
      }
      errors.push(...check(`${headerPath}/schema`, value, `header ${name}`));
    }
    return errors;
  }

  /**
   * Errors (empty when valid) of one real response against the document.
   * `pathTemplate` is the document's key, e.g. `/api/v1/asma-ul-husna/{number}`.
   */
  return function validateResponse(
    method: string,
    pathTemplate: string,
    status: number,
    headers: HeaderBag,
    body: unknown,
  ): string[] {
    const path = responsePath(method, pathTemplate, status);
    if (path === null) return [`${method} ${pathTemplate}: status ${status} is not documented`];
    const errors = checkHeaders(path, headers);
    const content = resolve(path).content as Record<string, Json> | undefined;
    if (!content) return errors;
    const mediaType = (readHeader(headers, 'content-type') ?? '').split(';')[0]!.trim();
    if (!(mediaType in content))
      return [...errors, `content type "${mediaType}" is not documented (${Object.keys(content).join(', ')})`];
    if (mediaType !== 'application/json') return errors;
    return [...errors, ...check(`${path}${pointer('content', mediaType, 'schema')}`, body, 'body')];
  };
}

function readHeader(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  return Array.isArray(entry) ? entry.join(', ') : entry;
}

/**
 * The document's path template for a concrete path (`/api/v1/quran/verse/002255`
 * → `/api/v1/quran/verse/{id}`); concrete templates win over parameterised ones,
 * as OpenAPI requires. null when no template matches.
 */
export function pathTemplateFor(pathname: string, document: OpenApiDocument): string | null {
  const templates = Object.keys(document.paths).sort((a, b) => paramCount(a) - paramCount(b));
  return templates.find((template) => templateRegExp(template).test(pathname)) ?? null;
}

function paramCount(template: string): number {
  return template.split('{').length - 1;
}

function templateRegExp(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}
