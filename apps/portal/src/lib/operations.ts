// A flat, render-ready view of the OpenAPI document's operations, shared by the
// generated reference (/docs) and the try-it console.
import type { OpenApiDocument } from '@ira/core/contract/openapi/document';
import { encodePathSegment } from './path-segment.ts';

type Json = Record<string, unknown>;

export interface ParameterView {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  type: string;
  defaultValue?: unknown;
  allowed?: unknown[];
  /** A comma list of allowed values (an array of an enum, `style: form`): the form offers a multiple choice. */
  multiple?: boolean;
  /** A value that works, for examples and form placeholders. */
  example: string;
  /**
   * Sent in the example request although optional: the document marks it with
   * `x-example: true` where one of several optional parameters is needed (`/hijri`).
   */
  inExample: boolean;
  /**
   * Shown unfolded in the try-it form although optional and not in the example: the
   * document marks it `x-form: true` (`city`, the other way to give a place).
   */
  inForm: boolean;
}

export interface ResponseView {
  status: string;
  description: string;
  mediaType: string | null;
  /** Resolved JSON Schema of the body, null when there is none. */
  schema: Json | null;
  headers: string[];
}

export interface OperationView {
  id: string;
  tag: string;
  method: 'GET';
  path: string;
  summary: string;
  description: string;
  keyed: boolean;
  category: string | null;
  parameters: ParameterView[];
  responses: ResponseView[];
}

/** Follows a local `#/...` reference inside the document. */
export function resolveRef(document: OpenApiDocument, node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  const target = node.$ref
    .slice(2)
    .split('/')
    .reduce<Json>(
      (current, segment) => current[segment.replaceAll('~1', '/').replaceAll('~0', '~')] as Json,
      document as unknown as Json,
    );
  return resolveRef(document, target);
}

const FALLBACK_EXAMPLES: Record<string, string> = { number: '1', day: '1', id: '002255' };

function typeOf(schema: Json): string {
  if (schema.enum) return 'string';
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return typeof schema.type === 'string' ? schema.type : 'string';
}

/**
 * A value that works: the schema's first example or its default; for a
 * required parameter without either, its first allowed value or a number's
 * minimum. Empty when none of these says (signed audio's signature): such
 * operations take their example link from another answer.
 */
function exampleOf(name: string, schema: Json, required: boolean): string {
  const examples = schema.examples as unknown[] | undefined;
  if (FALLBACK_EXAMPLES[name]) return FALLBACK_EXAMPLES[name];
  if (examples?.[0] !== undefined) return String(examples[0]);
  if (schema.default !== undefined) return String(schema.default);
  if (!required) return '';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return String(schema.enum[0]);
  if ((schema.type === 'integer' || schema.type === 'number') && typeof schema.minimum === 'number')
    return String(schema.minimum);
  return '';
}

function parameterView(document: OpenApiDocument, raw: Json): ParameterView {
  const schema = resolveRef(document, (raw.schema ?? {}) as Json);
  const name = String(raw.name);
  const items = schema.type === 'array' ? resolveRef(document, (schema.items ?? {}) as Json) : null;
  const listOf = items !== null && Array.isArray(items.enum) ? items.enum : null;
  return {
    name,
    in: raw.in === 'path' ? 'path' : 'query',
    required: raw.required === true,
    description: String(raw.description ?? ''),
    type: typeOf(schema),
    ...(schema.default !== undefined ? { defaultValue: schema.default } : {}),
    ...(Array.isArray(schema.enum) ? { allowed: schema.enum } : {}),
    ...(listOf !== null ? { allowed: listOf, multiple: true } : {}),
    example: exampleOf(name, schema, raw.required === true),
    inExample: raw.required === true || raw['x-example'] === true,
    inForm: raw.required === true || raw['x-example'] === true || raw['x-form'] === true,
  };
}

function responseViews(document: OpenApiDocument, responses: Json): ResponseView[] {
  return Object.entries(responses).map(([status, raw]) => {
    const response = resolveRef(document, raw as Json);
    const content = (response.content ?? {}) as Record<string, Json>;
    const mediaType = Object.keys(content)[0] ?? null;
    const schemaNode = mediaType ? (content[mediaType]!.schema as Json | undefined) : undefined;
    return {
      status,
      description: String(response.description ?? ''),
      mediaType,
      schema: schemaNode ? schemaNode : null,
      headers: Object.keys((response.headers ?? {}) as Json),
    };
  });
}

export function operationsOf(document: OpenApiDocument): OperationView[] {
  return Object.entries(document.paths).flatMap(([path, item]) => {
    const get = (item as Json).get as Json | undefined;
    if (!get) return [];
    const security = (get.security ?? document.security) as unknown[];
    return [
      {
        id: String(get.operationId),
        tag: String((get.tags as string[] | undefined)?.[0] ?? 'Other'),
        method: 'GET' as const,
        path,
        summary: String(get.summary ?? ''),
        description: String(get.description ?? ''),
        keyed: security.length > 0,
        category: typeof get['x-rate-limit-category'] === 'string' ? get['x-rate-limit-category'] : null,
        parameters: ((get.parameters ?? []) as Json[]).map((parameter) => parameterView(document, parameter)),
        responses: responseViews(document, get.responses as Json),
      },
    ];
  });
}

/** Example request path with example values filled in (path, required and `x-example` parameters only). */
export function examplePath(operation: OperationView): string {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path')
      path = path.replace(`{${parameter.name}}`, encodePathSegment(parameter.example || parameter.name));
    else if (parameter.inExample) query.set(parameter.name, parameter.example);
  }
  return query.size > 0 ? `${path}?${query}` : path;
}

/** Lower-case text the reference's filter box matches against. */
export function searchText(operation: OperationView): string {
  return [
    operation.id,
    operation.tag,
    operation.path,
    operation.summary,
    operation.description,
    ...operation.parameters.map((parameter) => parameter.name),
  ]
    .join(' ')
    .toLowerCase();
}

/** The words of a filter query, lower-case: what the reference matches, on the server and as you type. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** Operations matching every word of a filter query (all when the query is blank). */
export function filterOperations(operations: OperationView[], query: string): OperationView[] {
  const words = queryWords(query);
  return operations.filter((operation) => words.every((word) => searchText(operation).includes(word)));
}

/**
 * A filter word names one of the operation's folded optional parameters: the reference opens the fold that
 * holds them.
 */
export function namesOptional(operation: OperationView, words: string[]): boolean {
  return operation.parameters.some(
    (parameter) => !parameter.inForm && words.some((word) => parameter.name.toLowerCase().includes(word)),
  );
}
