// The OpenAPI document is as strict as the edge (issue 36): for every operation the edge answers
// itself, every value the document allows for a query parameter is accepted (never a 400, and the
// answer is one the document describes), and every value it forbids is a 400 naming the parameter.
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { fuzzCases } from '@ira/testing/openapi-fuzz';
import { describeFuzzCases } from '@ira/testing/openapi-fuzz-suite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEdge, type Edge } from './testing/edge-harness.ts';

// `lang` and `reciter` are comma lists that may also come repeated (apps/edge/README.md).
const CASES = fuzzCases(openapiDocument, { service: 'edge', lists: ['lang', 'reciter'] });

let edge: Edge;
let key: string;

beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 1_000_000 });
});
afterAll(() => edge.close());

it('covers every edge operation with query parameters, both ways', () => {
  expect(new Set(CASES.map((fuzz) => fuzz.operationId)).size).toBeGreaterThanOrEqual(14);
  expect(CASES.filter((fuzz) => fuzz.expect === 'refuse').length).toBeGreaterThan(150);
});

describeFuzzCases(openapiDocument, CASES, () => ({ url: edge.url, key }));
