import { describe, expect, it } from 'vitest';
import { createResponseValidator, pathTemplateFor, validateDocument } from './openapi-validate.ts';

const errorBody = { $ref: '#/components/schemas/Error' };
const json = (schema: object) => ({ 'application/json': { schema } });
// A small OpenAPI 3.1 document with the shapes the checks follow: a $ref response, a
// required header, a concrete path beside a template, the shared 404 and 405 responses.
const document = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  paths: {
    '/items/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'one item',
            headers: { ETag: { required: true, schema: { type: 'string' } } },
            content: json({ $ref: '#/components/schemas/Item' }),
          },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    },
    '/items/latest': {
      get: {
        responses: { '200': { description: 'the newest item', content: json({ $ref: '#/components/schemas/Item' }) } },
      },
    },
  },
  components: {
    schemas: {
      Item: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } }, additionalProperties: false },
      Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
    },
    responses: {
      NotFound: { description: 'no such item', content: json(errorBody) },
      RouteNotFound: { description: 'no such path', content: json(errorBody) },
      MethodNotAllowed: {
        description: 'GET only',
        headers: { Allow: { required: true, schema: { type: 'string' } } },
        content: json(errorBody),
      },
    },
  },
};
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

describe('validateDocument', () => {
  it('accepts a valid OpenAPI 3.1 document and rejects one that breaks the schema', async () => {
    expect(await validateDocument(document)).toEqual({ valid: true, errors: [] });
    const broken = { ...document, paths: { '/x': { get: { responses: { '200': { content: {} } } } } } };
    expect((await validateDocument(broken)).valid).toBe(false);
  });
});

describe('createResponseValidator', () => {
  const validate = createResponseValidator(document);

  it('checks the body against the schema and required headers', () => {
    expect(validate('GET', '/items/{id}', 200, { ...JSON_HEADERS, etag: '"1"' }, { id: 1 })).toEqual([]);
    expect(validate('GET', '/items/{id}', 200, { ...JSON_HEADERS, etag: '"1"' }, { id: 'one' }).join()).toMatch(
      /body\/id must be integer/,
    );
    expect(validate('GET', '/items/{id}', 200, JSON_HEADERS, { id: 1 })).toEqual(['header ETag is required']);
  });

  it('follows a $ref response and reads headers from a Headers object too', () => {
    expect(validate('GET', '/items/{id}', 404, new Headers(JSON_HEADERS), { error: 'gone' })).toEqual([]);
    expect(validate('GET', '/items/{id}', 404, new Headers(JSON_HEADERS), {}).join()).toMatch(
      /must have required property 'error'/,
    );
  });

  it('uses the shared 405 and 404 responses for undocumented methods and paths', () => {
    expect(validate('POST', '/items/{id}', 405, { ...JSON_HEADERS, allow: 'GET' }, { error: 'no' })).toEqual([]);
    expect(validate('POST', '/items/{id}', 405, JSON_HEADERS, { error: 'no' })).toEqual(['header Allow is required']);
    expect(validate('GET', '/nope', 404, JSON_HEADERS, { error: 'no' })).toEqual([]);
  });

  it('reports undocumented statuses and content types', () => {
    expect(validate('GET', '/items/latest', 418, JSON_HEADERS, {})).toEqual([
      'GET /items/latest: status 418 is not documented',
    ]);
    expect(validate('GET', '/items/latest', 200, { 'content-type': 'text/plain' }, 'x')).toEqual([
      'content type "text/plain" is not documented (application/json)',
    ]);
  });
});

describe('pathTemplateFor', () => {
  it('prefers a concrete path over a template, as OpenAPI requires', () => {
    expect(pathTemplateFor('/items/latest', document)).toBe('/items/latest');
    expect(pathTemplateFor('/items/7', document)).toBe('/items/{id}');
    expect(pathTemplateFor('/items/7/parts', document)).toBeNull();
  });
});
