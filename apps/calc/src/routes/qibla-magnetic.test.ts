// `magnetic` on GET /api/v1/qibla and its `date` parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { QIBLA_DATE_ERROR } from './qibla.ts';

let calc: CalcHarness;
let key: string;
const qibla = (query: string) => calc.get(`/api/v1/qibla?${query}`, { headers: { 'X-API-Key': key } });

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

describe('magnetic on /api/v1/qibla', () => {
  it('gives the declination and the compass reading for the date', async () => {
    const { status, body } = await qibla('lat=51.5074&lon=-0.1278&date=2026-06-01');
    expect(status).toBe(200);
    const data = body.data.data;
    expect(data.magnetic).toMatchObject({ model: 'WMM2025', date: '2026-06-01' });
    // London's declination in 2026 is about 1° east (WMM2025 maps).
    expect(data.magnetic.declination).toBeGreaterThan(0.5);
    expect(data.magnetic.declination).toBeLessThan(2);
    expect(data.magnetic.compass_bearing).toBeCloseTo(data.compass_bearing - data.magnetic.declination, 2);
  });

  it('uses today (UTC) without date', async () => {
    const { body } = await qibla('lat=-33.8688&lon=151.2093');
    const today = new Date().toISOString().slice(0, 10);
    if (today <= '2029-11-13') expect(body.data.data.magnetic.date).toBe(today);
    else expect(body.data.data.magnetic).toBeNull();
  });

  it('is null with a note outside the model', async () => {
    const { body } = await qibla('lat=51.5074&lon=-0.1278&date=2030-06-01');
    expect(body.data.data.magnetic).toBeNull();
    expect(body.data.data.note).toMatch(/No World Magnetic Model bundled here covers 2030-06-01/);
  });

  it.each(['2026-02-30', '2026-6-1', 'today', '2026-06-01T00:00:00Z'])(
    '400 for date=%s naming the parameter',
    async (date) => {
      const { status, body } = await qibla(`lat=51.5074&lon=-0.1278&date=${date}`);
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, error: 'Bad Request', message: QIBLA_DATE_ERROR });
    },
  );
});
