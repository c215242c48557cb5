// The endpoint table (the OpenAPI document, packages/core/src/contract/openapi/endpoint-table.ts)
// and calc's routers name the same endpoints: every calculation route is documented,
// every documented `calculation` endpoint is routed, and each JSON body's api_info.usage
// is the table's template (the iCalendar feed has no JSON body).
import { ENDPOINTS, routedGetPaths } from '@ira/core/contract/openapi/endpoint-table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { CALENDAR_ICS_PATH } from './calendar-ics.ts';

let calc: CalcHarness;
let key: string;
beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue({ calculation: 1_000 });
});
afterAll(() => calc.close());

const calculation = ENDPOINTS.filter((endpoint) => endpoint.category === 'calculation');
const json = calculation.filter((endpoint) => endpoint.path !== CALENDAR_ICS_PATH);
const QUERIES: Record<string, string> = {
  '/api/v1/prayer-time/calendar': 'lat=21.42&lon=39.83&year=2026&month=3',
  '/api/v1/hijri': 'date=2026-03-20',
};

describe('calc and the endpoint table', () => {
  it('routes exactly the calculation endpoints the document lists', () => {
    const routed = routedGetPaths(
      createApp(calc.config, { store: calc.store, redis: null, usage: calc.usage }).middleware,
    );
    expect(routed).toEqual(calculation.map((endpoint) => endpoint.path).sort());
  });

  it.each(json.map((endpoint) => [endpoint.path, endpoint.usage]))(
    '%s answers with the usage template %s',
    async (path, usage) => {
      const { status, body } = await calc.get(`${path}?${QUERIES[path] ?? 'lat=21.42&lon=39.83'}&api_key=${key}`);
      expect(status).toBe(200);
      const info = (body.data ?? body).api_info ?? body.api_info;
      expect(info.usage).toBe(usage);
    },
  );
});
