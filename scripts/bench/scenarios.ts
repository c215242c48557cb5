// What `npm run bench` measures. Varying-coordinate scenarios cycle through a
// fixed, seeded grid so every run sends the same requests.
export interface Scenario {
  name: string;
  /** Which service receives the load; the edge forwards calculation paths. */
  service: 'edge' | 'calc';
  paths: string[];
}

// More distinct points than a run sends (~5 s at a few thousand req/s), so the
// calc's result cache sees misses only; the repeated set shows its hits.
export const DISTINCT_POINTS = 100_000;
export const REPEATED_POINTS = 100;

/** A deterministic spread over latitudes -55..65 (no Math.random), every point distinct. */
export function coordinates(count: number): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) {
    const lat = -55 + (i % 1200) / 10 + (Math.floor(i / 1200) % 100) / 10_000;
    const lon = -179 + ((i * 113) % 3580) / 10;
    points.push([Number(lat.toFixed(4)), Number(lon.toFixed(4))]);
  }
  return points;
}

export const prayerPath = ([lat, lon]: [number, number]) => `/api/v1/prayer-time?lat=${lat}&lon=${lon}&date=2026-03-20`;
const prayerPaths = coordinates(DISTINCT_POINTS).map(prayerPath);
export const qiblaPath = ([lat, lon]: [number, number]) => `/api/v1/qibla?lat=${lat}&lon=${lon}`;
const qiblaPaths = coordinates(DISTINCT_POINTS).map(qiblaPath);

const searchPath = (lang: string) => (q: string) => `/api/v1/quran/search?q=${encodeURIComponent(q)}&lang=${lang}`;

export const SCENARIOS: Scenario[] = [
  { name: 'names-one', service: 'edge', paths: ['/api/v1/asma-ul-husna/1'] },
  { name: 'names-list', service: 'edge', paths: ['/api/v1/asma-ul-husna'] },
  { name: 'names-search', service: 'edge', paths: ['/api/v1/asma-ul-husna/search?q=merciful'] },
  { name: 'quran-surah-2', service: 'edge', paths: ['/api/v1/quran/surah/2'] },
  { name: 'quran-surah-2-all-verses', service: 'edge', paths: ['/api/v1/quran/surah/2?pageSize=286'] },
  { name: 'quran-verse', service: 'edge', paths: ['/api/v1/quran/verse/002255'] },
  { name: 'quran-juz-30', service: 'edge', paths: ['/api/v1/quran/juz/30'] },
  { name: 'quran-page-varying', service: 'edge', paths: Array.from({ length: 604 }, (_, i) => `/api/v1/quran/page/${i + 1}`) },
  { name: 'quran-range', service: 'edge', paths: ['/api/v1/quran/verses?from=2:255&to=2:257'] },
  { name: 'quran-search-en', service: 'edge', paths: ['mercy', 'Lord of the worlds', 'patience', '"the Day of Resurrection"'].map(searchPath('en')) },
  { name: 'quran-search-ar', service: 'edge', paths: ['الرحمن', 'رب العالمين', 'الصبر', 'يوم القيامة'].map(searchPath('ar')) },
  { name: 'prayer-time-varying', service: 'calc', paths: prayerPaths },
  { name: 'prayer-time-repeated', service: 'calc', paths: coordinates(REPEATED_POINTS).map(prayerPath) },
  { name: 'prayer-time-via-edge', service: 'edge', paths: prayerPaths },
  { name: 'qibla-varying', service: 'calc', paths: qiblaPaths },
];
