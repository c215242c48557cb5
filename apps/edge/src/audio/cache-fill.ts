// One upstream fetch per file however many listeners ask for it at once (request
// coalescing): the first miss starts a fill, later misses join it until the file is kept.
// Every reader is handed the bytes as they arrive, so a Range read of a file not cached yet
// is answered without waiting for the whole file; once complete, the file goes to the cache.
import { Readable } from 'node:stream';
import type { AudioCache } from './audio-cache.ts';
import { wholeSecondMs } from './byte-range.ts';
import type { MediaSource } from './send-media.ts';
import type { Upstream, UpstreamFailure } from './upstream.ts';

export type FillAnswer =
  | { kind: 'ready'; source: Extract<MediaSource, { kind: 'stream' }>; type: string }
  | { kind: 'failed'; reason: UpstreamFailure; detail: string };

export interface Fills {
  /** The file `key` from `url`: joins the fill under way or starts one. Resolves once the file's size is known. */
  get(key: string, url: string): Promise<FillAnswer>;
  /** Resolves once every fill under way has ended, kept or not. */
  settled(): Promise<void>;
}

export function createFills(upstream: Upstream, cache: AudioCache): Fills {
  const underWay = new Map<string, { answer: Promise<FillAnswer>; done: Promise<void> }>();
  return {
    get(key, url) {
      const known = underWay.get(key);
      if (known !== undefined) return known.answer;
      const fill = startFill(key, url, upstream, cache);
      // Until the file is kept, a new miss joins this fill rather than fetching it again.
      const done = fill.done.finally(() => underWay.delete(key));
      underWay.set(key, { answer: fill.answer, done });
      return fill.answer;
    },
    async settled() {
      await Promise.all([...underWay.values()].map((fill) => fill.done));
    },
  };
}

function startFill(
  key: string,
  url: string,
  upstream: Upstream,
  cache: AudioCache,
): { answer: Promise<FillAnswer>; done: Promise<void> } {
  const arrived = createArrivals();
  const answer = Promise.withResolvers<FillAnswer>();
  let type = '';
  // Fixed when the head arrives, so the ETag given while streaming is the cached file's.
  let mtimeMs = 0;
  const ready = (size: number) =>
    answer.resolve({ kind: 'ready', type, source: { kind: 'stream', size, mtimeMs, read: arrived.read } });
  const done = upstream
    .download(url, {
      head(head) {
        type = head.type;
        mtimeMs = head.lastModifiedMs ?? wholeSecondMs(Date.now());
        // Without a Content-Length the size is known only at the end.
        if (head.size !== null) ready(head.size);
      },
      chunk: arrived.add,
    })
    .then(async (download) => {
      if (download.kind === 'failed') {
        arrived.fail(new Error(download.detail));
        answer.resolve(download);
        return;
      }
      ready(download.head.size);
      await cache.store(key, download.bytes, download.head.type, mtimeMs);
    });
  return { answer: answer.promise, done };
}

/** The parts of a body as they arrive, readable from any offset while more are still coming. */
function createArrivals(): {
  add(chunk: Buffer): void;
  fail(error: Error): void;
  read(start: number, end: number): Readable;
} {
  const chunks: Buffer[] = [];
  let failure: Error | null = null;
  let wake = Promise.withResolvers<void>();
  const pulse = () => {
    const woken = wake;
    wake = Promise.withResolvers<void>();
    woken.resolve();
  };

  /** Bytes `start` to `end` (inclusive), waiting for each part that has not arrived yet. */
  async function* slices(start: number, end: number): AsyncGenerator<Buffer> {
    let position = start;
    let index = 0;
    let offset = 0; // where chunks[index] starts in the file
    while (position <= end) {
      while (index < chunks.length && offset + chunks[index]!.length <= position) {
        offset += chunks[index]!.length;
        index += 1;
      }
      if (index < chunks.length) {
        const slice = chunks[index]!.subarray(position - offset, end + 1 - offset);
        position += slice.length;
        yield slice;
      } else if (failure !== null) {
        throw failure;
      } else {
        await wake.promise;
      }
    }
  }

  return {
    add(chunk) {
      chunks.push(chunk);
      pulse();
    },
    fail(error) {
      failure = error;
      pulse();
    },
    read: (start, end) => Readable.from(slices(start, end), { objectMode: false }),
  };
}
