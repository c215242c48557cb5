// The bodies of /hijri/holidays and /hijri/holidays/next (holiday-paths.ts).
import { serviceEnvelope, wrapped } from './calc-schemas.ts';
import { ref, type Schema } from './schemas.ts';

const Holiday: Schema = {
  type: 'object',
  required: ['id', 'name', 'ar', 'about', 'date', 'hijri'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', examples: ['eid-al-fitr'] },
    name: { type: 'string', examples: ['Eid al-Fitr'] },
    ar: { type: 'string' },
    about: { type: 'string', description: 'What the day is, in a sentence.' },
    date: { type: 'string', format: 'date', description: 'The Gregorian day it falls on.' },
    hijri: ref('HijriDate'),
  },
};

const common: Record<string, Schema> = {
  hijriAdjustment: { type: 'integer', minimum: -2, maximum: 2 },
  calendar: { const: 'islamic-umalqura' },
  note: { type: 'string', description: 'That the dates are the Umm al-Qura table’s, not a local sighting’s.' },
};

const HijriHolidays: Schema = {
  type: 'object',
  required: ['hijriAdjustment', 'calendar', 'note', 'holidays'],
  additionalProperties: false,
  properties: {
    year: { type: 'integer', description: 'The Hijri year asked for.' },
    gregorianYear: { type: 'integer', description: 'The Gregorian year asked for.' },
    ...common,
    holidays: { type: 'array', items: ref('Holiday') },
  },
};

const NextHijriHoliday: Schema = {
  type: 'object',
  required: ['date', 'hijriAdjustment', 'calendar', 'note', 'holiday', 'daysUntil'],
  additionalProperties: false,
  properties: {
    date: { type: 'string', format: 'date', description: 'The day counted from.' },
    ...common,
    holiday: ref('Holiday'),
    daysUntil: { type: 'integer', minimum: 0 },
  },
};

export const holidaySchemas: Record<string, Schema> = {
  Holiday,
  HijriHolidays,
  HijriHolidaysFlat: serviceEnvelope('Flat layout', 'hijri', 'HijriHolidays', false),
  HijriHolidaysWrapped: wrapped(serviceEnvelope('Hijri holidays body', 'hijri', 'HijriHolidays', true)),
  HijriHolidaysResponse: { oneOf: [ref('HijriHolidaysWrapped'), ref('HijriHolidaysFlat')] },
  NextHijriHoliday,
  NextHijriHolidayFlat: serviceEnvelope('Flat layout', 'hijri', 'NextHijriHoliday', false),
  NextHijriHolidayWrapped: wrapped(serviceEnvelope('Next Hijri holiday body', 'hijri', 'NextHijriHoliday', true)),
  NextHijriHolidayResponse: { oneOf: [ref('NextHijriHolidayWrapped'), ref('NextHijriHolidayFlat')] },
};
