// The Hijri holidays on the calc service: a year's list and the next one (portal guide
// "Calendars, Hijri dates and the next prayer").
import { errorResponse, keyedGet, queryParam } from './operation.ts';
import { isoDaySchema } from './param-schemas.ts';
import type { Schema } from './schemas.ts';
import { UMM_AL_QURA_FIRST_YEAR, UMM_AL_QURA_LAST_YEAR, UMM_AL_QURA_SPAN } from './umm-al-qura-span.ts';

const BASE = '/api/v1';
const adjustment = queryParam(
  'hijriAdjustment',
  { type: 'integer', minimum: -2, maximum: 2, default: 0 },
  'Days every date is shifted by, for a local moon sighting (as on /hijri).',
);
const SIGHTING =
  'Dates follow the Umm al-Qura calendar; where a month begins with a local moon sighting a holiday may fall a day ' +
  'or two earlier or later (`hijriAdjustment`).';

export const holidayPaths: Record<string, Schema> = {
  [`${BASE}/hijri/holidays`]: keyedGet({
    operationId: 'listHijriHolidays',
    tag: 'Hijri calendar',
    category: 'calculation',
    service: 'calc',
    body: 'HijriHolidaysResponse',
    summary: "A year's Islamic holidays with their Hijri and Gregorian dates",
    description:
      'Nine holidays (1 and 10 Muharram, 12 Rabi al-Awwal, 27 Rajab, 1 and 27 Ramadan, 1 Shawwal, 9 and 10 ' +
      'Dhu al-Hijjah), each with `id`, `name`, `about`, its Gregorian `date` and its `hijri` date, in order. ' +
      `Send \`year\` (Hijri, ${UMM_AL_QURA_SPAN}) or \`gregorianYear\`, ` +
      `not both. ${SIGHTING} Layout as /hijri.`,
    usage: 'GET /api/v1/hijri/holidays?year=1448&api_key=YOUR_API_KEY',
    parameters: [
      {
        ...queryParam(
          'year',
          { type: 'integer', minimum: UMM_AL_QURA_FIRST_YEAR, maximum: UMM_AL_QURA_LAST_YEAR, examples: [1448] },
          'A Hijri year.',
        ),
        'x-example': true,
      },
      queryParam(
        'gregorianYear',
        { type: 'integer', minimum: 1937, maximum: 2077, examples: [2027] },
        'A Gregorian year instead: the holidays whose Gregorian date falls in it.',
      ),
      adjustment,
    ],
    errors: {
      '400': errorResponse(
        'BadRequest',
        'Neither or both of `year` and `gregorianYear`, a year outside the table, or a bad `hijriAdjustment`; ' +
          '`message` names the parameter.',
      ),
    },
  }),
  [`${BASE}/hijri/holidays/next`]: keyedGet({
    operationId: 'getNextHijriHoliday',
    tag: 'Hijri calendar',
    category: 'calculation',
    service: 'calc',
    body: 'NextHijriHolidayResponse',
    summary: 'The next Islamic holiday and the days until it',
    description:
      'The first holiday (as in /hijri/holidays) on or after `date`, with `daysUntil` (0 on the day itself). ' +
      `${SIGHTING} Layout as /hijri.`,
    usage: 'GET /api/v1/hijri/holidays/next?date=YYYY-MM-DD&api_key=YOUR_API_KEY',
    parameters: [
      queryParam(
        'date',
        { ...isoDaySchema, examples: ['2027-05-17'] },
        'A Gregorian date, YYYY-MM-DD. Default: today (UTC).',
      ),
      adjustment,
    ],
    errors: {
      '400': errorResponse(
        'BadRequest',
        `A date that does not exist or is outside ${UMM_AL_QURA_SPAN} (or after its last holiday), ` +
          'or a bad `hijriAdjustment`; `message` names the parameter.',
      ),
    },
  }),
};
