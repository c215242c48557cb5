// What `npm run bench` measures. Varying-coordinate scenarios cycle through a
// fixed, seeded grid so every run sends the same requests.
export interface Scenario {
  name: string;
  /** Which service receives the load; the edge forwards calculation paths. */
  service: 'edge' | 'calc';
  paths: string[];
}

const COORDINATE_COUNT = 500;

/** A deterministic spread of populated-latitude coordinates (no Math.random). */
function coordinates(): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let i = 0; i < COORDINATE_COUNT; i++) {
    const lat = Number((-55 + ((i * 37) % 1200) / 10).toFixed(4));
    const lon = Number((-179 + ((i * 113) % 3580) / 10).toFixed(4));
    points.push([lat, lon]);
  }
  return points;
}

const prayerPaths = coordinates().map(([lat, lon]) => `/api/v1/prayer-time?lat=${lat}&lon=${lon}&date=2026-03-20`);
const qiblaPaths = coordinates().map(([lat, lon]) => `/api/v1/qibla?lat=${lat}&lon=${lon}`);

export const SCENARIOS: Scenario[] = [
  { name: 'names-one', service: 'edge', paths: ['/api/v1/asma-ul-husna/1'] },
  { name: 'names-list', service: 'edge', paths: ['/api/v1/asma-ul-husna'] },
  { name: 'names-search', service: 'edge', paths: ['/api/v1/asma-ul-husna/search?q=merciful'] },
  { name: 'quran-surah-2', service: 'edge', paths: ['/api/v1/quran/surah/2'] },
  { name: 'quran-surah-2-all-verses', service: 'edge', paths: ['/api/v1/quran/surah/2?pageSize=286'] },
  { name: 'quran-verse', service: 'edge', paths: ['/api/v1/quran/verse/002255'] },
  { name: 'prayer-time-varying', service: 'calc', paths: prayerPaths },
  { name: 'prayer-time-via-edge', service: 'edge', paths: prayerPaths },
  { name: 'qibla-varying', service: 'calc', paths: qiblaPaths },
];
