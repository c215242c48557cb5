// `npm run audio -- status`: what the audio cache and MEDIA_DIR hold, per reciter, read
// from the directories (changing nothing), beside the cache's bound.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@ira/core/runtime/config';
import { listCache, type ListedFile } from '../../apps/edge/src/audio/cache-listing.ts';
import { NAMES_MEDIA_DIR } from '../../apps/edge/src/audio/media-catalog.ts';
import type { Catalogue } from './catalogue.ts';
import { formatMb, type Io } from './io.ts';

type StatusConfig = Pick<
  Config,
  'audioMode' | 'audioCacheDir' | 'audioCacheMaxBytes' | 'mediaDir' | 'audioUpstreamUrl'
>;

export async function status(config: StatusConfig, catalogue: Catalogue, io: Io): Promise<number> {
  const cached = await listCache(config.audioCacheDir);
  const media = config.mediaDir === null ? [] : await listCache(config.mediaDir);
  const total = catalogue.verseCounts.reduce((sum, count) => sum + count, 0);
  const cachedBytes = cached.reduce((sum, file) => sum + file.size, 0);
  io.out(`AUDIO_MODE=${config.audioMode}, upstream ${config.audioUpstreamUrl}`);
  io.out(
    `cache ${config.audioCacheDir}: ${cached.length} files, ` +
      `${formatMb(cachedBytes)} of ${formatMb(config.audioCacheMaxBytes)}`,
  );
  io.out(`MEDIA_DIR ${config.mediaDir ?? 'not set'}`);
  const rows = catalogue.reciters.map((reciter) => {
    const dir = reciter.source.type === 'local' ? reciter.source.dir : reciter.id;
    return [
      reciter.id,
      reciter.source.type,
      reciter.source.type === 'remote' ? cell(cached, reciter.id, total) : '—',
      config.mediaDir === null ? '—' : cell(media, dir, total),
    ];
  });
  for (const line of table([['reciter', 'source', 'cache', 'MEDIA_DIR'], ...rows])) io.out(line);
  if (config.mediaDir !== null) io.out(`99 Names in MEDIA_DIR: ${await nameFiles(config.mediaDir)}/99`);
  return 0;
}

function cell(files: readonly ListedFile[], reciterDir: string, total: number): string {
  const own = files.filter((file) => file.reciterId === reciterDir);
  return `${own.length}/${total} (${formatMb(own.reduce((sum, file) => sum + file.size, 0))})`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((value, column) => value.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
}

async function nameFiles(mediaDir: string): Promise<number> {
  const names = await readdir(path.join(mediaDir, NAMES_MEDIA_DIR)).catch(() => []);
  return names.filter((name) => /^\d{2}\.mp3$/.test(name)).length;
}
