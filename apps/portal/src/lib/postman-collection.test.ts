// The generated collection: parsed back from JSON, it holds every operation of
// the OpenAPI document exactly once with working example values and tests, one
// request per documented error, the deployment's base URL, and the key header
// for keyed operations only. Its runs against the API: test/served-docs.test.ts.
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { operationsOf } from './operations.ts';
import { ERROR_REQUESTS, KEY_FIELDS } from './postman-checks.ts';
import { ERRORS_FOLDER, POSTMAN_SCHEMA, postmanCollection } from './postman-collection.ts';

interface Item {
  name: string;
  item?: Item[];
  event?: { listen: string; script: { exec: string[] } }[];
  request?: {
    method: string;
    header: { key: string; value: string }[];
    url: {
      raw: string;
      path: string[];
      query: { key: string; value: string; disabled?: boolean }[];
      variable: { key: string; value: string }[];
    };
    description: string;
    auth?: { type: string };
  };
}

const collection = JSON.parse(JSON.stringify(postmanCollection(openapiDocument, 'https://api.example.org')));
const folders: Item[] = collection.item;
const requests: Item[] = folders.filter((folder) => folder.name !== ERRORS_FOLDER).flatMap((folder) => folder.item!);
const errors: Item[] = folders.find((folder) => folder.name === ERRORS_FOLDER)!.item!;
const byId = (id: string) => requests.find((item) => item.request!.description.endsWith(`operationId: ${id}`))!;
const script = (item: Item, listen: string) => item.event?.find((event) => event.listen === listen)?.script.exec ?? [];
const tests = (item: Item) => script(item, 'test').filter((line) => line.startsWith('pm.test('));

describe('postmanCollection', () => {
  it('is a v2.1 collection whose baseUrl is the deployment and whose key goes in X-API-Key', () => {
    expect(collection.info.schema).toBe(POSTMAN_SCHEMA);
    expect(collection.variable).toContainEqual(
      expect.objectContaining({ key: 'baseUrl', value: 'https://api.example.org' }),
    );
    expect(collection.variable.map((variable: { key: string }) => variable.key)).toEqual([
      'baseUrl',
      'apiKey',
      'limitedApiKey',
    ]);
    expect(collection.auth.apikey).toContainEqual({ key: 'key', value: 'X-API-Key', type: 'string' });
  });

  it('holds every operation of the document once, under its path', () => {
    const operations = operationsOf(openapiDocument);
    expect(requests).toHaveLength(operations.length);
    for (const operation of operations) {
      const matches = requests.filter((item) => item.request!.description.endsWith(`operationId: ${operation.id}`));
      expect(matches, operation.id).toHaveLength(1);
      const request = matches[0]!.request!;
      expect('/' + request.url.path.join('/')).toBe(operation.path.replace(/\{([^}]+)\}/g, ':$1'));
      expect(request.method).toBe('GET');
      expect(request.auth?.type === 'noauth').toBe(!operation.keyed);
      expect(Object.keys(KEY_FIELDS), `key fields of ${operation.id}`).toContain(operation.id);
    }
  });

  it('fills path variables and required query parameters with working examples; optional ones are off', () => {
    const verse = byId('getVerse').request!;
    expect(verse.url.variable).toContainEqual(expect.objectContaining({ key: 'id', value: '002255' }));
    const qibla = byId('getQibla').request!;
    expect(qibla.url.raw).toBe('{{baseUrl}}/api/v1/qibla?lat=24.8607&lon=67.0011');
    expect(qibla.url.query.find((parameter) => parameter.key === 'lng')?.disabled).toBe(true);
  });

  it('tests status, Content-Type, headers, key fields and the JSON Schema of every answer', () => {
    for (const item of requests) {
      const lines = tests(item);
      expect(lines[0], item.name).toMatch(/^pm\.test\("status is 200"/);
      expect(
        lines.some((line) => line.includes('Content-Type is')),
        item.name,
      ).toBe(true);
      expect(lines.length, item.name).toBeGreaterThanOrEqual(3);
    }
    const qibla = script(byId('getQibla'), 'test').join('\n');
    expect(qibla).toContain('pm.response.to.have.jsonSchema(');
    expect(qibla).toContain('pm.test("compass_bearing is 267.74"');
    // The schema travels with the request: its refs point inside it.
    const schema = qibla.match(/jsonSchema\((\{.*\})\);/)![1]!;
    expect(schema).not.toContain('#/components/');
    expect(JSON.parse(schema).$defs.QiblaResult).toBeDefined();
  });

  it('reads signed audio links from a fresh answer, so audio requests carry no stale signature', () => {
    const name = byId('getNameAudio');
    expect(name.request!.url.variable).toContainEqual(
      expect.objectContaining({ key: 'number', value: '{{nameAudioNumber}}' }),
    );
    expect(name.request!.url.raw).toContain('expires={{nameAudioExpires}}&signature={{nameAudioSignature}}');
    expect(script(name, 'prerequest').join('\n')).toContain('/api/v1/asma-ul-husna/1');
    const verse = byId('getVerseAudioFile');
    expect(verse.request!.url.variable).toContainEqual(
      expect.objectContaining({ key: 'reciter', value: '{{verseAudioReciter}}' }),
    );
    expect(verse.request!.header).toContainEqual({ key: 'Accept', value: 'audio/mpeg' });
  });

  it('paces keyed requests by their limit category', () => {
    expect(script(byId('getQibla'), 'prerequest').join('\n')).toContain('"rateLimitResetAt.calculation"');
    expect(script(byId('getName'), 'prerequest').join('\n')).toContain('"rateLimitResetAt.general"');
    expect(script(byId('health'), 'prerequest')).toEqual([]);
  });

  it('has one request per documented error, each checking the body the contract gives', () => {
    expect(errors.map((item) => item.name)).toEqual(ERROR_REQUESTS.map((error) => error.name));
    expect(new Set(ERROR_REQUESTS.map((error) => error.status))).toEqual(new Set([400, 401, 404, 429]));
    const unauthorized = errors.find((item) => item.name.startsWith('401'))!;
    expect(unauthorized.request!.auth).toEqual({ type: 'noauth' });
    expect(tests(unauthorized).join('\n')).toContain('"message":"Invalid or missing API key."');
    const badLatitude = errors.find((item) => item.name.startsWith('400 Qibla'))!;
    expect(badLatitude.request!.url.raw).toBe('{{baseUrl}}/api/v1/qibla?lat=north&lon=67.0011');
    const unknownName = errors.find((item) => item.name.startsWith('404'))!;
    expect(unknownName.request!.url.variable).toContainEqual(expect.objectContaining({ key: 'number', value: '120' }));
    const limited = errors.find((item) => item.name.startsWith('429'))!;
    expect(limited.request!.header).toContainEqual({ key: 'X-API-Key', value: '{{limitedApiKey}}' });
    expect(script(limited, 'prerequest').join('\n')).toContain('pm.execution.skipRequest()');
    expect(tests(limited).join('\n')).toContain('Retry-After');
  });
});
