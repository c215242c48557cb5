// GET /api/v1/prayer-time/calendar.ics, read back with a maintained iCalendar
// parser (ical.js, Mozilla's) and compared event by event with /prayer-time.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { readUmmAlQuraMonths } from '../test-support/umm-al-qura-months.ts';
import { LONG_RUNS_AT_ONCE } from '../compute-turns.ts';
import { DAYS_PER_TURN } from '../prayer/prayer-day.ts';
import { fixturePlaces } from '../test-support/places.ts';
import { countTurns } from '../test-support/turns.ts';
import { createCalendarIcsRoute, DAYS_ERROR, ICS_ADJUSTMENT_ERROR, ICS_PERIOD_ERROR } from './calendar-ics.ts';
import { HIJRI_YEAR_ERROR } from './hijri-period.ts';

const MAKKAH = 'lat=21.4225&lon=39.8262';
const APIA = 'lat=-13.8333&lon=-171.7667';
const LONDON = 'lat=51.5074&lon=-0.1278';
const TROMSO = 'lat=69.6492&lon=18.9553';
const PRAYERS = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'];

let calc: CalcHarness;
let key: string;

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

async function feed(query: string) {
  const response = await fetch(`${calc.base}/api/v1/prayer-time/calendar.ics?${query}&api_key=${key}`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate,
      utc: event.startDate.toJSDate().toISOString(),
    };
  });
}

/** The prayers' events (a time each), without the days' all-day notes. */
const timed = (text: string) => events(text).filter((event) => !event.start.isDate);
const notes = (text: string) => events(text).filter((event) => event.start.isDate);

async function dayNote(query: string): Promise<string | undefined> {
  return (await calc.get(`/api/v1/prayer-time?${query}`, { headers: { 'X-API-Key': key } })).body.data.note;
}

async function prayerTimes(query: string) {
  return (await calc.get(`/api/v1/prayer-time?${query}`, { headers: { 'X-API-Key': key } })).body.data.times;
}

describe('GET /api/v1/prayer-time/calendar.ics', () => {
  it('is a text/calendar feed that ical.js parses, CRLF lines, key in the query', async () => {
    const { status, type, text } = await feed(`${MAKKAH}&date=2026-03-20&days=3`);
    expect(status).toBe(200);
    expect(type).toBe('text/calendar; charset=utf-8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Islamic Reference API//Prayer times//EN');
    expect(events(text)).toHaveLength(15);
  });

  it('has one event per prayer at exactly the /prayer-time instant, in UTC', async () => {
    const { text } = await feed(`${MAKKAH}&date=2026-03-20&days=2&method=makkah&school=hanafi`);
    const parsed = events(text);
    for (const [i, date] of ['2026-03-20', '2026-03-21'].entries()) {
      const times = await prayerTimes(`${MAKKAH}&date=${date}&method=makkah&school=hanafi`);
      PRAYERS.forEach((prayer, j) => {
        const event = parsed[i * PRAYERS.length + j]!;
        expect(event.summary.toLowerCase()).toBe(prayer);
        expect(event.start.zone?.tzid).toBe('UTC');
        expect(event.utc).toBe(times[prayer].utc);
        expect(event.uid).toMatch(new RegExp(`^${date}-${prayer}-[0-9a-f]{16}@`));
      });
    }
  });

  it('keeps UIDs stable across refreshes and overlapping windows, distinct across rules', async () => {
    const first = events((await feed(`${MAKKAH}&date=2026-03-20&days=2`)).text).map((e) => e.uid);
    const again = events((await feed(`${MAKKAH}&date=2026-03-21&days=1`)).text).map((e) => e.uid);
    expect(again).toEqual(first.slice(5));
    const hanafi = events((await feed(`${MAKKAH}&date=2026-03-21&days=1&school=hanafi`)).text).map((e) => e.uid);
    expect(hanafi.some((uid) => again.includes(uid))).toBe(false);
    expect(new Set(first).size).toBe(first.length);
  });

  it.each(['tune=fajr:5', 'fajrAngle=15', 'ishaInterval=100', 'timezone=Asia/Dubai', 'method=auto'])(
    'gives a feed with %s UIDs of its own, the same on every refresh',
    async (setting) => {
      const uids = async (query: string) =>
        events((await feed(`${MAKKAH}&date=2026-03-20&days=1${query}`)).text).map((e) => e.uid);
      const plain = await uids('');
      const custom = await uids(`&${setting}`);
      expect(custom.some((uid) => plain.includes(uid))).toBe(false);
      expect(await uids(`&${setting}`)).toEqual(custom);
    },
  );

  it('starts today at the location and defaults to 30 days', async () => {
    const parsed = events((await feed(MAKKAH)).text);
    expect(parsed).toHaveLength(150);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date());
    expect(parsed[0]!.uid.startsWith(`${today}-fajr-`)).toBe(true);
  });

  it("puts Apia's days on their local dates (east of the date line)", async () => {
    const parsed = events((await feed(`${APIA}&date=2026-07-01&days=1`)).text);
    const times = await prayerTimes(`${APIA}&date=2026-07-01`);
    expect(parsed.map((e) => e.utc)).toEqual(PRAYERS.map((p) => times[p].utc));
  });

  it('has no events for the day Apia skipped crossing the date line, and no duplicates', async () => {
    const parsed = events((await feed(`${APIA}&date=2011-12-29&days=3`)).text);
    const before = await prayerTimes(`${APIA}&date=2011-12-29`);
    const after = await prayerTimes(`${APIA}&date=2011-12-31`);
    expect(parsed.map((e) => e.utc)).toEqual([
      ...PRAYERS.map((p) => before[p].utc),
      ...PRAYERS.map((p) => after[p].utc),
    ]);
    expect(parsed.map((e) => e.uid.slice(0, 10))).toEqual([
      ...PRAYERS.map(() => '2011-12-29'),
      ...PRAYERS.map(() => '2011-12-31'),
    ]);
    expect(new Set(parsed.map((e) => e.utc)).size).toBe(10);
  });

  it('follows the clock change (London, 2026-03-29)', async () => {
    const parsed = events((await feed(`${LONDON}&date=2026-03-28&days=2`)).text);
    const saturday = await prayerTimes(`${LONDON}&date=2026-03-28`);
    const sunday = await prayerTimes(`${LONDON}&date=2026-03-29`);
    expect(parsed.map((e) => e.utc)).toEqual([
      ...PRAYERS.map((p) => saturday[p].utc),
      ...PRAYERS.map((p) => sunday[p].utc),
    ]);
  });

  it('leaves out times that do not exist, and says so in an all-day note (Tromsø, polar day, unresolved)', async () => {
    const query = `${TROMSO}&date=2026-06-21&polarResolution=unresolved`;
    const { text } = await feed(`${query}&days=1`);
    expect(timed(text).map((e) => e.summary)).toEqual(['Dhuhr']);
    const [note, ...others] = notes(text);
    expect(others).toEqual([]);
    expect(note!.summary).toBe('No Fajr, Asr, Maghrib or Isha time today');
    expect(note!.start.toString()).toBe('2026-06-21');
    expect(note!.uid).toMatch(/^2026-06-21-note-[0-9a-f]{16}@/);
    // /prayer-time's note for the day, without its sentences about times the feed has no events for (imsak).
    expect(await dayNote(query)).toContain(note!.description);
    expect(note!.description).toContain('asr is null');
  });

  it('notes the days whose times a high-latitude rule or polar resolution set (London in June, Tromsø)', async () => {
    const london = `${LONDON}&date=2026-06-21`;
    const { text } = await feed(`${london}&days=1`);
    expect(timed(text)).toHaveLength(5);
    const [note] = notes(text);
    expect(note!.summary).toBe("Note on today's prayer times");
    expect(note!.description).toBe(await dayNote(london));
    expect(note!.description).toContain('high-latitude rule');
    for (const event of timed(text)) expect(event.description).toContain("See this day's note.");
    const polar = notes((await feed(`${TROMSO}&date=2026-06-21&days=2`)).text);
    expect(polar.map((e) => e.start.toString())).toEqual(['2026-06-21', '2026-06-22']);
    expect(polar[0]!.description).toContain('polar day or night');
  });

  it('has no notes where every time comes straight from its rule (Makkah)', async () => {
    const { text } = await feed(`${MAKKAH}&date=2026-03-20&days=3`);
    expect(notes(text)).toEqual([]);
    for (const event of timed(text)) expect(event.description).not.toContain('note');
  });

  it.each(['days=0', 'days=367', 'days=1.5', 'days=x'])('400 for %s naming the parameter', async (query) => {
    const response = await fetch(`${calc.base}/api/v1/prayer-time/calendar.ics?${MAKKAH}&${query}&api_key=${key}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: DAYS_ERROR });
  });

  it('is compressed for clients that accept it (a year is ~0.7 MB of text)', async () => {
    const { request } = await import('node:http');
    const encoding = await new Promise<string | undefined>((resolve, reject) => {
      request(
        `${calc.base}/api/v1/prayer-time/calendar.ics?${MAKKAH}&days=60&api_key=${key}`,
        { headers: { 'Accept-Encoding': 'gzip' } },
        (res) => {
          res.resume();
          resolve(res.headers['content-encoding']);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(encoding).toBe('gzip');
  });

  it('counts once per feed against the calculation limit, then 429', async () => {
    const limited = await calc.issue({ calculation: 1 });
    const url = `${calc.base}/api/v1/prayer-time/calendar.ics?${MAKKAH}&days=366&api_key=${limited}`;
    expect((await fetch(url)).status).toBe(200);
    const second = await fetch(url);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  });

  it('401 without a key', async () => {
    expect((await fetch(`${calc.base}/api/v1/prayer-time/calendar.ics?${MAKKAH}`)).status).toBe(401);
  });
});

describe('GET /api/v1/prayer-time/calendar.ics by Hijri month', () => {
  const FIRST_DAYS = readUmmAlQuraMonths().firstDays;

  it('hijriYear=1448&hijriMonth=9 is Ramadan 1448: five events a day from 1 Ramadan to the eve of Eid', async () => {
    const { status, text } = await feed(`${MAKKAH}&method=makkah&hijriYear=1448&hijriMonth=9`);
    expect(status).toBe(200);
    const parsed = events(text);
    const first = FIRST_DAYS['1448']![8]!;
    const eid = FIRST_DAYS['1448']![9]!;
    const days = (Date.parse(eid) - Date.parse(first)) / 86_400_000;
    expect(parsed).toHaveLength(days * PRAYERS.length);
    const fajr = await prayerTimes(`${MAKKAH}&method=makkah&date=${first}`);
    expect(parsed[0]!.utc).toBe(new Date(fajr.fajr.utc).toISOString());
  });

  it('hijriAdjustment moves the month a day, as on the calendar', async () => {
    const shifted = events((await feed(`${MAKKAH}&hijriYear=1448&hijriMonth=9&hijriAdjustment=-1`)).text);
    const first = FIRST_DAYS['1448']![8]!;
    const dayAfter = new Date(Date.parse(`${first}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const fajr = await prayerTimes(`${MAKKAH}&date=${dayAfter}`);
    expect(shifted[0]!.utc).toBe(new Date(fajr.fajr.utc).toISOString());
  });

  it.each([
    ['date with hijriYear', '&date=2027-02-01&hijriYear=1448&hijriMonth=9', ICS_PERIOD_ERROR],
    ['days with hijriMonth', '&days=10&hijriYear=1448&hijriMonth=9', ICS_PERIOD_ERROR],
    ['hijriYear outside the table', '&hijriYear=1501&hijriMonth=9', HIJRI_YEAR_ERROR],
    ['hijriAdjustment without a Hijri month', '&hijriAdjustment=1', ICS_ADJUSTMENT_ERROR],
  ])('%s → 400 naming the parameters', async (_label, query, error) => {
    const { status, text } = await feed(`${MAKKAH}${query}`);
    expect(status).toBe(400);
    expect(JSON.parse(text)).toEqual({ error });
  });
});

describe('calendar.ics: long feeds among the long computations', () => {
  const route = createCalendarIcsRoute({ zoneAt: () => 'Asia/Riyadh', places: fixturePlaces() });
  /** The feed the route writes for `query`, from a bare context (what the route reads and sets). */
  async function write(query: Record<string, string>): Promise<string> {
    const ctx = { query, type: '', body: '' as unknown, set: () => {} };
    await route(ctx as never, async () => {});
    return ctx.body as string;
  }
  const makkah = { lat: '21.4225', lon: '39.8262', date: '2026-03-01' };

  it('writes a feed of one run (a month) at once, waiting for no turn', async () => {
    let turned = false;
    setImmediate(() => (turned = true));
    const text = await write({ ...makkah, days: String(DAYS_PER_TURN) });
    expect(turned, 'the event loop turned before the month was written').toBe(false);
    expect(timed(text)).toHaveLength(DAYS_PER_TURN * PRAYERS.length);
  });

  it(`has at most ${LONG_RUNS_AT_ONCE} year feeds under way at once; the others wait whole`, async () => {
    const monthsPerYear = Math.ceil(366 / DAYS_PER_TURN);
    const counter = countTurns();
    const finishedAt = await Promise.all(
      Array.from({ length: LONG_RUNS_AT_ONCE + 1 }, async () => {
        await write({ ...makkah, days: '366' });
        return counter.turns;
      }),
    );
    counter.stop();
    // The last one asked began only when a first one had ended.
    expect(finishedAt.at(-1)! - finishedAt[0]!).toBeGreaterThanOrEqual(monthsPerYear - 1);
  });
});
