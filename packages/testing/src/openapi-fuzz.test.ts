import { describe, expect, it } from 'vitest';
import { fuzzCases } from './openapi-fuzz.ts';

const DOCUMENT = {
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        'x-service': 'one',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          { name: 'kind', in: 'query', schema: { type: 'string', enum: ['a', 'b'] } },
          { name: 'n', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 9 } },
          { name: 'day', in: 'query', schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } },
        ],
        responses: { '200': {}, '400': {} },
      },
    },
    '/other': { get: { operationId: 'other', 'x-service': 'two', responses: { '200': {} } } },
  },
};

describe('fuzzCases', () => {
  const cases = fuzzCases(DOCUMENT, { service: 'one' });
  const sent = (parameter: string, expect: 'accept' | 'refuse') =>
    cases.filter((c) => c.parameter === parameter && c.expect === expect).map((c) => c.url);

  it('accepts every enum value and the bounds, on the path filled from the schema', () => {
    expect(sent('kind', 'accept')).toEqual(['/things/1?kind=a', '/things/1?kind=b']);
    expect(sent('n', 'accept').slice(0, 2)).toEqual(['/things/1?n=1', '/things/1?n=9']);
  });

  it('refuses values outside, empty, off-pattern and repeated', () => {
    expect(sent('kind', 'refuse')).toEqual(['/things/1?kind=zz-not-a-value', '/things/1?kind=', expect.any(String)]);
    expect(sent('n', 'refuse')).toEqual(expect.arrayContaining(['/things/1?n=0', '/things/1?n=10', '/things/1?n=1.5']));
    expect(sent('day', 'refuse')).toContain('/things/1?day=2026-13-01');
    expect(sent('kind', 'refuse')[2]).toMatch(/^\/things\/1\?kind=[ab]&kind=[ab]$/);
  });

  it("keeps to the service's operations and is the same on every run", () => {
    expect(new Set(cases.map((c) => c.operationId))).toEqual(new Set(['getThing']));
    expect(fuzzCases(DOCUMENT, { service: 'one' })).toEqual(cases);
  });
});
