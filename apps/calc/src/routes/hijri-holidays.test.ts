// GET /api/v1/hijri/holidays and /hijri/holidays/next through HTTP. Expected Gregorian
// dates come from the second compilation of the Umm al-Qura month starts
// (fixtures/umm-al-qura-months.json), not from the table the code reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { readUmmAlQuraMonths } from '../test-support/umm-al-qura-months.ts';
import { ADJUSTMENT_ERROR } from './hijri.ts';
import {
  GREGORIAN_YEAR_ERROR,
  HOLIDAY_YEAR_ERROR,
  HOLIDAYS_NOTE,
  NEXT_DATE_ERROR,
  YEAR_ONE_OF_ERROR,
} from './hijri-holidays.ts';

const FIRST_DAYS = readUmmAlQuraMonths().firstDays;
const MS_PER_DAY = 86_400_000;
// [name, Hijri month, Hijri day] in the order of the Hijri year.
const HOLIDAYS: readonly [string, number, number][] = [
  ['Islamic New Year', 1, 1],
  ['Ashura', 1, 10],
  ['Mawlid an-Nabi', 3, 12],
  ["Isra and Mi'raj", 7, 27],
  ['First of Ramadan', 9, 1],
  ['Laylat al-Qadr', 9, 27],
  ['Eid al-Fitr', 10, 1],
  ['Day of Arafah', 12, 9],
  ['Eid al-Adha', 12, 10],
];

let calc: CalcHarness;
let key: string;
const get = (path: string) => calc.get(path, { headers: { 'X-API-Key': key } });
const data = async (path: string) => (await get(path)).body.data.data;

/** The Gregorian day of Hijri `year`-`month`-`day` from the month starts of the second compilation. */
function gregorian(year: number, month: number, day: number, shift = 0): string {
  const start = Date.parse(`${FIRST_DAYS[String(year)]![month - 1]}T00:00:00Z`);
  return new Date(start + (day - 1 - shift) * MS_PER_DAY).toISOString().slice(0, 10);
}

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

describe('GET /api/v1/hijri/holidays', () => {
  it('year=1448 lists the nine holidays in order, Eid al-Fitr on 1448-10-01 with its Gregorian date', async () => {
    const { status, body } = await get('/api/v1/hijri/holidays?year=1448');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ success: true, service: 'hijri', rateLimit: { category: 'calculation' } });
    const result = body.data.data;
    expect(result).toMatchObject({ year: 1448, hijriAdjustment: 0, calendar: 'islamic-umalqura', note: HOLIDAYS_NOTE });
    expect(result.holidays.map((holiday: { name: string }) => holiday.name)).toEqual(HOLIDAYS.map(([name]) => name));
    for (const [i, [name, month, day]] of HOLIDAYS.entries()) {
      const holiday = result.holidays[i];
      expect(holiday.date, name).toBe(gregorian(1448, month, day));
      expect(holiday.hijri.date, name).toBe(`1448-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
      expect(holiday.hijri.holidays, name).toEqual([name]);
      expect(holiday.about.length, name).toBeGreaterThan(20);
    }
    const eid = result.holidays.find((holiday: { id: string }) => holiday.id === 'eid-al-fitr');
    expect(eid).toMatchObject({ date: FIRST_DAYS['1448']![9], hijri: { date: '1448-10-01', day: 1, year: 1448 } });
  });

  it('gregorianYear=2027 lists the holidays falling in 2027, from two Hijri years, in date order', async () => {
    const result = await data('/api/v1/hijri/holidays?gregorianYear=2027');
    expect(result.gregorianYear).toBe(2027);
    const dates = result.holidays.map((holiday: { date: string }) => holiday.date);
    expect(dates.every((date: string) => date.startsWith('2027-'))).toBe(true);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(result.holidays.map((holiday: { hijri: { year: number } }) => holiday.hijri.year))).toEqual(
      new Set([1448, 1449]),
    );
    expect(dates).toContain(FIRST_DAYS['1448']![9]);
  });

  it('hijriAdjustment=-1 (the month seen a day late) puts every holiday a day later', async () => {
    const result = await data('/api/v1/hijri/holidays?year=1448&hijriAdjustment=-1');
    expect(result.holidays[6]).toMatchObject({ name: 'Eid al-Fitr', date: gregorian(1448, 10, 1, -1) });
  });

  it.each([
    ['neither year', '', YEAR_ONE_OF_ERROR],
    ['both years', 'year=1448&gregorianYear=2027', YEAR_ONE_OF_ERROR],
    ['year before the table', 'year=1355', HOLIDAY_YEAR_ERROR],
    ['year after the table', 'year=1501', HOLIDAY_YEAR_ERROR],
    ['year not a whole number', 'year=1448.5', HOLIDAY_YEAR_ERROR],
    ['gregorianYear outside the table', 'gregorianYear=2078', GREGORIAN_YEAR_ERROR],
    ['hijriAdjustment 3', 'year=1448&hijriAdjustment=3', ADJUSTMENT_ERROR],
  ])('%s → 400 naming the parameter', async (_label, query, message) => {
    const { status, body } = await get(`/api/v1/hijri/holidays?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, message });
  });
});

describe('GET /api/v1/hijri/holidays/next', () => {
  it('the day after Eid al-Adha 1448 gives the Islamic New Year 1449 and the days until it', async () => {
    const afterEid = gregorian(1448, 12, 11);
    const result = await data(`/api/v1/hijri/holidays/next?date=${afterEid}`);
    const newYear = FIRST_DAYS['1449']![0]!;
    expect(result).toMatchObject({ date: afterEid, hijriAdjustment: 0, note: HOLIDAYS_NOTE });
    expect(result.holiday).toMatchObject({ id: 'islamic-new-year', date: newYear, hijri: { date: '1449-01-01' } });
    expect(result.daysUntil).toBe((Date.parse(newYear) - Date.parse(afterEid)) / MS_PER_DAY);
  });

  it('on a holiday itself: that holiday, 0 days away', async () => {
    const result = await data(`/api/v1/hijri/holidays/next?date=${FIRST_DAYS['1448']![9]}`);
    expect(result.holiday.name).toBe('Eid al-Fitr');
    expect(result.daysUntil).toBe(0);
  });

  it('without date: from today (UTC)', async () => {
    const result = await data('/api/v1/hijri/holidays/next');
    expect(result.date).toBe(new Date().toISOString().slice(0, 10));
    expect(result.daysUntil).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['a date that does not exist', 'date=2027-02-30', NEXT_DATE_ERROR],
    ['a date before the table', 'date=1937-03-13', NEXT_DATE_ERROR],
    ['a date after the last holiday', 'date=2077-11-15', NEXT_DATE_ERROR],
    ['hijriAdjustment 3', 'hijriAdjustment=3', ADJUSTMENT_ERROR],
  ])('%s → 400 naming the parameter', async (_label, query, message) => {
    const { status, body } = await get(`/api/v1/hijri/holidays/next?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, message });
  });
});
