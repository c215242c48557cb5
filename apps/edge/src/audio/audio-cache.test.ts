import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAudioCache } from './audio-cache.ts';
import { listCache, removeLeftovers } from './cache-listing.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ira-audio-cache-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const MTIME_MS = Date.parse('2026-03-02T08:00:00Z');
const key = (verse: string) => `quran/alafasy/${verse}.mp3`;
const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);

async function bytesOf(cache: Awaited<ReturnType<typeof openAudioCache>>, verse: string): Promise<Buffer | null> {
  const cached = await cache.open(key(verse));
  if (cached === null) return null;
  const { file } = cached;
  return file.kind === 'bytes' ? file.bytes : file.handle.readFile().finally(() => file.handle.close());
}

describe('openAudioCache', () => {
  it('keeps a file with its type and the upstream modification time', async () => {
    const cache = await openAudioCache(dir, 10_000);
    expect(await cache.store(key('001001'), bytes(100, 1), 'audio/ogg', MTIME_MS)).toBe(true);
    const cached = await cache.open(key('001001'));
    expect(cached).toMatchObject({ type: 'audio/ogg', file: { size: 100, mtimeMs: MTIME_MS } });
    expect(cache.usage()).toEqual({ files: 1, bytes: 100 });
  });

  it('evicts the least recently used files once the bound is passed', async () => {
    const cache = await openAudioCache(dir, 250);
    await cache.store(key('001001'), bytes(100, 1), 'audio/mpeg', MTIME_MS);
    await cache.store(key('001002'), bytes(100, 2), 'audio/mpeg', MTIME_MS);
    await cache.open(key('001001'));
    await cache.store(key('001003'), bytes(100, 3), 'audio/mpeg', MTIME_MS);
    expect(await bytesOf(cache, '001002')).toBeNull();
    expect(await bytesOf(cache, '001001')).toEqual(bytes(100, 1));
    expect(await bytesOf(cache, '001003')).toEqual(bytes(100, 3));
    // The evicted file and its type are gone from the disk too.
    expect((await readdir(path.join(dir, 'quran/alafasy'))).sort()).toEqual([
      '001001.mp3',
      '001001.mp3.type',
      '001003.mp3',
      '001003.mp3.type',
    ]);
  });

  it('does not take an evicted file back from memory, which would evict a file still on disk', async () => {
    const cache = await openAudioCache(dir, 250);
    for (const verse of ['001001', '001002']) {
      await cache.store(key(verse), bytes(100, 1), 'audio/mpeg', MTIME_MS);
      await cache.open(key(verse)); // read, so kept in memory for a few seconds
    }
    await cache.store(key('001003'), bytes(100, 3), 'audio/mpeg', MTIME_MS); // evicts 001001
    expect(await cache.open(key('001001'))).toBeNull();
    expect(cache.usage()).toEqual({ files: 2, bytes: 200 });
    expect(await bytesOf(cache, '001002')).toEqual(bytes(100, 1));
  });

  it('keeps nothing larger than the bound, and nothing at all with a bound of 0', async () => {
    expect(await (await openAudioCache(dir, 50)).store(key('001001'), bytes(100, 1), 'audio/mpeg', MTIME_MS)).toBe(
      false,
    );
    const none = await openAudioCache(dir, 0);
    expect(await none.store(key('001001'), bytes(1, 1), 'audio/mpeg', MTIME_MS)).toBe(false);
    expect(await listCache(dir)).toEqual([]);
  });

  it('rebuilds its index at start from the files, least recently used first by access time', async () => {
    const first = await openAudioCache(dir, 1_000);
    for (const verse of ['001001', '001002', '001003'])
      await first.store(key(verse), bytes(100, 1), 'audio/mpeg', MTIME_MS);
    // 001002 was used last, 001001 longest ago.
    const at = (s: number) => new Date(Date.now() - s * 1000);
    await utimes(path.join(dir, key('001001')), at(300), new Date(MTIME_MS));
    await utimes(path.join(dir, key('001003')), at(200), new Date(MTIME_MS));
    await utimes(path.join(dir, key('001002')), at(100), new Date(MTIME_MS));
    const reopened = await openAudioCache(dir, 250);
    expect(reopened.usage()).toEqual({ files: 2, bytes: 200 });
    expect(await bytesOf(reopened, '001001')).toBeNull();
    expect((await reopened.open(key('001003')))?.type).toBe('audio/mpeg');
  });

  it('removes orphaned types and parts older than a write takes; leaves young parts to their writer', async () => {
    const reciterDir = path.join(dir, 'quran/alafasy');
    await mkdir(reciterDir, { recursive: true });
    await writeFile(path.join(reciterDir, '.001002.mp3.def.part'), 'being written');
    await writeFile(path.join(reciterDir, '001003.mp3.type'), 'audio/mpeg\n');
    await openAudioCache(dir, 1_000);
    expect((await readdir(reciterDir)).sort()).toEqual(['.001002.mp3.def.part']);
    // An hour on, the part is a crash's leftover.
    await removeLeftovers(dir, Date.now() + 3_600_000);
    expect(await readdir(reciterDir)).toEqual([]);
  });

  it('adopts a file another process (the mirror command) put there while it ran', async () => {
    const cache = await openAudioCache(dir, 1_000);
    await mkdir(path.join(dir, 'quran/alafasy'), { recursive: true });
    await writeFile(path.join(dir, key('001005')), bytes(40, 5));
    expect(await bytesOf(cache, '001005')).toEqual(bytes(40, 5));
    expect(cache.usage()).toEqual({ files: 1, bytes: 40 });
  });
});
