// Schemas of the query values the calc endpoints share, as strict as the server's parser
// (@ira/core/contract/params, apps/calc/src/calendar/calendar-date.ts): a month is 01–12 and a
// day 01–31 (a Hijri day 01–30), so a generated client refuses month 13 or 90 before sending it.
const YEAR = '\\d{4}';
const MONTH = '(0[1-9]|1[0-2])';
const DAY = '(0[1-9]|[12]\\d|3[01])';
const TIME = '([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,9})?)?';
const OFFSET = '(Z|[+-]([01]\\d|2[0-3]):?[0-5]\\d)';
/** The names `tune` takes, in the day's order (apps/calc/src/prayer/tune.ts). */
const TUNE_NAME = '(fajr|sunrise|dhuhr|asr|maghrib|isha)';
const TUNE_MINUTES = '[-+]?([0-5]?\\d|60)';

/** A Gregorian `YYYY-MM-DD` (whether the day exists in its month, e.g. 02-30, is the server's to say). */
export const isoDaySchema = { type: 'string', format: 'date', pattern: `^${YEAR}-${MONTH}-${DAY}$` };

/** `date` of /prayer-time: a day, or a date-time whose offset (if any) places it. */
export const dateOrDateTimeSchema = {
  type: 'string',
  pattern: `^${YEAR}-${MONTH}-${DAY}(T${TIME}${OFFSET}?)?$`,
  examples: ['2025-03-01', '2025-03-01T12:00:00Z'],
};

/** An instant: a date-time with `Z` or an offset. */
export const instantSchema = {
  type: 'string',
  format: 'date-time',
  pattern: `^${YEAR}-${MONTH}-${DAY}T${TIME}${OFFSET}$`,
  examples: ['2026-03-20T18:30:00Z'],
};

/** An Umm al-Qura `YYYY-MM-DD`: months 01–12, days 01–30. */
export const hijriDaySchema = {
  type: 'string',
  pattern: `^${YEAR}-${MONTH}-(0[1-9]|[12]\\d|30)$`,
  examples: ['1447-09-01'],
};

/** An IANA zone name (the server checks it against the zones Intl knows); bare offsets do not match. */
export const timeZoneSchema = {
  type: 'string',
  pattern: '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$',
  examples: ['Europe/London', 'America/New_York', 'Asia/Dhaka', 'UTC'],
};

/** `tune=fajr:2,dhuhr:1,isha:-3`: the real names, whole minutes −60…60. */
export const tuneSchema = {
  type: 'string',
  pattern: `^${TUNE_NAME}:${TUNE_MINUTES}(,${TUNE_NAME}:${TUNE_MINUTES})*$`,
  examples: ['fajr:2,dhuhr:1,isha:-3'],
};
