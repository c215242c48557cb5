// An iCalendar feed (RFC 5545) of prayer times: one VEVENT per prayer, times in UTC,
// UIDs that stay the same across refreshes so calendar apps update events in place. A day
// whose times carry a note (a prayer missing, or set by a high-latitude rule or the polar
// resolution) also gets an all-day event saying so: a missing event alone says nothing.
import { createHash } from 'node:crypto';
import type { PrayerName, TimeOfDay } from '../prayer/prayer-times.ts';

// Sunrise ends Fajr's time but is not a prayer, so it gets no event.
export const ICS_PRAYERS: readonly PrayerName[] = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'];
const PRAYER_TITLES: Record<PrayerName, string> = {
  fajr: 'Fajr',
  sunrise: 'Sunrise',
  dhuhr: 'Dhuhr',
  asr: 'Asr',
  maghrib: 'Maghrib',
  isha: 'Isha',
};
const PRODUCT_ID = '-//Islamic Reference API//Prayer times//EN';
const UID_DOMAIN = 'prayer-times.islamic-reference-api';
const UID_HASH_HEX_CHARS = 16;
// RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF + one space).
const MAX_LINE_OCTETS = 75;

export interface IcsDay {
  date: string;
  times: Record<PrayerName, TimeOfDay>;
  /** /prayer-time's `note` for the day, when a rule changed or removed a time. */
  note?: string;
}

export interface IcsFeed {
  /** Everything that shaped the times except the dates, e.g. `lat,lon,method,…`; it keys the UIDs. */
  rules: string;
  name: string;
  timeZone: string;
  description: string;
  days: readonly IcsDay[];
  now: Date;
}

/** RFC 5545 §3.3.11 TEXT escaping. */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

/** The octets of `code` in UTF-8 (a lone surrogate is written as U+FFFD: three). */
const utf8Octets = (code: number): number => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);

/** RFC 5545 §3.1 folding, never splitting a UTF-8 character (octets counted as it goes: one pass). */
function fold(line: string): string {
  if (line.length <= MAX_LINE_OCTETS && Buffer.byteLength(line) <= MAX_LINE_OCTETS) return line;
  const pieces: string[] = [];
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length;) {
    const code = line.codePointAt(i)!;
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + utf8Octets(code) > limit) {
      pieces.push(line.slice(start, i));
      start = i;
      octets = 0;
    }
    octets += utf8Octets(code);
    i += code > 0xffff ? 2 : 1;
  }
  pieces.push(line.slice(start));
  return pieces.join('\r\n ');
}

/** `20260320T021100Z` from an ISO instant. */
function icsUtc(iso: string): string {
  return `${iso.slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** What every event of the feed shares, made once: its stamp, UID tail and description tail. */
interface Shared {
  stamp: string;
  uidTail: string;
  descriptionTail: string;
}

const DAY_NOTE_POINTER = " See this day's note.";

function eventLines(shared: Shared, day: IcsDay, prayer: PrayerName): string[] {
  const { utc, local } = day.times[prayer];
  if (utc === null || local === null) return [];
  const title = PRAYER_TITLES[prayer];
  const pointer = day.note === undefined ? '' : escapeText(DAY_NOTE_POINTER);
  // The title, the time and the date hold nothing TEXT escapes (RFC 5545 §3.3.11).
  return [
    'BEGIN:VEVENT',
    fold(`UID:${day.date}-${prayer}-${shared.uidTail}`),
    shared.stamp,
    `DTSTART:${icsUtc(utc)}`,
    `SUMMARY:${title}`,
    fold(`DESCRIPTION:${title} at ${local.slice(11, 16)} on ${day.date}${shared.descriptionTail}${pointer}`),
    'TRANSP:TRANSPARENT',
    'CATEGORIES:Prayer',
    'END:VEVENT',
  ];
}

/** `Fajr, Asr or Isha`. */
function orList(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The day's all-day note (RFC 5545 §3.6.1: a DATE start and no end last the day), or nothing. */
function noteLines(shared: Shared, day: IcsDay): string[] {
  const missing = ICS_PRAYERS.filter((prayer) => day.times[prayer].utc === null).map((name) => PRAYER_TITLES[name]);
  if (day.note === undefined && missing.length === 0) return [];
  const summary = missing.length > 0 ? `No ${orList(missing)} time today` : "Note on today's prayer times";
  const description = day.note ?? `${orList(missing)}: no time on ${day.date} here.`;
  return [
    'BEGIN:VEVENT',
    fold(`UID:${day.date}-note-${shared.uidTail}`),
    shared.stamp,
    `DTSTART;VALUE=DATE:${day.date.replaceAll('-', '')}`,
    fold(`SUMMARY:${escapeText(summary)}`),
    fold(`DESCRIPTION:${escapeText(description)}`),
    'TRANSP:TRANSPARENT',
    'CATEGORIES:Prayer times note',
    'END:VEVENT',
  ];
}

export interface IcsWriter {
  /** Adds a day's events. */
  day(day: IcsDay): void;
  /** The feed's text with CRLF line ends, as RFC 5545 requires. */
  text(): string;
}

/** A feed written a day at a time, so a long one can be written in turns with its days' times. */
export function createIcsWriter(feed: Omit<IcsFeed, 'days'>): IcsWriter {
  const ruleHash = createHash('sha256').update(feed.rules).digest('hex').slice(0, UID_HASH_HEX_CHARS);
  const shared = {
    stamp: `DTSTAMP:${icsUtc(feed.now.toISOString())}`,
    uidTail: `${ruleHash}@${UID_DOMAIN}`,
    descriptionTail: escapeText(` (${feed.timeZone}). ${feed.description}`),
  };
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    fold(`X-WR-CALNAME:${escapeText(feed.name)}`),
    fold(`X-WR-TIMEZONE:${feed.timeZone}`),
    'REFRESH-INTERVAL;VALUE=DURATION:P1D',
    'X-PUBLISHED-TTL:P1D',
  ];
  return {
    day(day) {
      lines.push(...noteLines(shared, day));
      for (const prayer of ICS_PRAYERS) lines.push(...eventLines(shared, day, prayer));
    },
    text: () => `${[...lines, 'END:VCALENDAR'].join('\r\n')}\r\n`,
  };
}

/** The whole feed at once. */
export function icsCalendar(feed: IcsFeed): string {
  const writer = createIcsWriter(feed);
  for (const day of feed.days) writer.day(day);
  return writer.text();
}
