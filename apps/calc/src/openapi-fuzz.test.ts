// The OpenAPI document is as strict as calc (issue 36): for every calc operation, every value the
// document allows for a query parameter is accepted (never a 400, and the answer is one the
// document describes), and every value it forbids is a 400 naming the parameter.
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { createResponseValidator } from '@ira/testing/openapi-validate';
import { fuzzCases, type FuzzCase } from '@ira/testing/openapi-fuzz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from './test-support/calc-harness.ts';

const WITHOUT_COORDINATES = { lat: null, lon: null, lng: null };
const GREGORIAN_DAYS = { year: null, month: null, date: null, days: null };
const OWN_RULES = { fajrAngle: '18', ishaAngle: '17' };

const CASES = fuzzCases(openapiDocument, {
  service: 'calc',
  // A month, not the whole year, for every calendar request but those that vary it.
  base: { getPrayerCalendar: { month: '3' } },
  companions: {
    place: WITHOUT_COORDINATES,
    city: WITHOUT_COORDINATES,
    country: { ...WITHOUT_COORDINATES, city: 'Doha' },
    lng: { lon: null },
    hijri: { date: null },
    gregorianYear: { year: null },
    hijriYear: GREGORIAN_DAYS,
    hijriMonth: { ...GREGORIAN_DAYS, hijriYear: '1447' },
    'getPrayerCalendarFeed.hijriAdjustment': { ...GREGORIAN_DAYS, hijriYear: '1447', hijriMonth: '9' },
  },
  needs: { 'method=other': OWN_RULES, 'method=99': OWN_RULES },
});
const validateResponse = createResponseValidator(openapiDocument);

let calc: CalcHarness;
let key: string;

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue({ general: 1_000_000, calculation: 1_000_000 });
});
afterAll(() => calc.close());

async function send(fuzz: FuzzCase): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(calc.base + fuzz.url, { headers: { 'X-API-Key': key } });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, body: json ? JSON.parse(text) : text, headers: response.headers };
}

const sentence = (body: unknown): string => {
  const { message, error } = body as { message?: unknown; error?: unknown };
  return String(message ?? error);
};

it('covers every calc operation with query parameters, both ways', () => {
  const operations = new Set(CASES.map((fuzz) => fuzz.operationId));
  expect(operations.size).toBeGreaterThanOrEqual(10);
  expect(CASES.filter((fuzz) => fuzz.expect === 'refuse').length).toBeGreaterThan(300);
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
