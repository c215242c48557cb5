import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openMediaCatalog } from './media-catalog.ts';

const mediaDir = await mkdtemp(path.join(tmpdir(), 'ira-media-'));
const outsideDir = await mkdtemp(path.join(tmpdir(), 'ira-outside-'));
afterAll(() => Promise.all([mediaDir, outsideDir].map((dir) => rm(dir, { recursive: true, force: true }))));

describe('openMediaCatalog', () => {
  it('knows nothing without a media directory', async () => {
    const catalog = await openMediaCatalog(null, ['reader']);
    expect(catalog.hasName(1)).toBe(false);
    expect(catalog.hasVerse('reader', '001001')).toBe(false);
    catalog.close();
  });

  it('lists name and verse files (links only if inside), skips other names, sees new files after refresh', async () => {
    await mkdir(path.join(mediaDir, 'asma-ul-husna'), { recursive: true });
    await mkdir(path.join(mediaDir, 'quran', 'reader'), { recursive: true });
    await writeFile(path.join(mediaDir, 'asma-ul-husna', '07.mp3'), 'x');
    await writeFile(path.join(mediaDir, 'asma-ul-husna', '8.mp3'), 'x');
    await writeFile(path.join(mediaDir, 'quran', 'reader', '002255.mp3'), 'x');
    await symlink(path.join(mediaDir, 'asma-ul-husna', '07.mp3'), path.join(mediaDir, 'asma-ul-husna', '10.mp3'));
    await writeFile(path.join(outsideDir, 'outside.mp3'), 'x');
    await symlink(path.join(outsideDir, 'outside.mp3'), path.join(mediaDir, 'asma-ul-husna', '11.mp3'));
    const catalog = await openMediaCatalog(mediaDir, ['reader', 'absent']);
    expect(catalog.hasName(7)).toBe(true);
    expect(catalog.hasName(8)).toBe(false);
    expect(catalog.hasName(10)).toBe(true);
    expect(catalog.hasName(11)).toBe(false);
    expect(catalog.hasVerse('reader', '002255')).toBe(true);
    expect(catalog.hasVerse('absent', '002255')).toBe(false);
    await writeFile(path.join(mediaDir, 'asma-ul-husna', '09.mp3'), 'x');
    expect(catalog.hasName(9)).toBe(false);
    await catalog.refresh();
    expect(catalog.hasName(9)).toBe(true);
    catalog.close();
  });

  // The generation invalidates every memoised answer (apps/edge/src/content-response/memo.ts):
  // moved by a rescan that found nothing new, it had the edge make every hot answer again at
  // once each minute (a mushaf page signs ~200 links: 0.7 s of stalls reading pages in turn).
  it('moves its generation only when a rescan finds other files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ira-media-generation-'));
    await mkdir(path.join(dir, 'asma-ul-husna'), { recursive: true });
    await mkdir(path.join(dir, 'quran', 'reader'), { recursive: true });
    await writeFile(path.join(dir, 'asma-ul-husna', '01.mp3'), 'x');
    const catalog = await openMediaCatalog(dir, ['reader']);
    const first = catalog.generation;
    await catalog.refresh();
    expect(catalog.generation).toBe(first);
    await writeFile(path.join(dir, 'quran', 'reader', '001001.mp3'), 'x');
    await catalog.refresh();
    const added = catalog.generation;
    expect(added).toBeGreaterThan(first);
    await catalog.refresh();
    expect(catalog.generation).toBe(added);
    await rm(path.join(dir, 'asma-ul-husna', '01.mp3'));
    await catalog.refresh();
    expect(catalog.generation).toBeGreaterThan(added);
    catalog.close();
    await rm(dir, { recursive: true, force: true });
  });
});
