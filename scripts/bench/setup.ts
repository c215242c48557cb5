// What every bench run starts from: a data directory with a key store, two keys (one
// unlimited, one for the 429 storm), a media directory holding one Name's audio file, a
// recitation upstream on loopback holding one verse for the audio proxy (the bench never
// reaches the internet), and the services' environment pointing at them.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@ira/core/runtime/config';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { openKeyStore } from '@ira/core/runtime/keys/open-store';
import { freePort } from '@ira/testing/free-port';
import { ALAFASY_FOLDER, startTestUpstream, type TestUpstream } from '../../apps/edge/src/testing/test-upstream.ts';
import { ROOT } from './processes.ts';

const UNLIMITED = 1_000_000_000;
const STORM_LIMIT = 1;
const AUDIO_FILE_BYTES = 256 * 1024;
export const TREE_DIR = path.join(ROOT, 'static-data/dist');
/** The verse the audio proxy scenario reads (Alafasy's, from the loopback upstream). */
export const PROXIED_VERSE = { reciter: 'alafasy', id: '002255' };

export interface Setup {
  dir: string;
  env: Record<string, string>;
  key: string;
  stormKey: string;
  audioUpstream: TestUpstream;
}

export async function setUp(): Promise<Setup> {
  if (!existsSync(path.join(TREE_DIR, 'manifest.json')))
    throw new Error('static-data/dist is missing: run `npm run build` first');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ira-bench-'));
  const media = path.join(dir, 'media');
  mkdirSync(path.join(media, 'asma-ul-husna'), { recursive: true });
  writeFileSync(path.join(media, 'asma-ul-husna/01.mp3'), randomBytes(AUDIO_FILE_BYTES));
  const audioUpstream = await startTestUpstream();
  audioUpstream.files.set(`/data/${ALAFASY_FOLDER}/${PROXIED_VERSE.id}.mp3`, { bytes: randomBytes(AUDIO_FILE_BYTES) });
  // LOG_LEVEL=warn: no access line per request (the services' output goes to a log file nobody reads here).
  const env = {
    PORT: String(await freePort()),
    CALC_PORT: String(await freePort()),
    DATA_DIR: dir,
    MEDIA_DIR: media,
    AUDIO_UPSTREAM_URL: audioUpstream.url,
    REDIS_URL: '',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
  const store = await openKeyStore(loadConfig({ ...env }));
  const { key } = await issueKey(store, {
    userId: null,
    name: 'bench',
    limits: { general: UNLIMITED, calculation: UNLIMITED },
  });
  const storm = await issueKey(store, {
    userId: null,
    name: 'bench-429',
    limits: { general: STORM_LIMIT, calculation: STORM_LIMIT },
  });
  await store.close();
  return { dir, env, key, stormKey: storm.key, audioUpstream };
}
