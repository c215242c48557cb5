import { describe, expect, it } from 'vitest';
import { calendarDate } from '../calendar/calendar-date.ts';
import { computePrayerTimes, PRAYER_NAMES, type PrayerTimeOptions } from './prayer-times.ts';
import { altitudeCrossing, asrAltitude, sunPlace, transitAfter } from '../test-support/sun-reference.ts';

const TROMSO = [69.6492, 18.9553, 'Europe/Oslo'] as const;
const LONDON = [51.5074, -0.1278, 'Europe/London'] as const;
const MAKKAH = [21.4225, 39.8262, 'Asia/Riyadh'] as const;

function options(iso: string, overrides: Partial<PrayerTimeOptions> = {}): PrayerTimeOptions {
  const [y, m, d] = iso.split('-').map(Number);
  return {
    method: 'mwl',
    school: 'shafi',
    date: calendarDate(y!, m!, d!)!,
    highLatitudeRule: 'middleofthenight',
    polarResolution: 'aqrabbalad',
    ...overrides,
  };
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/;
const ISO_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

describe('computePrayerTimes', () => {
  it('gives six ordered times and no note on an ordinary day in Makkah', () => {
    const result = computePrayerTimes(...MAKKAH, options('2026-03-20'));
    expect(result.note).toBeUndefined();
    const instants = PRAYER_NAMES.map((name) => Date.parse(result.times[name].utc!));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    for (const name of PRAYER_NAMES) {
      expect(result.times[name].utc).toMatch(ISO_UTC);
      expect(result.times[name].local).toMatch(ISO_LOCAL);
    }
  });

  it('shows local times as the zone’s clock (Makkah is UTC+3)', () => {
    const { times } = computePrayerTimes(...MAKKAH, options('2026-03-20'));
    const utc = new Date(times.dhuhr.utc!);
    utc.setUTCHours(utc.getUTCHours() + 3);
    expect(times.dhuhr.local).toBe(utc.toISOString().slice(0, 19));
  });

  it('notes the high-latitude rule when it moves fajr/isha (London, midsummer, MWL 18°/17°)', () => {
    const result = computePrayerTimes(...LONDON, options('2026-06-21'));
    expect(result.note).toMatch(/fajr and isha were set by the middleofthenight high-latitude rule/);
    expect(result.note).not.toMatch(/polar/);
  });

  it('names the resolved rule for recommended', () => {
    const result = computePrayerTimes(...LONDON, options('2026-06-21', { highLatitudeRule: 'recommended' }));
    expect(result.note).toMatch(/recommended \(seventhofthenight\)/);
  });

  it('resolves polar day at Tromsø by default and says so, with every time present', () => {
    const result = computePrayerTimes(...TROMSO, options('2026-06-21'));
    expect(result.note).toMatch(/polar day or night.*aqrabbalad/);
    for (const name of PRAYER_NAMES) expect(result.times[name].utc).toMatch(ISO_UTC);
  });

  it('leaves polar-day times null with unresolved and says why', () => {
    const result = computePrayerTimes(...TROMSO, options('2026-06-21', { polarResolution: 'unresolved' }));
    expect(result.times.sunrise).toEqual({ utc: null, local: null });
    expect(result.times.maghrib).toEqual({ utc: null, local: null });
    expect(result.times.dhuhr.utc).toMatch(ISO_UTC);
    expect(result.note).toMatch(/sunrise.*maghrib.*do not occur here on 2026-06-21 and polarResolution is unresolved/);
  });

  it('resolves polar night at Tromsø by default; unresolved gives null sunrise/maghrib', () => {
    const resolved = computePrayerTimes(...TROMSO, options('2026-12-21'));
    expect(resolved.note).toMatch(/polar day or night/);
    for (const name of PRAYER_NAMES) expect(resolved.times[name].utc).not.toBeNull();
    const unresolved = computePrayerTimes(...TROMSO, options('2026-12-21', { polarResolution: 'unresolved' }));
    expect(unresolved.times.sunrise.utc).toBeNull();
    expect(unresolved.times.maghrib.utc).toBeNull();
    expect(unresolved.note).toMatch(/sunrise and maghrib do not occur/);
  });

  it('supports aqrabyaum (nearest day with a sunrise) as a different answer from aqrabbalad', () => {
    const yaum = computePrayerTimes(...TROMSO, options('2026-12-21', { polarResolution: 'aqrabyaum' }));
    const balad = computePrayerTimes(...TROMSO, options('2026-12-21'));
    expect(yaum.note).toMatch(/aqrabyaum/);
    expect(yaum.times.sunrise.utc).not.toBe(balad.times.sunrise.utc);
  });

  it.each([
    ['Kiritimati (UTC+14)', 1.8721, -157.4278, 'Pacific/Kiritimati'],
    ['Apia (UTC+13)', -13.8333, -171.7667, 'Pacific/Apia'],
    ['Tongatapu (UTC+13)', -21.1394, -175.2049, 'Pacific/Tongatapu'],
    ['Pago Pago (UTC-11, same longitude as Apia)', -14.2756, -170.702, 'Pacific/Pago_Pago'],
  ] as const)('puts every time on the requested local day at %s', (_name, lat, lon, zone) => {
    const { times } = computePrayerTimes(lat, lon, zone, options('2026-06-21'));
    for (const name of PRAYER_NAMES) expect(times[name].local).toMatch(/^2026-06-21T/);
  });

  it('never leaves sub-second rests or Invalid Date at the poles', () => {
    for (const lat of [90, -90, 89.9]) {
      const result = computePrayerTimes(lat, 0, 'Etc/GMT', options('2026-06-21'));
      const body = JSON.stringify(result);
      expect(body).not.toMatch(/Invalid Date|NaN/);
      for (const name of PRAYER_NAMES) {
        if (result.times[name].utc !== null) expect(result.times[name].utc).toMatch(ISO_UTC);
      }
    }
  });
});

describe('an angle the sun only grazes near lower culmination', () => {
  it('finds Isha at 12.3° where the sun sinks to 12.35° (61.85° S, 2032-02-05)', () => {
    // astronomy-engine: the sun's centre crosses −12.3° at 00:37:56 UTC on 2032-02-06.
    const rules = { fajrAngle: 17.1, ishaAngle: 12.3 };
    const { times, note } = computePrayerTimes(
      -61.8517,
      -9.2809,
      'Etc/GMT+1',
      options('2032-02-05', { method: 'other', rules }),
    );
    const crossing = Date.parse('2032-02-06T00:37:56Z');
    expect(Math.abs(Date.parse(times.isha.utc!) - crossing)).toBeLessThanOrEqual(40_000);
    // Fajr's 17.1° is out of reach that night and is the rule's; Isha is not.
    expect(note).toMatch(/^fajr was set by the middleofthenight high-latitude rule/);
  });
});

describe('computePrayerTimes near the poles, all year', () => {
  // Every third day of 2026 in places with polar day and night (north and south),
  // in each polar mode and for both schools: whatever is shown keeps the day's
  // order, and every null is explained in the note.
  const PLACES = [
    [69.6492, 18.9553, 'Europe/Oslo'],
    [71.2906, -156.7886, 'America/Anchorage'],
    [78.2232, 15.6267, 'Arctic/Longyearbyen'],
    [82.5018, -62.3481, 'America/Toronto'],
    [-77.846, 166.676, 'Antarctica/McMurdo'],
  ] as const;
  const DAYS = Array.from({ length: 122 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i * 3)).toISOString().slice(0, 10));

  it.each(
    PLACES.flatMap((place) =>
      (['aqrabbalad', 'aqrabyaum', 'unresolved'] as const).map((mode) => [place, mode] as const),
    ),
  )('keeps the order at %j with polarResolution=%s', (place, polarResolution) => {
    for (const iso of DAYS) {
      for (const school of ['shafi', 'hanafi'] as const) {
        const result = computePrayerTimes(place[0], place[1], place[2], options(iso, { polarResolution, school }));
        const shown = PRAYER_NAMES.filter((name) => result.times[name].utc !== null).map((name) =>
          Date.parse(result.times[name].utc!),
        );
        expect(shown, `${iso} ${school}`).toEqual([...shown].sort((a, b) => a - b));
        const nulls = PRAYER_NAMES.filter((name) => result.times[name].utc === null);
        for (const name of nulls) expect(result.note, `${iso} ${school} ${name}`).toContain(name);
      }
    }
  });

  it('leaves out an Asr adhan puts before dhuhr at Tromsø on 2026-12-01, and says why', () => {
    const { times, note } = computePrayerTimes(...TROMSO, options('2026-12-01'));
    expect(times.asr).toEqual({ utc: null, local: null });
    expect(note).toMatch(/asr would fall outside its place in the day/);
  });

  it('drops fajr and isha for method other (0° twilight angles) in London', () => {
    const { times, note } = computePrayerTimes(...LONDON, options('2026-03-01', { method: 'other' }));
    expect(times.fajr.utc).toBeNull();
    expect(times.isha.utc).toBeNull();
    expect(times.dhuhr.utc).not.toBeNull();
    expect(note).toContain('method other has no twilight angles');
  });
});

describe('notes that say the true reason', () => {
  it('drops Asr at Tromsø at midsummer (unresolved): no sunrise or sunset, though the sun reaches its altitude', () => {
    const { times, note } = computePrayerTimes(...TROMSO, options('2026-06-21', { polarResolution: 'unresolved' }));
    expect(times.asr).toEqual({ utc: null, local: null });
    expect(note).toContain('asr is null because the sun does not rise or set here on 2026-06-21 (polar day or night)');
    expect(note).not.toMatch(/asr would fall outside|does not reach the needed altitude/);
    // The sun does reach Asr's altitude that afternoon (an independent ephemeris).
    const place = sunPlace(TROMSO[0], TROMSO[1]);
    const transit = transitAfter(place, new Date('2026-06-21T00:00:00Z'));
    const asr = altitudeCrossing(place, transit, asrAltitude(TROMSO[0], 1), 'evening');
    expect(asr?.toISOString().slice(0, 16)).toBe('2026-06-21T15:57');
  });

  it('says when Isha falls after local midnight (Oslo, midsummer) and shows the real date', () => {
    const { times, note } = computePrayerTimes(59.9139, 10.7522, 'Europe/Oslo', options('2026-06-21'));
    expect(times.isha.local!.slice(0, 10)).toBe('2026-06-22');
    expect(times.dhuhr.local!.slice(0, 10)).toBe('2026-06-21');
    expect(note).toContain('isha falls after local midnight here, on 2026-06-22.');
  });

  it('says when Maghrib and Isha both do (Reykjavik, midsummer)', () => {
    const { times, note } = computePrayerTimes(64.1466, -21.9426, 'Atlantic/Reykjavik', options('2026-06-21'));
    expect(times.maghrib.local!.slice(0, 10)).toBe('2026-06-22');
    expect(note).toContain('maghrib and isha fall after local midnight here, on 2026-06-22.');
  });

  it('says when Fajr falls before local midnight (London’s midsummer on New York’s clock)', () => {
    const { times, note } = computePrayerTimes(LONDON[0], LONDON[1], 'America/New_York', options('2026-06-21'));
    expect(times.fajr.local!.slice(0, 10)).toBe('2026-06-20');
    expect(times.dhuhr.local!.slice(0, 10)).toBe('2026-06-21');
    expect(note).toContain('fajr and sunrise fall before local midnight here, on 2026-06-20.');
  });

  it('adds no such sentence on an ordinary day', () => {
    expect(computePrayerTimes(...LONDON, options('2026-03-01')).note).toBeUndefined();
  });
});
