// The generated collection: parsed back from JSON, it holds every operation of
// the OpenAPI document exactly once, with the deployment's base URL, the key
// header for keyed operations only, and path variables Postman understands.
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { operationsOf } from './operations.ts';
import { POSTMAN_SCHEMA, postmanCollection } from './postman-collection.ts';

interface Item {
  name: string;
  item?: Item[];
  request?: {
    method: string;
    url: {
      raw: string;
      path: string[];
      query: { key: string; disabled?: boolean }[];
      variable: { key: string; value: string }[];
    };
    description: string;
    auth?: { type: string };
  };
}

const collection = JSON.parse(JSON.stringify(postmanCollection(openapiDocument, 'https://api.example.org')));
const requests: Item[] = collection.item.flatMap((folder: Item) => folder.item ?? []);

describe('postmanCollection', () => {
  it('is a v2.1 collection whose baseUrl is the deployment and whose key goes in X-API-Key', () => {
    expect(collection.info.schema).toBe(POSTMAN_SCHEMA);
    expect(collection.variable).toContainEqual({ key: 'baseUrl', value: 'https://api.example.org', type: 'string' });
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
    }
  });

  it('fills path variables and required query parameters with working examples; optional ones are off', () => {
    const verse = requests.find((item) => item.request!.description.endsWith('operationId: getVerse'))!.request!;
    expect(verse.url.variable).toContainEqual(expect.objectContaining({ key: 'id', value: '002255' }));
    const qibla = requests.find((item) => item.request!.description.endsWith('operationId: getQibla'))!.request!;
    expect(qibla.url.raw).toBe('{{baseUrl}}/api/v1/qibla?lat=24.8607&lon=67.0011');
    expect(qibla.url.query.find((parameter) => parameter.key === 'lng')?.disabled).toBe(true);
  });
});
