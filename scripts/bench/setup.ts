// What every bench run starts from: a directory for the run (each stack's data and log), a
// media directory holding one Name's audio file, a recitation upstream on loopback holding
// one verse for the audio proxy (the bench never reaches the internet), and the audio
// signing secret every stack shares (a signed link made by one is valid on the other).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@ira/testing/free-port';
import { ALAFASY_FOLDER, startTestUpstream, type TestUpstream } from '../../apps/edge/src/testing/test-upstream.ts';
import { ROOT } from './processes.ts';
import { createKey } from './stack.ts';

const AUDIO_FILE_BYTES = 256 * 1024;
export const TREE_DIR = path.join(ROOT, 'static-data/dist');
/** The verse the audio proxy scenario reads (Alafasy's, from the loopback upstream). */
export const PROXIED_VERSE = { reciter: 'alafasy', id: '002255' };

export interface Setup {
  dir: string;
  mediaDir: string;
  signingSecret: string;
  audioUpstream: TestUpstream;
}

/** Throws unless `checkout` has its content tree and portal built (what `npm start` would build first). */
export function assertBuilt(checkout: string): void {
  for (const built of ['static-data/dist/manifest.json', 'apps/portal/dist/server/entry.mjs']) {
    if (!existsSync(path.join(checkout, built))) {
      throw new Error(`${checkout}: ${built} is missing: run \`npm run build\` there first`);
    }
  }
}

export async function setUp(): Promise<Setup> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ira-bench-'));
  const mediaDir = path.join(dir, 'media');
  mkdirSync(path.join(mediaDir, 'asma-ul-husna'), { recursive: true });
  writeFileSync(path.join(mediaDir, 'asma-ul-husna/01.mp3'), randomBytes(AUDIO_FILE_BYTES));
  const audioUpstream = await startTestUpstream();
  audioUpstream.files.set(`/data/${ALAFASY_FOLDER}/${PROXIED_VERSE.id}.mp3`, { bytes: randomBytes(AUDIO_FILE_BYTES) });
  return { dir, mediaDir, signingSecret: randomBytes(32).toString('hex'), audioUpstream };
}

/** An environment to start a single service in (its own data directory and ports), and a key it knows. */
export async function serviceEnv(
  setup: Setup,
  logLevel?: string,
): Promise<{ env: Record<string, string>; key: string }> {
  const dataDir = path.join(setup.dir, 'data-service');
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {
    PORT: String(await freePort()),
    CALC_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    MEDIA_DIR: setup.mediaDir,
    MEDIA_SIGNING_SECRET: setup.signingSecret,
    AUDIO_UPSTREAM_URL: setup.audioUpstream.url,
    REDIS_URL: '',
    DATABASE_URL: '',
    ...(logLevel === undefined ? {} : { LOG_LEVEL: logLevel }),
  };
  return { env, key: createKey(ROOT, { ...process.env, ...env }, 'bench', 1_000_000_000) };
}
