import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMediaFiles, type MediaFile } from './media-file.ts';

const root = mkdtempSync(path.join(tmpdir(), 'ira-media-'));
const media = path.join(root, 'media');
mkdirSync(path.join(media, 'asma-ul-husna'), { recursive: true });
writeFileSync(path.join(root, 'outside.mp3'), 'not for clients');
symlinkSync(path.join(root, 'outside.mp3'), path.join(media, 'asma-ul-husna/66.mp3'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const put = (name: string, bytes: Buffer | string) => writeFileSync(path.join(media, 'asma-ul-husna', name), bytes);

async function bytesOf(file: MediaFile | null): Promise<Buffer | null> {
  if (file === null) return null;
  if (file.kind === 'bytes') return file.bytes;
  try {
    return await file.handle.readFile();
  } finally {
    await file.handle.close();
  }
}

describe('createMediaFiles', () => {
  it('keeps a small file in memory for the keep time, then reads the disk again', async () => {
    // Its own clock: on a loaded machine a real 200 ms keep time could pass between two reads.
    let nowMs = 1_000;
    const open = createMediaFiles(media, { keepMs: 200, now: () => nowMs });
    put('01.mp3', 'first');
    const first = await open('asma-ul-husna/01.mp3');
    expect(first).toMatchObject({ kind: 'bytes', size: 5 });
    put('01.mp3', 'second');
    nowMs += 199;
    expect(await open('asma-ul-husna/01.mp3')).toBe(first);
    nowMs += 2;
    expect((await bytesOf(await open('asma-ul-husna/01.mp3')))?.toString()).toBe('second');
  });

  // When the keep time ends under load, every connection asks at once: each read the whole
  // file itself (64 reads of 256 KB through libuv's four threads every 5 s, the audio
  // Range row's p99 of 29-74 ms against 5-7 ms bare).
  it('reads a file once for reads asked for while it is being read', async () => {
    let nowMs = 1_000;
    const open = createMediaFiles(media, { keepMs: 200, now: () => nowMs });
    put('07.mp3', 'seventh');
    const first = await Promise.all(Array.from({ length: 8 }, () => open('asma-ul-husna/07.mp3')));
    expect(new Set(first).size).toBe(1);
    nowMs += 201;
    put('07.mp3', 'seventh, again');
    const again = await Promise.all(Array.from({ length: 8 }, () => open('asma-ul-husna/07.mp3')));
    expect(new Set(again).size).toBe(1);
    expect((await bytesOf(again[0]!))?.toString()).toBe('seventh, again');
  });

  it('opens a file above the keep size for streaming, every time', async () => {
    const open = createMediaFiles(media, { keepFileMaxBytes: 4 });
    put('02.mp3', 'large');
    const file = await open('asma-ul-husna/02.mp3');
    expect(file).toMatchObject({ kind: 'handle', size: 5 });
    expect((await bytesOf(file))?.toString()).toBe('large');
    put('02.mp3', 'larger');
    expect((await bytesOf(await open('asma-ul-husna/02.mp3')))?.toString()).toBe('larger');
  });

  it('keeps no miss: a file added after a 404 is found at once', async () => {
    const open = createMediaFiles(media);
    expect(await open('asma-ul-husna/03.mp3')).toBeNull();
    put('03.mp3', 'added');
    expect((await bytesOf(await open('asma-ul-husna/03.mp3')))?.toString()).toBe('added');
  });

  it('keeps within its byte budget, dropping the least recently read', async () => {
    const open = createMediaFiles(media, { keptMaxBytes: 10, keepMs: 60_000 });
    put('04.mp3', '123456');
    put('05.mp3', '123456');
    const four = await open('asma-ul-husna/04.mp3');
    await open('asma-ul-husna/05.mp3');
    put('04.mp3', 'abcdef');
    const again = await open('asma-ul-husna/04.mp3');
    expect(again).not.toBe(four);
    expect((await bytesOf(again))?.toString()).toBe('abcdef');
  });

  it('refuses a symlink out of the media root and a path that climbs out', async () => {
    const open = createMediaFiles(media);
    expect(await open('asma-ul-husna/66.mp3')).toBeNull();
    expect(await open('../outside.mp3')).toBeNull();
  });
});
