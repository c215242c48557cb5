import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, createQuadStore, createZoneLookup, timeZoneAt } from './time-zone.ts';

describe('timeZoneAt', () => {
  it('names the precise zone (Kuwait City → Asia/Kuwait, not the merged Asia/Riyadh)', () => {
    expect(timeZoneAt(29.3759, 47.9774)).toBe('Asia/Kuwait');
  });

  it('finds the zones on both sides of the date line', () => {
    expect(timeZoneAt(-13.8333, -171.7667)).toBe('Pacific/Apia');
    expect(timeZoneAt(1.8721, -157.4278)).toBe('Pacific/Kiritimati');
  });

  it('gives the nautical Etc/GMT±N zone at sea', () => {
    expect(timeZoneAt(0, -30)).toBe('Etc/GMT+2');
    expect(timeZoneAt(-40, 100)).toBe('Etc/GMT-7');
  });

  it('answers at the boundaries ±90/±180 with the first zone geo-tz names', () => {
    for (const [lat, lon] of [
      [90, 180],
      [-90, -180],
      [90, -180],
      [-90, 180],
      [0, 180],
      [0, -180],
    ] as const) {
      expect(timeZoneAt(lat, lon)).toMatch(/^[A-Z][A-Za-z_]+\/[A-Za-z_+\-0-9/]+$|^Etc\/GMT$/);
    }
  });

  it('answers the same through the cached lookup, by exact point', () => {
    const lookup = createZoneLookup(2);
    expect(lookup(51.5074, -0.1278)).toBe('Europe/London');
    expect(lookup(51.5074, -0.1278)).toBe('Europe/London');
    expect(lookup(29.3759, 47.9774)).toBe('Asia/Kuwait');
    expect(lookup(28.5, 46.5)).toBe('Asia/Riyadh');
  });

  it('gives the North Pole the nautical zone of the longitude asked (geo-tz lists all 25, Etc/GMT-12 first)', () => {
    expect(timeZoneAt(90, 0)).toBe('Etc/GMT');
    expect(timeZoneAt(90, 100)).toBe('Etc/GMT-7');
    expect(timeZoneAt(90, -75)).toBe('Etc/GMT+5');
  });

  it('gives the South Pole the zone the Amundsen–Scott station keeps', () => {
    expect(timeZoneAt(-90, 0)).toBe('Antarctica/McMurdo');
    expect(timeZoneAt(-90, -120)).toBe('Antarctica/McMurdo');
  });
});

describe("createQuadStore (geo-tz's decoded quads)", () => {
  const quad = (key: string) => ({ key });

  it('serves a quad just decoded, then lets it go when others follow, if it was asked for once', () => {
    const store = createQuadStore(2, 4, 100);
    store.set('a', quad('a'));
    expect(store.get('a')).toEqual({ key: 'a' });
    store.set('b', quad('b'));
    store.set('c', quad('c'));
    expect(store.get('a')).toBeUndefined();
  });

  it('keeps a quad that is decoded again after it left the short tier', () => {
    const store = createQuadStore(2, 4, 100);
    store.set('a', quad('a'));
    store.set('b', quad('b'));
    store.set('c', quad('c'));
    store.set('a', quad('a'));
    for (const key of ['d', 'e', 'f', 'g']) store.set(key, quad(key));
    expect(store.get('a')).toEqual({ key: 'a' });
    expect(store.get('d')).toBeUndefined();
  });

  it('holds at most the short tier plus the kept quads', () => {
    const store = createQuadStore(2, 3, 1000);
    const keys = Array.from({ length: 50 }, (_, i) => `q${i}`);
    for (const key of [...keys, ...keys.slice(0, 25)]) store.set(key, quad(key));
    // The last two decoded once, and the last three decoded again.
    expect(keys.filter((key) => store.get(key) !== undefined)).toEqual(['q22', 'q23', 'q24', 'q48', 'q49']);
  });
});

describe('canonicalTimeZone', () => {
  it('spells known IANA names canonically, whatever their case', () => {
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
    expect(canonicalTimeZone('Etc/GMT+3')).toBe('Etc/GMT+3');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });

  it('refuses unknown names and bare offsets', () => {
    for (const raw of ['Mars/Olympus_Mons', '+03:00', '-0500', '', 'Europe/London '])
      expect(canonicalTimeZone(raw), raw).toBeNull();
  });
});
