// calc routes from the endpoint table (packages/core/src/contract/openapi/endpoint-table.ts):
// every calc endpoint answers, nothing else does, and each JSON body's api_info.usage is
// the table's template (the iCalendar feed has no JSON body).
import { ENDPOINTS } from '@ira/core/contract/openapi/endpoint-table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { CALENDAR_ICS_PATH } from './calendar-ics.ts';

let calc: CalcHarness;
let key: string;
beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue({ calculation: 1_000 });
});
afterAll(() => calc.close());

const calculation = ENDPOINTS.filter((endpoint) => endpoint.service === 'calc');
const json = calculation.filter((endpoint) => endpoint.path !== CALENDAR_ICS_PATH);
const QUERIES: Record<string, string> = {
  '/api/v1/prayer-time/calendar': 'lat=21.42&lon=39.83&year=2026&month=3',
  '/api/v1/hijri': 'date=2026-03-20',
  '/api/v1/places': 'q=Mecca',
  '/api/v1/hijri/holidays': 'year=1448',
  '/api/v1/hijri/holidays/next': 'date=2026-03-20',
};

describe('calc and the endpoint table', () => {
  it("answers none of the edge's endpoints", async () => {
    for (const path of ['/api/v1/quran/surahs', '/api/v1/asma-ul-husna/1']) {
      expect((await calc.get(`${path}?api_key=${key}`)).status).toBe(404);
    }
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
