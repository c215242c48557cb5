// The OpenAPI document is as strict as the edge (issue 36): for every operation the edge answers
// itself, every value the document allows for a query parameter is accepted (never a 400, and the
// answer is one the document describes), and every value it forbids is a 400 naming the parameter.
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { createResponseValidator } from '@ira/testing/openapi-validate';
import { fuzzCases, type FuzzCase } from '@ira/testing/openapi-fuzz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge, type Edge } from './testing/edge-harness.ts';

const CASES = fuzzCases(openapiDocument, { service: 'edge' });
const validateResponse = createResponseValidator(openapiDocument);

let edge: Edge;
let key: string;

beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 1_000_000 });
});
afterAll(() => edge.close());

async function send(fuzz: FuzzCase): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(edge.url + fuzz.url, { headers: { 'X-API-Key': key } });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, body: json ? JSON.parse(text) : text, headers: response.headers };
}

const sentence = (body: unknown): string => {
  const { message, error } = body as { message?: unknown; error?: unknown };
  return String(message ?? error);
};

it('covers every edge operation with query parameters, both ways', () => {
  expect(new Set(CASES.map((fuzz) => fuzz.operationId)).size).toBeGreaterThanOrEqual(14);
  expect(CASES.filter((fuzz) => fuzz.expect === 'refuse').length).toBeGreaterThan(150);
});

describe.each([...new Set(CASES.map((fuzz) => fuzz.operationId))])('%s', (operationId) => {
  const cases = CASES.filter((fuzz) => fuzz.operationId === operationId);

  it.each(cases.filter((fuzz) => fuzz.expect === 'accept').map((fuzz) => [fuzz.label, fuzz] as const))(
    'accepts %s',
    async (_label, fuzz) => {
      const { status, body, headers } = await send(fuzz);
      expect(status, `${fuzz.url}: ${sentence(body)}`).not.toBe(400);
      expect(validateResponse('GET', fuzz.template, status, headers, body), fuzz.url).toEqual([]);
    },
  );

  it.each(cases.filter((fuzz) => fuzz.expect === 'refuse').map((fuzz) => [fuzz.label, fuzz] as const))(
    'refuses %s with a 400 naming it',
    async (_label, fuzz) => {
      const { status, body, headers } = await send(fuzz);
      expect(status, fuzz.url).toBe(400);
      expect(sentence(body), fuzz.url).toContain(fuzz.parameter);
      expect(validateResponse('GET', fuzz.template, status, headers, body), fuzz.url).toEqual([]);
    },
  );
});
