// The audio CLI against a recitation server on loopback (never the internet).
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALAFASY_FOLDER,
  fakeRecitation,
  startTestUpstream,
  type TestUpstream,
} from '../apps/edge/src/testing/test-upstream.ts';
import { main } from './audio.ts';

const AL_FATIHA = ['001001', '001002', '001003', '001004', '001005', '001006', '001007'];
const AL_KAWTHAR = ['108001', '108002', '108003'];

let upstream: TestUpstream;
let root: string;
let env: Record<string, string>;

beforeAll(async () => {
  upstream = await startTestUpstream();
  for (const id of [...AL_FATIHA, ...AL_KAWTHAR])
    upstream.files.set(`/data/${ALAFASY_FOLDER}/${id}.mp3`, { bytes: fakeRecitation(2_000, Number(id)) });
});
afterAll(() => upstream.stop());
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ira-audio-cli-'));
  await mkdir(path.join(root, 'media'));
  env = {
    DATA_DIR: root,
    MEDIA_DIR: path.join(root, 'media'),
    AUDIO_UPSTREAM_URL: upstream.url,
    AUDIO_UPSTREAM_TIMEOUT_MS: '1000',
  };
  upstream.requests.length = 0;
  return () => rm(root, { recursive: true, force: true });
});

async function audio(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
  const code = await main(argv, env, io, { retryPauseMs: 10 });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const bytesOf = (id: string) => upstream.files.get(`/data/${ALAFASY_FOLDER}/${id}.mp3`)!.bytes;

describe('npm run audio -- mirror', () => {
  it('fills the cache with the exact bytes and the type, with progress per surah, and resumes', async () => {
    const run = await audio('mirror', '--reciter', 'alafasy', '--surah', '1');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/surah 1 done: 7\/7 files \(7 fetched/);
    const dir = path.join(root, 'audio-cache/quran/alafasy');
    for (const id of AL_FATIHA) {
      expect((await readFile(path.join(dir, `${id}.mp3`))).equals(bytesOf(id))).toBe(true);
      expect(await readFile(path.join(dir, `${id}.mp3.type`), 'utf8')).toBe('audio/mpeg\n');
    }
    // A second run finds every file there and asks the upstream for none.
    const again = await audio('mirror', '--reciter', 'alafasy', '--surah', '1');
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/7\/7 files there: 0 fetched \(0\.0 MB\), 7 already there, 0 failed/);
    expect(upstream.requests).toHaveLength(7);
  });

  it('lists the files it could not fetch, exits 1, and fetches only those when run again', async () => {
    const broken = `/data/${ALAFASY_FOLDER}/108002.mp3`;
    upstream.files.get(broken)!.status = 503;
    const run = await audio('mirror', '--reciter', 'alafasy', '--surah', '108');
    upstream.files.get(broken)!.status = undefined;
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/108002: bad_status: the upstream answered 503/);
    expect(upstream.requests.filter((p) => p === broken)).toHaveLength(3);
    upstream.requests.length = 0;
    const again = await audio('mirror', '--reciter', 'alafasy', '--surah', '108');
    expect(again.code).toBe(0);
    expect(upstream.requests).toEqual([broken]);
  });

  it('fills MEDIA_DIR with --to media, where the edge serves them in either mode', async () => {
    const run = await audio('mirror', '--reciter', 'alafasy', '--surah', '108', '--to', 'media');
    expect(run.code).toBe(0);
    const dir = path.join(root, 'media/quran/alafasy');
    expect((await readdir(dir)).sort()).toEqual(AL_KAWTHAR.map((id) => `${id}.mp3`));
    expect((await readFile(path.join(dir, '108003.mp3'))).equals(bytesOf('108003'))).toBe(true);
  });

  it('stops when its own files would fill the cache bound, rather than evict them', async () => {
    env.AUDIO_CACHE_MAX_MB = '0';
    const run = await audio('mirror', '--reciter', 'alafasy', '--surah', '108');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/fill the cache bound \(AUDIO_CACHE_MAX_MB=0\)/);
  });

  it.each([
    [['mirror'], /mirror needs --reciter ID; the remote reciters are alafasy, /],
    [['mirror', '--reciter', 'nobody'], /No remote reciter "nobody"/],
    [['mirror', '--reciter', 'bengali-muhiuddin-khan'], /No remote reciter "bengali-muhiuddin-khan"/],
    [['mirror', '--reciter', 'alafasy', '--surah', '0'], /--surah must be a surah number or a range within 1-114/],
    [['mirror', '--reciter', 'alafasy', '--surah', '5-2'], /--surah must be/],
    [['mirror', '--reciter', 'alafasy', '--to', 'disk'], /--to must be cache or media/],
    [['status', 'now'], /status takes no arguments/],
    [['fetch'], /Unknown command "fetch"/],
  ])('exits 2 with the usage for %j', async (argv, message) => {
    const run = await audio(...argv);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.err).toContain('Usage:');
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('npm run audio -- status', () => {
  it('shows per reciter what the cache and MEDIA_DIR hold', async () => {
    await audio('mirror', '--reciter', 'alafasy', '--surah', '1');
    await audio('mirror', '--reciter', 'alafasy', '--surah', '108', '--to', 'media');
    const run = await audio('status');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/cache .*: 7 files, 0\.0 MB of 2048\.0 MB/);
    expect(run.out).toMatch(/^alafasy\s+remote\s+7\/6236 \(0\.0 MB\)\s+3\/6236 \(0\.0 MB\)$/m);
    expect(run.out).toMatch(/^bengali-muhiuddin-khan\s+local\s+—\s+0\/6236/m);
  });
});
