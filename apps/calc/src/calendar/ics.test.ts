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
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.description).toBe('Fajr at 05:11 on 2026-03-20 (Asia/Riyadh). a\\b, c');
    expect(text).toContain('DTSTART:20260320T021100Z\r\n');
    expect(text).toContain('DTSTAMP:20260301T000000Z\r\n');
  });
});
