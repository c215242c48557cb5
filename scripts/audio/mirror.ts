// `npm run audio -- mirror`: fetches a remote reciter's verse files from AUDIO_UPSTREAM_URL
// ahead of time, into the audio cache (the edge then answers them as cache hits) or into
// MEDIA_DIR (kept for good and served in either AUDIO_MODE). A file already there is
// skipped, so a run that stopped is resumed by running it again: every file is checked
// against the upstream's Content-Length and written atomically, so a file present is whole.
import path from 'node:path';
import type { Reciter } from '@ira/core/contract/content-format';
import type { Config } from '@ira/core/runtime/config';
import { writeFileAtomic } from '../../apps/edge/src/audio/atomic-file.ts';
import { openAudioCache } from '../../apps/edge/src/audio/audio-cache.ts';
import { wholeSecondMs } from '../../apps/edge/src/audio/byte-range.ts';
import { listCache, removeLeftovers } from '../../apps/edge/src/audio/cache-listing.ts';
import { upstreamBases } from '../../apps/edge/src/audio/reciter-upstream.ts';
import { createUpstream, type Download } from '../../apps/edge/src/audio/upstream.ts';
import { verseIds, type Catalogue } from './catalogue.ts';
import { formatMb, type Io } from './io.ts';

export interface MirrorOptions {
  /** A remote reciter of the catalogue. */
  reciter: Reciter;
  surahs: { from: number; to: number };
  to: 'cache' | 'media';
  /** Pause before the n-th retry of a file: n times this (1 s by default). */
  retryPauseMs?: number;
}

type MirrorConfig = Pick<
  Config,
  | 'audioCacheDir'
  | 'audioCacheMaxBytes'
  | 'mediaDir'
  | 'audioUpstreamUrl'
  | 'audioUpstreamTimeoutMs'
  | 'audioUpstreamConcurrency'
>;

// A file the upstream failed to give (not a 404) is asked for this many times in all.
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = 1_000;

type Store = (key: string, download: Extract<Download, { kind: 'ok' }>) => Promise<'kept' | 'full'>;

/** Mirrors the reciter's verses of the surahs asked for; returns the exit code (1 if any file is missing). */
export async function mirror(
  config: MirrorConfig,
  catalogue: Catalogue,
  options: MirrorOptions,
  io: Io,
): Promise<number> {
  const { reciter, surahs } = options;
  const dir = options.to === 'cache' ? config.audioCacheDir : config.mediaDir!;
  const base = upstreamBases([reciter], config.audioUpstreamUrl).get(reciter.id)!;
  const store = await openStore(config, options.to, dir);
  const present = new Set((await listCache(dir)).map((file) => file.key));
  const verses = verseIds(catalogue.verseCounts, surahs.from, surahs.to).map((verse) => ({
    ...verse,
    key: `quran/${reciter.id}/${verse.id}.mp3`,
  }));
  io.out(
    `${reciter.id}: ${verses.length} verse files of surahs ${surahs.from}-${surahs.to} ` +
      `from ${base} into ${dir} (${options.to})`,
  );
  const tally = createTally(verses, io);
  const queue = verses.filter((verse) => {
    if (!present.has(verse.key)) return true;
    tally.done(verse.surah, 'already');
    return false;
  });
  const full = await fetchAll(queue, { base, store, tally, config, options });
  if (full)
    io.err(
      "Stopped: this run's files fill the cache bound " +
        `(AUDIO_CACHE_MAX_MB=${config.audioCacheMaxBytes / 1024 / 1024}); ` +
        'raise it, or mirror into MEDIA_DIR with --to media.',
    );
  return tally.summary() && !full ? 0 : 1;
}

interface Run {
  base: string;
  store: Store;
  tally: ReturnType<typeof createTally>;
  config: MirrorConfig;
  options: MirrorOptions;
}

/** Fetches and keeps every queued file, AUDIO_UPSTREAM_CONCURRENCY at once; true if it stopped at the cache bound. */
async function fetchAll(queue: { surah: number; id: string; key: string }[], run: Run): Promise<boolean> {
  const upstream = createUpstream({
    timeoutMs: run.config.audioUpstreamTimeoutMs,
    concurrency: run.config.audioUpstreamConcurrency,
  });
  let full = false;
  const worker = async () => {
    for (let verse = queue.shift(); verse !== undefined && !full; verse = queue.shift()) {
      const url = `${run.base}${verse.id}.mp3`;
      const download = await fetchWithRetries((each) => upstream.download(each), url, run.options);
      if (download.kind === 'failed') run.tally.failed(verse.surah, verse.id, `${download.reason}: ${download.detail}`);
      else if ((await run.store(verse.key, download)) === 'full') full = true;
      else run.tally.done(verse.surah, 'fetched', download.bytes.length);
    }
  };
  try {
    await Promise.all(Array.from({ length: run.config.audioUpstreamConcurrency }, worker));
  } finally {
    await upstream.close();
  }
  return full;
}

/** Where fetched files go: the cache (bounded: stops once this run alone would fill it) or MEDIA_DIR. */
async function openStore(config: MirrorConfig, to: MirrorOptions['to'], dir: string): Promise<Store> {
  if (to === 'media') {
    await removeLeftovers(dir);
    return async (key, { bytes, head }) => {
      await writeFileAtomic(path.join(dir, key), bytes, head.lastModifiedMs ?? wholeSecondMs(Date.now()));
      return 'kept';
    };
  }
  const cache = await openAudioCache(dir, config.audioCacheMaxBytes);
  let runBytes = 0;
  return async (key, { bytes, head }) => {
    // Past this the cache would evict files this run fetched.
    if (runBytes + bytes.length > config.audioCacheMaxBytes) return 'full';
    runBytes += bytes.length;
    const kept = await cache.store(key, bytes, head.type, head.lastModifiedMs ?? wholeSecondMs(Date.now()));
    if (!kept) throw new Error(`cannot write ${key} into ${dir}`);
    return 'kept';
  };
}

async function fetchWithRetries(
  download: (url: string) => Promise<Download>,
  url: string,
  options: MirrorOptions,
): Promise<Download> {
  let result = await download(url);
  for (let attempt = 1; attempt < ATTEMPTS && result.kind === 'failed' && result.reason !== 'not_found'; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, attempt * (options.retryPauseMs ?? RETRY_PAUSE_MS)));
    result = await download(url);
  }
  return result;
}

/** Counts per surah, a progress line as each surah completes, and the summary. */
function createTally(verses: readonly { surah: number }[], io: Io) {
  const left = new Map<number, number>();
  for (const { surah } of verses) left.set(surah, (left.get(surah) ?? 0) + 1);
  const counts = { fetched: 0, already: 0, bytes: 0 };
  const failures: string[] = [];
  const finished = () => counts.fetched + counts.already + failures.length;
  const settle = (surah: number) => {
    const remaining = left.get(surah)! - 1;
    left.set(surah, remaining);
    if (remaining === 0)
      io.out(
        `  surah ${surah} done: ${finished()}/${verses.length} files (${counts.fetched} fetched, ` +
          `${formatMb(counts.bytes)}; ${counts.already} already there; ${failures.length} failed)`,
      );
  };
  return {
    done(surah: number, how: 'fetched' | 'already', bytes = 0) {
      counts[how] += 1;
      counts.bytes += bytes;
      settle(surah);
    },
    failed(surah: number, id: string, why: string) {
      failures.push(`  ${id}: ${why}`);
      settle(surah);
    },
    /** Prints the totals and the failures; true when every file is there. */
    summary(): boolean {
      io.out(
        `${counts.fetched + counts.already}/${verses.length} files there: ` +
          `${counts.fetched} fetched (${formatMb(counts.bytes)}), ` +
          `${counts.already} already there, ${failures.length} failed`,
      );
      if (failures.length > 0) io.err(`Failed (run the same command again to retry them):\n${failures.join('\n')}`);
      return failures.length === 0 && finished() === verses.length;
    },
  };
}
