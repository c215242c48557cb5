// The SDK covers the OpenAPI document: every operation (except the signed audio files)
// has its entry, with the document's path, and the method the entry names exists.
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { ENDPOINTS, IslamicReferenceApi, SIGNED_AUDIO_OPERATIONS } from './index.ts';
import { generateSchemaSource } from '../scripts/generate-schema.ts';

const operations = Object.entries(openapiDocument.paths).map(([path, item]) => ({
  path,
  operationId: String((item as { get: { operationId: string } }).get.operationId),
}));

describe('ENDPOINTS', () => {
  it('has every operation of the document at its path, and only those', () => {
    const called = operations.filter(
      ({ operationId }) => !(SIGNED_AUDIO_OPERATIONS as readonly string[]).includes(operationId),
    );
    expect(Object.keys(ENDPOINTS).sort()).toEqual(called.map(({ operationId }) => operationId).sort());
    for (const { path, operationId } of called) {
      expect(ENDPOINTS[operationId as keyof typeof ENDPOINTS].path, operationId).toBe(path);
    }
  });

  it('names methods IslamicReferenceApi has', () => {
    for (const [operationId, endpoint] of Object.entries(ENDPOINTS)) {
      expect(
        typeof (IslamicReferenceApi.prototype as unknown as Record<string, unknown>)[endpoint.method],
        operationId,
      ).toBe('function');
    }
  });
});

describe('generated types', () => {
  // openapi-typescript over the whole document takes seconds on a busy machine.
  it('cover every path and operation of the OpenAPI document', { timeout: 30_000 }, async () => {
    const source = await generateSchemaSource();
    for (const { path, operationId } of operations) {
      expect(source).toContain(`"${path}": {`);
      expect(source).toContain(`get: operations["${operationId}"]`);
    }
  });
});
