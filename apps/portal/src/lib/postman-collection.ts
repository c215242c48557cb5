// A Postman collection (format v2.1, which Bruno and Insomnia import too)
// generated from the OpenAPI document: one folder per tag, one request per
// operation with working example values and tests (status, Content-Type, the
// documented headers, key fields, the response's JSON Schema), then one request
// per documented error. The key is the collection variable apiKey, sent in
// X-API-Key; {{baseUrl}} is this deployment's PUBLIC_URL. `newman run` of it
// passes against a running deployment (test/served-docs.test.ts).
import type { OpenApiDocument } from '@ira/core/contract/openapi/document';
import { ERROR_REQUESTS, KEY_FIELDS, SIGNED_LINKS, TEXT_CONTAINS, type ErrorRequest } from './postman-checks.ts';
import { selfContainedSchema } from './postman-schema.ts';
import { MAX_SPEND_REQUESTS, paceScript, signedLinkScript, spendBudgetScript, testScript } from './postman-scripts.ts';
import type { HeaderCheck, ResponseChecks } from './postman-scripts.ts';
import { operationsOf, resolveRef, type OperationView } from './operations.ts';

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
export const ERRORS_FOLDER = 'Errors';

type Json = Record<string, unknown>;

interface Variable {
  key: string;
  value: string;
  description?: string;
  disabled?: boolean;
}

interface Values {
  /** Values replacing the examples of these parameters (path or query; a query one is then sent). */
  params?: Record<string, string>;
  /** Replaces the example's query: exactly these parameters are sent. */
  query?: Record<string, string>;
}

function urlOf(operation: OperationView, values: Values = {}) {
  const segments = operation.path.split('/').filter(Boolean);
  // Postman writes path variables as :name; {name}.mp3 keeps its suffix.
  const path = segments.map((segment) => segment.replace(/\{([^}]+)\}/g, ':$1'));
  const exampleQuery: Variable[] = operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => ({
      key: parameter.name,
      value: parameter.example,
      description: parameter.description,
      ...(parameter.inExample ? {} : { disabled: true }),
    }));
  const params = values.params ?? {};
  const query: Variable[] = values.query
    ? Object.entries(values.query).map(([key, value]) => ({ key, value }))
    : exampleQuery.map((item) => (item.key in params ? { key: item.key, value: params[item.key]! } : item));
  const variable: Variable[] = operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => ({
      key: parameter.name,
      value: params[parameter.name] ?? parameter.example,
      description: parameter.description,
    }));
  const enabled = query.filter((item) => !item.disabled).map((item) => `${item.key}=${encodeQuery(item.value)}`);
  const raw = `{{baseUrl}}/${path.join('/')}${enabled.length > 0 ? `?${enabled.join('&')}` : ''}`;
  return { raw, host: ['{{baseUrl}}'], path, query, variable };
}

/** Encoded for a query string, except {{variables}}, which Postman fills in before sending. */
function encodeQuery(value: string): string {
  return /^\{\{\w+\}\}$/.test(value) ? value : encodeURIComponent(value);
}

/** The headers the document says a response always carries, with their fixed value or pattern. */
function documentedHeaders(document: OpenApiDocument, operation: OperationView, status: number): HeaderCheck[] {
  const item = document.paths[operation.path] as Json;
  const responses = (item.get as Json).responses as Json;
  const response = resolveRef(document, responses[String(status)] as Json);
  return Object.entries((response.headers ?? {}) as Json).flatMap(([name, raw]): HeaderCheck[] => {
    const header = resolveRef(document, raw as Json);
    if (header.required !== true) return [];
    const schema = (header.schema ?? {}) as Json;
    if (typeof schema.const === 'string') return [{ name, equals: schema.const }];
    return [{ name, ...(typeof schema.pattern === 'string' ? { pattern: schema.pattern } : {}) }];
  });
}

function checksFor(document: OpenApiDocument, operation: OperationView, status: number): ResponseChecks {
  const response = operation.responses.find((candidate) => candidate.status === String(status));
  if (!response) throw new Error(`${operation.id} documents no ${status} answer`);
  const json = response.mediaType === 'application/json' && response.schema !== null;
  return {
    status,
    mediaType: response.mediaType,
    headers: documentedHeaders(document, operation, status),
    schema: json ? selfContainedSchema(document, response.schema!) : null,
    // Every operation has key fields (postman-collection.test.ts); a new one still gets the document's checks.
    fields: status < 300 ? (KEY_FIELDS[operation.id] ?? {}) : {},
    ...(TEXT_CONTAINS[operation.id] ? { text: TEXT_CONTAINS[operation.id] } : {}),
    recordsBudget: operation.category !== null,
  };
}

const event = (listen: 'prerequest' | 'test', exec: string[]) => ({
  listen,
  script: { type: 'text/javascript', exec },
});

function requestItem(document: OpenApiDocument, operation: OperationView) {
  const signedLink = SIGNED_LINKS[operation.id];
  const success = operation.responses.find((response) => response.status.startsWith('2'));
  const checks = checksFor(document, operation, Number(success?.status ?? 200));
  const before = signedLink ? signedLinkScript(signedLink) : operation.category ? paceScript(operation.category) : [];
  return {
    name: operation.summary,
    event: [...(before.length > 0 ? [event('prerequest', before)] : []), event('test', testScript(checks))],
    request: {
      method: operation.method,
      header: [{ key: 'Accept', value: checks.mediaType ?? 'application/json' }],
      url: urlOf(operation, signedLink ? { params: signedLink.values } : {}),
      description: `${operation.description}\n\noperationId: ${operation.id}`,
      ...(operation.keyed ? {} : { auth: { type: 'noauth' } }),
    },
  };
}

function errorItem(document: OpenApiDocument, operations: OperationView[], error: ErrorRequest) {
  const operation = operations.find((candidate) => candidate.id === error.operationId);
  if (!operation) throw new Error(`${error.operationId} is not an operation of the document`);
  const checks: ResponseChecks = {
    ...checksFor(document, operation, error.status),
    ...(error.body ? { body: error.body } : {}),
    fields: error.fields ?? {},
    // A 429 of the spare key says nothing of apiKey's budget.
    recordsBudget: error.status === 400 || error.status === 404,
  };
  const keyless = error.status === 401 || error.status === 429;
  const before =
    error.status === 429 ? spendBudgetScript() : error.status === 401 ? [] : paceScript(operation.category!);
  return {
    name: error.name,
    event: [...(before.length > 0 ? [event('prerequest', before)] : []), event('test', testScript(checks))],
    request: {
      method: operation.method,
      header: [
        { key: 'Accept', value: 'application/json' },
        ...(error.status === 429 ? [{ key: 'X-API-Key', value: '{{limitedApiKey}}' }] : []),
      ],
      url: urlOf(operation, {
        ...(error.path ? { params: error.path } : {}),
        ...(error.query ? { query: error.query } : {}),
      }),
      description: `${operation.summary}: the ${error.status} the API documents.\n\noperationId: ${operation.id}`,
      ...(keyless ? { auth: { type: 'noauth' } } : {}),
    },
  };
}

const DESCRIPTION = `Generated from the OpenAPI document. Every request carries tests: status, Content-Type, \
the documented headers, key fields and the JSON Schema of the answer; the ${ERRORS_FOLDER} folder holds one \
request per documented error with its body.

Variables: baseUrl is this deployment; put your key in apiKey. The run keeps to the key's budget: when an \
answer says a category is spent, the next request of that category waits for the window to reset. The 429 \
request needs limitedApiKey, a second key you can spare for a minute (a fresh portal key allows 5 calculation \
requests a minute; it spends up to ${MAX_SPEND_REQUESTS} requests); without it that request is skipped. \
Signed audio requests read a fresh link from the Names and Quran answers first.

Run it from a terminal: newman run collection.json --env-var apiKey=YOUR_KEY --env-var limitedApiKey=SPARE_KEY`;

export function postmanCollection(document: OpenApiDocument, publicUrl: string) {
  const operations = operationsOf(document);
  const folders = document.tags
    .map((tag) => ({
      name: tag.name,
      description: tag.description,
      item: operations
        .filter((operation) => operation.tag === tag.name)
        .map((operation) => requestItem(document, operation)),
    }))
    .filter((folder) => folder.item.length > 0);
  const errors = {
    name: ERRORS_FOLDER,
    description: "The contract's documented errors, each with the body the API answers.",
    item: ERROR_REQUESTS.map((error) => errorItem(document, operations, error)),
  };
  return {
    info: { name: document.info.title, description: `${document.info.summary} ${DESCRIPTION}`, schema: POSTMAN_SCHEMA },
    auth: {
      type: 'apikey',
      apikey: [
        { key: 'key', value: 'X-API-Key', type: 'string' },
        { key: 'value', value: '{{apiKey}}', type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    },
    variable: [
      { key: 'baseUrl', value: publicUrl, type: 'string', description: "This deployment's PUBLIC_URL." },
      { key: 'apiKey', value: '', type: 'string', description: 'Your API key (sent in X-API-Key).' },
      {
        key: 'limitedApiKey',
        value: '',
        type: 'string',
        description: 'A spare key with a small limit, for the 429 request (it spends its budget for a minute).',
      },
    ],
    item: [...folders, errors],
  };
}
