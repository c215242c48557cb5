// The suite each service runs over its fuzz cases (openapi-fuzz.ts): an allowed value is never a 400
// and its answer is one the document describes; a forbidden value is a 400 naming the parameter.
import { describe, expect, it } from 'vitest';
import type { FuzzCase } from './openapi-fuzz.ts';
import { createResponseValidator, type OpenApiDocument } from './openapi-validate.ts';

/** Where the running app is and the key to send, read when the tests run (after `beforeAll`). */
export type FuzzTarget = () => { url: string; key: string };

async function send(target: FuzzTarget, fuzz: FuzzCase) {
  const { url, key } = target();
  const response = await fetch(url + fuzz.url, { headers: { 'X-API-Key': key } });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, body: (json ? JSON.parse(text) : text) as unknown, headers: response.headers };
}

/** The sentence of an error body in either form (`{ error }` or `{ message }`). */
function sentence(body: unknown): string {
  const { message, error } = body as { message?: unknown; error?: unknown };
  return String(message ?? error);
}

export function describeFuzzCases(document: OpenApiDocument, cases: readonly FuzzCase[], target: FuzzTarget): void {
  const validateResponse = createResponseValidator(document);
  describe.each([...new Set(cases.map((fuzz) => fuzz.operationId))])('%s', (operationId) => {
    const own = cases.filter((fuzz) => fuzz.operationId === operationId);
    const labelled = (expect: FuzzCase['expect']) =>
      own.filter((fuzz) => fuzz.expect === expect).map((fuzz) => [fuzz.label, fuzz] as const);

    it.each(labelled('accept'))('accepts %s', async (_label, fuzz) => {
      const { status, body, headers } = await send(target, fuzz);
      expect(status, `${fuzz.url}: ${sentence(body)}`).not.toBe(400);
      expect(validateResponse('GET', fuzz.template, status, headers, body), fuzz.url).toEqual([]);
    });

    it.each(labelled('refuse'))('refuses %s with a 400 naming it', async (_label, fuzz) => {
      const { status, body, headers } = await send(target, fuzz);
      expect(status, fuzz.url).toBe(400);
      expect(sentence(body), fuzz.url).toContain(fuzz.parameter);
      expect(validateResponse('GET', fuzz.template, status, headers, body), fuzz.url).toEqual([]);
    });
  });
}
