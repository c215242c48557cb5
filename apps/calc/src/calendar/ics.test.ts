import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { icsCalendar } from './ics.ts';

const NONE = { utc: null, local: null };
const times = {
  fajr: { utc: '2026-03-20T02:11:00.000Z', local: '2026-03-20T05:11:00' },
  sunrise: NONE,
  dhuhr: NONE,
  asr: NONE,
  maghrib: NONE,
  isha: NONE,
};

const vevents = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));

describe('icsCalendar', () => {
  const text = icsCalendar({
    rules: 'r',
    name: 'Prayer times at al-Masjid al-Haram — مكة المكرمة — a name long enough to need folding',
    timeZone: 'Asia/Riyadh',
    description: 'a\\b, c',
    days: [{ date: '2026-03-20', times }],
    now: new Date('2026-03-01T00:00:00Z'),
  });

  it('folds lines at 75 octets without splitting a character (RFC 5545 §3.1)', () => {
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).toContain('\r\n ');
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      'Prayer times at al-Masjid al-Haram — مكة المكرمة — a name long enough to need folding',
    );
  });

  it('escapes text values (RFC 5545 §3.3.11) and writes UTC date-times', () => {
    const event = vevents(text).find((candidate) => candidate.summary === 'Fajr')!;
    expect(event.description).toBe('Fajr at 05:11 on 2026-03-20 (Asia/Riyadh). a\\b, c');
    expect(text).toContain('DTSTART:20260320T021100Z\r\n');
    expect(text).toContain('DTSTAMP:20260301T000000Z\r\n');
  });
});

describe('icsCalendar day notes', () => {
  const feed = (note?: string) =>
    icsCalendar({
      rules: 'r',
      name: 'n',
      timeZone: 'Europe/Oslo',
      description: 'd',
      days: [{ date: '2026-06-21', times, ...(note === undefined ? {} : { note }) }],
      now: new Date('2026-03-01T00:00:00Z'),
    });

  it('names the missing prayers in an all-day event, with the note (escaped) as its description', () => {
    const [note, fajr] = vevents(feed('asr is null; the sun does not set, here.'));
    expect(note!.summary).toBe('No Dhuhr, Asr, Maghrib or Isha time today');
    expect(note!.startDate.isDate).toBe(true);
    expect(note!.startDate.toString()).toBe('2026-06-21');
    expect(note!.description).toBe('asr is null; the sun does not set, here.');
    expect(fajr!.description).toContain("See this day's note.");
  });

  it('says which prayers have no time even without a note', () => {
    expect(vevents(feed())[0]!.description).toBe('Dhuhr, Asr, Maghrib or Isha: no time on 2026-06-21 here.');
  });
});
