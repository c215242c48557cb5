// Bodies of the timetable family (prayer-time calendar, next, Hijri conversion) and
// the parts they add to /prayer-time (`hijri`, `extra`) and /qibla (`magnetic`).
import { serviceEnvelope, wrapped } from './calc-schemas.ts';
import { ref, type Schema } from './schemas.ts';
import {
  UMM_AL_QURA_FIRST_DAY,
  UMM_AL_QURA_FIRST_YEAR,
  UMM_AL_QURA_LAST_DAY,
  UMM_AL_QURA_LAST_YEAR,
  UMM_AL_QURA_YEARS,
} from './umm-al-qura-span.ts';

const PRAYERS = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
const NIGHT = ['imsak', 'sunset', 'midnight', 'firstThird', 'lastThird'] as const;
// The holidays of apps/calc/src/calendar/holiday-days.ts, in the order of the Hijri year.
const HOLIDAYS = [
  'Islamic New Year',
  'Ashura',
  'Mawlid an-Nabi',
  "Isra and Mi'raj",
  'First of Ramadan',
  'Laylat al-Qadr',
  'Eid al-Fitr',
  'Day of Arafah',
  'Eid al-Adha',
];
const ISO_DAY = '^\\d{4}-\\d{2}-\\d{2}$';

const names: Schema = {
  type: 'object',
  required: ['en', 'ar'],
  additionalProperties: false,
  properties: { en: { type: 'string' }, ar: { type: 'string' } },
};

const HijriDate: Schema = {
  type: 'object',
  description:
    `The Umm al-Qura date from the official month table (${UMM_AL_QURA_YEARS}), ` +
    `shifted by \`hijriAdjustment\`. \`calendar\` is the calendar's CLDR name.`,
  required: ['date', 'day', 'month', 'year', 'weekday', 'calendar', 'holidays'],
  additionalProperties: false,
  properties: {
    date: {
      type: 'string',
      pattern: ISO_DAY,
      description: 'YYYY-MM-DD in the Hijri calendar.',
      examples: ['1447-10-01'],
    },
    day: { type: 'integer', minimum: 1, maximum: 30 },
    month: {
      type: 'object',
      required: ['number', 'en', 'ar'],
      additionalProperties: false,
      properties: {
        number: { type: 'integer', minimum: 1, maximum: 12 },
        en: { type: 'string', examples: ['Shawwal'] },
        ar: { type: 'string' },
      },
    },
    year: { type: 'integer', minimum: UMM_AL_QURA_FIRST_YEAR, maximum: UMM_AL_QURA_LAST_YEAR },
    weekday: { ...names, description: 'Weekday of the Gregorian day (an adjustment does not change it).' },
    calendar: { const: 'islamic-umalqura' },
    holidays: {
      type: 'array',
      items: { enum: HOLIDAYS },
      description: 'Widely observed days falling on this date; usually empty.',
    },
  },
};

const MaybeHijri: Schema = {
  anyOf: [ref('HijriDate'), { type: 'null' }],
  description:
    `null outside the official Umm al-Qura table (before ${UMM_AL_QURA_FIRST_DAY} ` +
    `or after ${UMM_AL_QURA_LAST_DAY}); the day's \`note\` says so.`,
};

const NightTimes: Schema = {
  type: 'object',
  description:
    "`imsak` is `imsakMinutes` before Fajr; the night runs from sunset to the next morning's Fajr: " +
    '`midnight` is its middle, `firstThird` the end of its first third, `lastThird` the start of its ' +
    'last third. Null where a bound does not exist (polar day or night), with a sentence in `note`.',
  required: [...NIGHT],
  additionalProperties: false,
  properties: Object.fromEntries(NIGHT.map((name) => [name, ref('PrayerTime')])),
};

const times: Schema = {
  type: 'object',
  required: [...PRAYERS],
  additionalProperties: false,
  properties: Object.fromEntries(PRAYERS.map((prayer) => [prayer, ref('PrayerTime')])),
};

const rules: Record<string, Schema> = {
  lat: { type: 'number', minimum: -90, maximum: 90 },
  lon: { type: 'number', minimum: -180, maximum: 180 },
  method: { type: 'string', examples: ['karachi'] },
  school: { type: 'string', enum: ['shafi', 'hanafi'] },
  highLatitudeRule: { type: 'string' },
  polarResolution: { type: 'string' },
  place: ref('PlaceEcho'),
};

const PrayerDay: Schema = {
  type: 'object',
  required: ['date', 'hijri', 'times', 'extra'],
  additionalProperties: false,
  properties: {
    date: { type: 'string', format: 'date', description: 'The local day, YYYY-MM-DD.' },
    hijri: MaybeHijri,
    times,
    extra: ref('NightTimes'),
    note: { type: 'string', description: "This day's own note, present when a rule changed or removed a time." },
  },
};

function prayerFamily(name: string, properties: Record<string, Schema>, required: string[]): Record<string, Schema> {
  const result: Schema = {
    type: 'object',
    required: ['api_key', 'request', 'timezone', ...required],
    properties: {
      api_key: { type: 'string' },
      timezone: { type: 'string', examples: ['Asia/Karachi'] },
      ...properties,
    },
  };
  return {
    [`${name}Result`]: result,
    [`${name}Flat`]: { ...result, title: 'Flat layout', unevaluatedProperties: false },
    [`${name}Wrapped`]: wrapped({
      allOf: [ref(`${name}Result`)],
      required: ['timestamp', 'api_info', 'rateLimit'],
      properties: { timestamp: ref('Timestamp'), api_info: ref('ApiInfo'), rateLimit: ref('RateLimit') },
      unevaluatedProperties: false,
    }),
    [`${name}Response`]: { oneOf: [ref(`${name}Wrapped`), ref(`${name}Flat`)] },
  };
}

const calendarRequest: Schema = {
  type: 'object',
  required: ['lat', 'lon', 'method', 'school', 'hijriAdjustment', 'imsakMinutes'],
  properties: {
    ...rules,
    year: { type: 'integer', description: 'The Gregorian year asked for; absent for a Hijri period.' },
    month: { type: 'integer', minimum: 1, maximum: 12, description: 'Absent for a whole year.' },
    hijriYear: { type: 'integer', description: 'The Hijri year asked for; absent for a Gregorian period.' },
    hijriMonth: { type: 'integer', minimum: 1, maximum: 12, description: 'Absent for a whole Hijri year.' },
    hijriAdjustment: { type: 'integer' },
    imsakMinutes: { type: 'integer' },
  },
};

const calendarNote: Schema = {
  type: 'string',
  description:
    'Said once for the whole answer: which authority `method=auto` chose, and the dates ' +
    'left out of `days` because the zone skipped them when it moved across the date line.',
  examples: [
    '2011-12-30 is left out: it did not exist in Pacific/Apia, ' +
      'which skipped that day when it moved across the date line.',
  ],
};

const moment: Schema = {
  type: 'object',
  required: ['name', 'utc', 'local'],
  properties: {
    name: { enum: [...PRAYERS] },
    utc: { type: 'string', format: 'date-time' },
    local: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$' },
  },
};

const nextProperties: Record<string, Schema> = {
  note: {
    type: 'string',
    description: 'Present when `method=auto` chose the method: which authority, country and zone.',
  },
  request: {
    type: 'object',
    required: ['lat', 'lon', 'method', 'school', 'at'],
    properties: { ...rules, at: { type: 'string', format: 'date-time' } },
  },
  current: {
    ...moment,
    additionalProperties: false,
    description: "The time that began most recently (before Fajr: the previous day's Isha).",
  },
  next: {
    ...moment,
    required: [...(moment.required as string[]), 'secondsUntil'],
    additionalProperties: false,
    properties: { ...(moment.properties as Schema), secondsUntil: { type: 'integer', minimum: 1 } },
    description: "The time that begins next (after Isha: tomorrow's Fajr).",
  },
};

const HijriConversion: Schema = {
  type: 'object',
  required: ['gregorian', 'hijri', 'hijriAdjustment'],
  additionalProperties: false,
  properties: {
    gregorian: { type: 'string', format: 'date' },
    hijri: ref('HijriDate'),
    hijriAdjustment: { type: 'integer', minimum: -2, maximum: 2 },
  },
};

const MagneticBearing: Schema = {
  anyOf: [
    {
      type: 'object',
      required: ['declination', 'compass_bearing', 'model', 'date'],
      additionalProperties: false,
      properties: {
        declination: {
          type: 'number',
          description: 'Magnetic declination in degrees, east positive (World Magnetic Model).',
        },
        compass_bearing: {
          type: 'number',
          minimum: 0,
          exclusiveMaximum: 360,
          description: 'The true bearing minus the declination: what a magnetic compass should read.',
        },
        model: { type: 'string', examples: ['WMM2025'] },
        date: { type: 'string', format: 'date' },
      },
    },
    { type: 'null' },
  ],
  description:
    "null outside the bundled models' validity (2014-12-15 to 2029-11-13) or at a geographic pole; `note` says why.",
};

export const timetableSchemas: Record<string, Schema> = {
  HijriDate,
  NightTimes,
  PrayerDay,
  ...prayerFamily(
    'PrayerCalendar',
    { request: calendarRequest, note: calendarNote, days: { type: 'array', items: ref('PrayerDay') } },
    ['days'],
  ),
  ...prayerFamily('NextPrayer', nextProperties, ['current', 'next']),
  HijriConversion,
  HijriFlat: serviceEnvelope('Flat layout', 'hijri', 'HijriConversion', false),
  HijriWrapped: wrapped(serviceEnvelope('Hijri body', 'hijri', 'HijriConversion', true)),
  HijriResponse: { oneOf: [ref('HijriWrapped'), ref('HijriFlat')] },
  MagneticBearing,
};
