// GET /api/v1/hijri through HTTP: both directions, the adjustment, the 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { readUmmAlQuraMonths, ummAlQuraMonthStarts } from '../test-support/umm-al-qura-months.ts';
import { ADJUSTMENT_ERROR, GREGORIAN_ERROR, HIJRI_ERROR, ONE_OF_ERROR } from './hijri.ts';

// Through HTTP, the years at and beyond the edges of the span where ICU's calendar agrees
// with the official one (1420-1450 AH); every month is checked in calendar/hijri.test.ts.
const EDGE_YEARS = ['1356', '1419', '1420', '1446', '1447', '1448', '1450', '1451', '1452', '1500'];
const edgeMonths = ummAlQuraMonthStarts(readUmmAlQuraMonths(), EDGE_YEARS);

let calc: CalcHarness;
let key: string;
const get = (query: string) => calc.get(`/api/v1/hijri?${query}`, { headers: { 'X-API-Key': key } });

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

describe('GET /api/v1/hijri', () => {
  it('converts a Gregorian date, in the wrapped layout with rateLimit', async () => {
    const { status, body } = await get('date=2026-05-27');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['status', 'ok', 'url', 'data']);
    expect(body.data).toMatchObject({ success: true, service: 'hijri', rateLimit: { category: 'calculation' } });
    expect(body.data.data).toEqual({
      gregorian: '2026-05-27',
      hijri: {
        date: '1447-12-10',
        day: 10,
        month: { number: 12, en: 'Dhu al-Hijjah', ar: 'ذُو الحِجَّة' },
        year: 1447,
        weekday: { en: 'Wednesday', ar: 'الأربعاء' },
        calendar: 'islamic-umalqura',
        holidays: ['Eid al-Adha'],
      },
      hijriAdjustment: 0,
    });
  });

  it.each(edgeMonths)('official table: %s AH ↔ %s both ways', async (hijri, gregorian) => {
    expect((await get(`hijri=${hijri}`)).body.data.data.gregorian).toBe(gregorian);
    expect((await get(`date=${gregorian}`)).body.data.data.hijri.date).toBe(hijri);
  });

  it.each([
    ['1452-01-01', '2030-05-03', 'Islamic New Year'],
    ['1419-10-01', '1999-01-18', 'Eid al-Fitr'],
    ['1453-09-01', '2031-12-15', 'First of Ramadan'],
  ])('puts %s AH on %s (%s), as the official table does', async (hijri, gregorian, holiday) => {
    expect((await get(`hijri=${hijri}`)).body.data.data).toMatchObject({ gregorian, hijri: { holidays: [holiday] } });
    expect((await get(`date=${gregorian}`)).body.data.data.hijri).toMatchObject({ date: hijri, holidays: [holiday] });
  });

  it('applies hijriAdjustment in both directions', async () => {
    expect((await get('date=2026-02-17&hijriAdjustment=1')).body.data.data.hijri.date).toBe('1447-09-01');
    expect((await get('hijri=1447-09-01&hijriAdjustment=1')).body.data.data.gregorian).toBe('2026-02-17');
  });

  it('accepts the last day of a 30-day month', async () => {
    expect((await get('hijri=1447-01-30')).body.data.data.gregorian).toBe('2025-07-25');
  });

  it.each([
    ['no parameter', '', ONE_OF_ERROR],
    ['both parameters', 'date=2026-01-01&hijri=1447-01-01', ONE_OF_ERROR],
    ['month 13', 'hijri=1447-13-01', HIJRI_ERROR],
    ['day 30 of a 29-day month (Safar 1447)', 'hijri=1447-02-30', HIJRI_ERROR],
    ['day 0', 'hijri=1447-01-00', HIJRI_ERROR],
    ['before the tables', 'hijri=1355-12-29', HIJRI_ERROR],
    ['after the tables', 'hijri=1501-01-01', HIJRI_ERROR],
    ['a Hijri date not as YYYY-MM-DD', 'hijri=1447-9-1', HIJRI_ERROR],
    ['a Gregorian date that does not exist', 'date=2026-02-29', GREGORIAN_ERROR],
    ['a Gregorian date before the tables', 'date=1937-03-13', GREGORIAN_ERROR],
    ['a Gregorian date after the tables', 'date=2077-11-17', GREGORIAN_ERROR],
    ['a date-time', 'date=2026-01-01T00:00:00Z', GREGORIAN_ERROR],
    ['an adjustment of 3', 'date=2026-01-01&hijriAdjustment=3', ADJUSTMENT_ERROR],
  ])('400 for %s, naming the parameter', async (_name, query, message) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'Bad Request', message });
  });

  it('needs a key', async () => {
    expect((await calc.get('/api/v1/hijri?date=2026-01-01')).status).toBe(401);
  });
});

describe('GET /api/v1/hijri, flat layout', () => {
  it('is the envelope without rateLimit, like Qibla', async () => {
    const flat = await startCalc({ env: { RESPONSE_LAYOUT: 'flat' } });
    try {
      const flatKey = await flat.issue();
      const { body } = await flat.get(`/api/v1/hijri?date=2026-03-20&api_key=${flatKey}`);
      expect(Object.keys(body)).toEqual(['success', 'service', 'data', 'timestamp', 'api_info']);
      expect(body.data.hijri.holidays).toEqual(['Eid al-Fitr']);
    } finally {
      await flat.close();
    }
  });
});
