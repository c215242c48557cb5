// A timetable computes its days in a run that shares work between them (solar days and
// their events found once, the next day's sunrise reused): every day of it must still be
// exactly what that day computed alone gives, across polar night and midnight sun.
import { describe, expect, it } from 'vitest';
import { calendarDate, type CalendarDate } from './calendar-date.ts';
import { computeDays, type DayOptions } from './prayer-day.ts';

const MAKKAH = { lat: 21.4225, lon: 39.8262, timeZone: 'Asia/Riyadh' };
const POLAR = { aqrabbalad: 'aqrabbalad', unresolved: 'unresolved' } as const;

function options(method: DayOptions['method'], polarResolution: DayOptions['polarResolution']): DayOptions {
  return { method, school: 'shafi', highLatitudeRule: 'middleofthenight', polarResolution, hijriAdjustment: 0, imsakMinutes: 10 };
}

function dayAlone(lat: number, lon: number, timeZone: string, rules: DayOptions, date: CalendarDate) {
  return computeDays(lat, lon, timeZone, rules, date, 1).days[0];
}

describe('computeDays over a whole year', () => {
  const places = [
    { name: 'Tromsø', lat: 69.6496, lon: 18.956, timeZone: 'Europe/Oslo' },
    { name: 'Longyearbyen', lat: 78.2232, lon: 15.6267, timeZone: 'Arctic/Longyearbyen' },
  ];
  for (const place of places) {
    // isna keeps Maghrib at sunset; tehran's Maghrib is an angle, so its sunset is a second computation.
    for (const [method, polar] of [['isna', POLAR.aqrabbalad], ['tehran', POLAR.aqrabbalad], ['isna', POLAR.unresolved]] as const) {
      it(`${place.name}, ${method}, ${polar}: every day equals the day computed alone`, () => {
        const rules = options(method, polar);
        const { days } = computeDays(place.lat, place.lon, place.timeZone, rules, calendarDate(2026, 1, 1)!, 365);
        expect(days).toHaveLength(365);
        // Alone, backwards, with another place's day in between: nothing the run kept can stand in.
        for (const day of [...days].reverse()) {
          const [year, month, date] = day.date.split('-').map(Number);
          const alone = dayAlone(place.lat, place.lon, place.timeZone, rules, calendarDate(year!, month!, date!)!);
          dayAlone(MAKKAH.lat, MAKKAH.lon, MAKKAH.timeZone, rules, calendarDate(year!, month!, date!)!);
          expect(day, day.date).toEqual(alone);
        }
        // The year crosses polar night and midnight sun: the notes that say so are still there.
        expect(days.some((day) => day.note?.includes('polar day or night'))).toBe(true);
      });
    }
  }
});
