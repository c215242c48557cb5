// The OpenAPI document is as strict as calc (issue 36): for every calc operation, every value the
// document allows for a query parameter is accepted (never a 400, and the answer is one the
// document describes), and every value it forbids is a 400 naming the parameter.
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { fuzzCases } from '@ira/testing/openapi-fuzz';
import { describeFuzzCases } from '@ira/testing/openapi-fuzz-suite';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

let calc: CalcHarness;
let key: string;

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue({ general: 1_000_000, calculation: 1_000_000 });
});
afterAll(() => calc.close());

it('covers every calc operation with query parameters, both ways', () => {
  const operations = new Set(CASES.map((fuzz) => fuzz.operationId));
  expect(operations.size).toBeGreaterThanOrEqual(10);
  expect(CASES.filter((fuzz) => fuzz.expect === 'refuse').length).toBeGreaterThan(300);
});

describeFuzzCases(openapiDocument, CASES, () => ({ url: calc.base, key }));
