// Run by plain Node (≥ 18) in a folder where the packed SDK was installed from its tarball
// (apps/portal/test/sdk-package.test.ts does that): calls prayer time, Qibla, a Name and a
// verse against IRA_BASE_URL with IRA_API_KEY, and checks each is the resource itself.
//   IRA_BASE_URL=http://localhost:3000 IRA_API_KEY=ira_live_… node installed-package.mjs
import assert from 'node:assert/strict';
import { ApiError, IslamicReferenceApi } from '@islamic-reference-api/client';

const api = new IslamicReferenceApi({ baseUrl: process.env.IRA_BASE_URL, apiKey: process.env.IRA_API_KEY, retries: 2 });

const times = await api.prayerTime({ lat: 23.81, lon: 90.41, method: 'karachi', date: '2025-03-01' });
assert.equal(times.timezone, 'Asia/Dhaka');
assert.match(times.times.fajr.local, /^2025-03-01T0\d:\d\d:00$/);

const qibla = await api.qibla({ lat: 51.5, lon: -0.13 });
assert.equal(typeof qibla.compass_bearing, 'number');
assert.equal(qibla.qibla_direction, 'Southeast');

const name = await api.name(1);
assert.equal(name.name, 'Ar-Rahman');

const verse = await api.verse('2:255', { lang: 'english' });
assert.equal(verse.id, '002255');
assert.match(verse.text.english, /^Allah - there is no deity except Him/);

const refused = await api.name(120).catch((error) => error);
assert.ok(refused instanceof ApiError && refused.status === 404, `expected a 404 ApiError, got ${refused}`);

console.log(
  JSON.stringify({
    node: process.version,
    fajr: times.times.fajr.local,
    compass_bearing: qibla.compass_bearing,
    name: name.name,
    verse: verse.id,
    error: `${refused.status} ${refused.message}`,
  }),
);
