// The timetable family on the calc service: a month or year of days, the next
// prayer, an iCalendar feed, and Hijri date conversion (portal guide "Calendars,
// Hijri dates and the next prayer").
import { errorResponse, keyedGet, queryParam, responseRef } from './operation.ts';
import { hijriDaySchema, instantSchema, isoDaySchema } from './param-schemas.ts';
import { prayerTimeParameters } from './service-paths.ts';
import type { Schema } from './schemas.ts';
import { UMM_AL_QURA_SPAN } from './umm-al-qura-span.ts';

const BASE = '/api/v1';
const withoutDate = prayerTimeParameters.filter((parameter) => parameter.name !== 'date');
// A Hijri month or year instead of Gregorian days (apps/calc/src/routes/hijri-period.ts).
const hijriPeriodParameters: Schema[] = [
  queryParam(
    'hijriYear',
    { type: 'integer', minimum: 1356, maximum: 1500, examples: [1448] },
    `Hijri year (${UMM_AL_QURA_SPAN}): the days of its month \`hijriMonth\`, or of the whole year. ` +
      'Not with `year`/`month` (or, on the feed, `date`/`days`).',
  ),
  queryParam(
    'hijriMonth',
    { type: 'integer', minimum: 1, maximum: 12, examples: [9] },
    'Hijri month 1 to 12 (9 is Ramadan) with `hijriYear`; leave it out for the whole Hijri year.',
  ),
];

const prayerTimeError = (what: string): Record<string, Schema> => ({
  '400': errorResponse(
    'PrayerTimeError',
    `\`{ "error": "<sentence>" }\` naming the parameter, as /prayer-time: ${what}`,
  ),
  '404': errorResponse('PrayerTimeError', '`place` not in the gazetteer, or no place matches `city`.'),
});

export const timetablePaths: Record<string, Schema> = {
  [`${BASE}/prayer-time/calendar`]: keyedGet({
    operationId: 'getPrayerCalendar',
    tag: 'Prayer times',
    category: 'calculation',
    service: 'calc',
    body: 'PrayerCalendarResponse',
    summary: 'A month or a year of prayer times, Gregorian or Hijri (the Ramadan timetable)',
    description:
      "Every day of `month` (or of the whole `year`) in the location's time zone, or of the Umm al-Qura month " +
      '`hijriMonth` of `hijriYear` (or the whole Hijri year; `hijriMonth=9` is Ramadan, with `extra.imsak`). ' +
      "`days[]` with `date`, `hijri`, `times`, `extra` and, when a rule applied, the day's own `note`. A day the " +
      'zone skipped crossing the date line (Pacific/Apia 2011-12-30) is left out and the top-level `note` names ' +
      'it. One request counts once against the `calculation` limit. Same parameters as /prayer-time except `date`.',
    usage: 'GET /api/v1/prayer-time/calendar?lat=LAT&lon=LON&year=YYYY&month=M&api_key=YOUR_API_KEY',
    parameters: [
      ...withoutDate,
      // year or hijriYear is needed; the portal's example request sends year.
      {
        ...queryParam(
          'year',
          { type: 'integer', minimum: 1000, maximum: 9999, examples: [2026] },
          'Gregorian year; required unless `hijriYear` is sent.',
        ),
        'x-example': true,
      },
      queryParam(
        'month',
        { type: 'integer', minimum: 1, maximum: 12, examples: [3] },
        '1 to 12; leave it out for all days of the year.',
      ),
      ...hijriPeriodParameters,
    ],
    errors: prayerTimeError(
      '`year` missing or outside 1000-9999, `month` outside 1-12, a Hijri month and a Gregorian one together, ' +
        '`hijriYear` outside the table or `hijriMonth` outside 1-12, and every /prayer-time parameter.',
    ),
  }),
  [`${BASE}/prayer-time/next`]: keyedGet({
    operationId: 'getNextPrayer',
    tag: 'Prayer times',
    category: 'calculation',
    service: 'calc',
    body: 'NextPrayerResponse',
    summary: 'The current and the next prayer time',
    description:
      "`current` is the time that began most recently (before Fajr: the previous day's Isha) " +
      "and `next` the one to come (after Isha: tomorrow's Fajr), with `secondsUntil`. Sunrise " +
      'counts as a time. Right across midnight, clock changes and the date line, including a ' +
      'day the zone skipped (the night before it runs on to the next day that existed).',
    usage: 'GET /api/v1/prayer-time/next?lat=LAT&lon=LON&at=2026-03-20T18:30:00Z&api_key=YOUR_API_KEY',
    parameters: [
      ...withoutDate.filter((parameter) => parameter.name !== 'hijriAdjustment' && parameter.name !== 'imsakMinutes'),
      queryParam('at', instantSchema, 'The instant, ISO 8601 with `Z` or an offset. Default: now.'),
    ],
    errors: prayerTimeError('`at` without an offset or not a real date-time, and every /prayer-time parameter.'),
  }),
  [`${BASE}/prayer-time/calendar.ics`]: {
    get: {
      operationId: 'getPrayerCalendarFeed',
      tags: ['Prayer times'],
      summary: "An iCalendar feed of the coming days' prayers, or of a Hijri month's",
      description:
        'RFC 5545 `text/calendar` to subscribe to, for `days` from `date` or for a Hijri month (`hijriYear`, ' +
        '`hijriMonth`, `hijriAdjustment`; Ramadan is `hijriMonth=9`): one event per prayer (no sunrise) at ' +
        "/prayer-time's UTC times, UIDs stable across refreshes and distinct between settings; none on a day the " +
        'zone skipped. A day whose times carry a `note` (a prayer missing, or set by a high-latitude or polar rule) ' +
        'gets an all-day event with it. ' +
        'Calendar apps cannot send headers: pass the key as `api_key`.',
      'x-rate-limit-category': 'calculation',
      'x-service': 'calc',
      'x-usage': 'GET /api/v1/prayer-time/calendar.ics?lat=LAT&lon=LON&days=30&api_key=YOUR_API_KEY',
      parameters: [
        ...prayerTimeParameters
          .filter((parameter) => parameter.name !== 'hijriAdjustment' && parameter.name !== 'imsakMinutes')
          .map((parameter) =>
            parameter.name === 'date'
              ? {
                  ...parameter,
                  description: "First day of the feed (`YYYY-MM-DD`). Default: today in the location's time zone.",
                }
              : parameter,
          ),
        queryParam(
          'days',
          { type: 'integer', minimum: 1, maximum: 366, default: 30 },
          'How many days the feed covers.',
        ),
        ...hijriPeriodParameters,
        queryParam(
          'hijriAdjustment',
          { type: 'integer', minimum: -2, maximum: 2, default: 0 },
          'Days the Hijri month is shifted by for a local moon sighting; only with `hijriYear`.',
        ),
      ],
      responses: {
        '200': {
          description: 'The feed.',
          headers: {
            'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
            'Cache-Control': { $ref: '#/components/headers/PrivateNoStore' },
            RateLimit: { $ref: '#/components/headers/RateLimit' },
          },
          content: { 'text/calendar': { schema: { type: 'string', contentMediaType: 'text/calendar' } } },
        },
        ...prayerTimeError(
          '`days` outside 1-366, `date`/`days` with a Hijri month, `hijriYear`/`hijriMonth` out of range, ' +
            '`hijriAdjustment` without `hijriYear`, and every /prayer-time parameter.',
        ),
        '401': responseRef('Unauthorized'),
        '429': responseRef('TooManyRequests'),
      },
    },
  },
  [`${BASE}/hijri`]: keyedGet({
    operationId: 'convertHijri',
    tag: 'Hijri calendar',
    category: 'calculation',
    service: 'calc',
    body: 'HijriResponse',
    summary: 'Gregorian ↔ Umm al-Qura dates',
    description:
      `Send \`date\` (Gregorian → Hijri) or \`hijri\` (Hijri → Gregorian), not both. The Umm al-Qura ` +
      `calendar of Saudi Arabia, read from the official month table (R.H. van Gent's, checked month by ` +
      `month against a second compilation), ${UMM_AL_QURA_SPAN}; outside that span a 400. Layout as /qibla.`,
    usage: 'GET /api/v1/hijri?date=YYYY-MM-DD&api_key=YOUR_API_KEY',
    parameters: [
      // One of date or hijri is needed; the portal's example request sends date.
      {
        ...queryParam(
          'date',
          { ...isoDaySchema, examples: ['2026-03-20'] },
          'A Gregorian date to convert, YYYY-MM-DD.',
        ),
        'x-example': true,
      },
      queryParam(
        'hijri',
        hijriDaySchema,
        'An Umm al-Qura date to convert, YYYY-MM-DD; it must exist (day 30 only in 30-day months).',
      ),
      queryParam(
        'hijriAdjustment',
        { type: 'integer', minimum: -2, maximum: 2, default: 0 },
        'Days added to the Hijri side, for a local moon sighting.',
      ),
    ],
    errors: {
      '400': errorResponse(
        'BadRequest',
        `Neither or both of \`date\` and \`hijri\`, a date that does not exist, a date outside ` +
          `${UMM_AL_QURA_SPAN}, or a bad \`hijriAdjustment\`; \`message\` names the parameter.`,
      ),
    },
  }),
};
