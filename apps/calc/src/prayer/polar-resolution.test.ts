// The polar resolutions give adhan's own answers (for every method but the Moonsighting
// Committee, whose seasonal bounds follow the day or latitude found), without its searches.
import { CalculationMethod, Coordinates, PolarCircleResolution, PrayerTimes, type CalculationParameters } from 'adhan';
import { describe, expect, it, vi } from 'vitest';
import { addDays, adhanDate, calendarDate } from '../calendar/calendar-date.ts';
import { polarInstants } from './polar-resolution.ts';

const constructed = vi.hoisted(() => ({ count: 0 }));
vi.mock(import('adhan'), async (importOriginal) => {
  const adhan = await importOriginal();
  class CountedPrayerTimes extends adhan.PrayerTimes {
    constructor(...args: ConstructorParameters<typeof adhan.PrayerTimes>) {
      super(...args);
      constructed.count += 1;
    }
  }
  return { ...adhan, PrayerTimes: CountedPrayerTimes };
});

const PLACES = [
  [90, 0],
  [89.9, 0],
  [78.2232, 15.6267],
  [69.6492, 18.9553],
  [66.5, -150],
  [-77.846, 166.676],
  [-89.9, -179.9],
  [-90, 45],
] as const;
const METHODS = { mwl: CalculationMethod.MuslimWorldLeague, tehran: CalculationMethod.Tehran };
const RESOLUTIONS = [PolarCircleResolution.AqrabYaum, PolarCircleResolution.AqrabBalad] as const;
const FIRST = calendarDate(2026, 1, 1)!;
// Every fifth day of the year at each place (73 days).
const DAYS = Array.from({ length: 73 }, (_, i) => addDays(FIRST, i * 5));

function params(method: keyof typeof METHODS, resolution: string): CalculationParameters {
  const chosen = METHODS[method]();
  chosen.polarCircleResolution = resolution as CalculationParameters['polarCircleResolution'];
  return chosen;
}

const times = (instants: Record<string, Date>) =>
  Object.fromEntries(Object.entries(instants).map(([name, date]) => [name, date.getTime()]));

describe('polarInstants', () => {
  it.each(PLACES.flatMap((place) => RESOLUTIONS.map((resolution) => [place, resolution] as const)))(
    'matches adhan at %j with %s',
    ([latitude, longitude], resolution) => {
      for (const method of ['mwl', 'tehran'] as const) {
        for (const day of DAYS) {
          const chosen = params(method, resolution);
          const adhan = new PrayerTimes(new Coordinates(latitude, longitude), adhanDate(day), chosen);
          const own = polarInstants({ latitude, longitude }, day, chosen);
          const { fajr, sunrise, dhuhr, asr, maghrib, isha } = adhan;
          expect(times(own), `${method} ${day.iso}`).toEqual(times({ fajr, sunrise, dhuhr, asr, maghrib, isha }));
        }
      }
    },
  );

  it('takes the Moonsighting Committee times of the nearest usable day whole (aqrabyaum)', () => {
    const place = { latitude: 78.2232, longitude: 15.6267 };
    const coordinates = new Coordinates(place.latitude, place.longitude);
    const day = calendarDate(2026, 12, 21)!;
    const msc = CalculationMethod.MoonsightingCommittee();
    msc.polarCircleResolution = PolarCircleResolution.AqrabYaum;
    const plain = params('mwl', PolarCircleResolution.Unresolved);
    const sunUp = (other: typeof day) => {
      const found = new PrayerTimes(coordinates, adhanDate(other), plain);
      return !Number.isNaN(found.sunrise.getTime()) && !Number.isNaN(found.sunset.getTime());
    };
    // adhan's order, one day at a time: +1, -1, +2, -2, ...
    const away = Array.from({ length: 366 }, (_, i) => (i % 2 === 0 ? 1 : -1) * (Math.floor(i / 2) + 1)).find(
      (offset) => sunUp(addDays(day, offset)) && sunUp(addDays(day, offset + 1)),
    )!;
    const whole = new PrayerTimes(coordinates, adhanDate(addDays(day, away)), msc);
    const own = polarInstants(place, day, msc);
    expect(own.fajr.getTime()).toBe(whole.fajr.getTime() - away * 86_400_000);
    expect(own.isha.getTime()).toBe(whole.isha.getTime() - away * 86_400_000);
    expect(own.dhuhr.getTime()).toBe(whole.dhuhr.getTime() - away * 86_400_000);
  });

  it("tests a place's days once while answering, year after year", () => {
    // A place no other test asks for; each year's day three times, as /prayer-time asks for it
    // (its times, its sunset by another method, the next day's Fajr).
    const place = { latitude: 90, longitude: 30 };
    const chosen = params('tehran', PolarCircleResolution.AqrabYaum);
    const perYear = [2030, 2031, 2032, 2033, 2034, 2035].map((year) => {
      const day = calendarDate(year, 12, 21)!;
      constructed.count = 0;
      for (const asked of [day, day, addDays(day, 1)]) polarInstants(place, asked, chosen);
      return constructed.count;
    });
    // A year's search either way; none tests its days again (dropped while answering: 2×).
    expect(Math.max(...perYear)).toBeLessThan(1.1 * Math.min(...perYear));
  });
});
