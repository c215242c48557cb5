// Fetches recitation files from the audio upstream (AUDIO_UPSTREAM_URL), for the proxy
// and the mirror command alike. At most AUDIO_UPSTREAM_CONCURRENCY fetches run at once;
// AUDIO_UPSTREAM_TIMEOUT_MS bounds the wait for the answer to start (a free slot included)
// and every pause in its body. Failures are values, each with the reason the metrics and
// the client's status are chosen by (timeout → 504, not_found → 404, the rest → 502).
import { Agent, interceptors, type Dispatcher } from 'undici';
import { audioUpstreamBytes, audioUpstreamErrors } from '@ira/core/runtime/observe/metrics';

export type UpstreamFailure = 'timeout' | 'not_found' | 'bad_status' | 'unreachable' | 'bad_body';

export interface UpstreamHead {
  /** Content-Length; null when the upstream does not say. */
  size: number | null;
  type: string;
  /** Last-Modified; null when absent or unreadable. */
  lastModifiedMs: number | null;
}

export type Download =
  | { kind: 'ok'; head: UpstreamHead & { size: number }; bytes: Buffer }
  | { kind: 'failed'; reason: UpstreamFailure; detail: string };

type Failed = Extract<Download, { kind: 'failed' }>;

/** Told of the answer's head and of each part of its body as they arrive (to stream them on). */
export interface DownloadWatcher {
  head?(head: UpstreamHead): void;
  chunk?(chunk: Buffer): void;
}

export interface Upstream {
  download(url: string, watcher?: DownloadWatcher): Promise<Download>;
  close(): Promise<void>;
}

export interface UpstreamOptions {
  timeoutMs: number;
  concurrency: number;
}

// One verse's recording is a few MB at most (ten minutes at 192 kbit/s is 14 MB); a file is
// held in memory while it arrives, so a larger answer is refused rather than kept.
export const UPSTREAM_FILE_MAX_BYTES = 32 * 1024 * 1024;
const MAX_REDIRECTIONS = 3;
// The catalogue's layout is SSSVVV.mp3; an upstream that names no type serves MP3.
const LAYOUT_TYPE = 'audio/mpeg';
// An HTML page answered with 200 (a mirror's error page) is not a recitation: never cached.
const AUDIO_TYPE = /^(audio\/[\w.+-]+|application\/octet-stream)\s*(;|$)/i;

export function createUpstream(options: UpstreamOptions): Upstream {
  const agent = new Agent({
    connections: options.concurrency,
    connectTimeout: options.timeoutMs,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  const dispatcher = agent.compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTIONS }));
  const slots = createSlots(options.concurrency);
  return {
    async download(url, watcher = {}) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs);
      try {
        if (!(await slots.acquire(controller.signal)))
          return failed('timeout', `no upstream fetch slot came free within ${options.timeoutMs} ms`);
        try {
          return await fetchFile(dispatcher, new URL(url), controller.signal, () => clearTimeout(timer), watcher);
        } finally {
          slots.release();
        }
      } finally {
        clearTimeout(timer);
      }
    },
    // At shutdown a fetch under way is dropped (nothing half is kept) rather than waited for.
    close: () => agent.destroy(),
  };
}

async function fetchFile(
  dispatcher: Dispatcher,
  url: URL,
  signal: AbortSignal,
  started: () => void,
  watcher: DownloadWatcher,
): Promise<Download> {
  let answer: Dispatcher.ResponseData;
  try {
    answer = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      // Byte-exact: no compression; the upstream's bytes are what is cached and served.
      headers: { 'accept-encoding': 'identity', 'user-agent': 'islamic-reference-api (audio proxy)' },
      signal,
    });
  } catch (error) {
    return failed(signal.aborted || isTimeout(error) ? 'timeout' : 'unreachable', describe(error));
  }
  started();
  const head = headOf(answer);
  if ('reason' in head) {
    await answer.body.dump().catch(() => {});
    return head;
  }
  watcher.head?.(head);
  return readBody(answer.body, head, watcher);
}

/** The whole body, each part handed to the watcher as it arrives, checked against the head's length. */
async function readBody(
  body: Dispatcher.ResponseData['body'],
  head: UpstreamHead,
  watcher: DownloadWatcher,
): Promise<Download> {
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      received += chunk.length;
      audioUpstreamBytes.inc(chunk.length);
      if (received > UPSTREAM_FILE_MAX_BYTES) {
        body.destroy();
        return failed('bad_body', `the file is larger than ${UPSTREAM_FILE_MAX_BYTES} bytes`);
      }
      chunks.push(chunk);
      watcher.chunk?.(chunk);
    }
  } catch (error) {
    return failed(isTimeout(error) ? 'timeout' : 'unreachable', describe(error));
  }
  if (head.size !== null && received !== head.size)
    return failed('bad_body', `the body ended after ${received} of ${head.size} bytes`);
  return { kind: 'ok', head: { ...head, size: received }, bytes: Buffer.concat(chunks, received) };
}

/** The head of a 200 answer that can be a recitation, or why not. */
function headOf(answer: Dispatcher.ResponseData): UpstreamHead | Failed {
  const { statusCode, headers } = answer;
  if (statusCode === 404 || statusCode === 410) return failed('not_found', `the upstream answered ${statusCode}`);
  if (statusCode !== 200) return failed('bad_status', `the upstream answered ${statusCode}`);
  const encoding = single(headers['content-encoding']);
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity')
    return failed('bad_body', `the upstream sent Content-Encoding ${encoding}`);
  const type = single(headers['content-type']) ?? LAYOUT_TYPE;
  if (!AUDIO_TYPE.test(type)) return failed('bad_body', `the upstream sent ${type}, not audio`);
  const length = single(headers['content-length']);
  const size = length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
  if (size !== null && size > UPSTREAM_FILE_MAX_BYTES)
    return failed('bad_body', `the file is larger than ${UPSTREAM_FILE_MAX_BYTES} bytes`);
  const lastModified = Date.parse(single(headers['last-modified']) ?? '');
  return { size, type, lastModifiedMs: Number.isNaN(lastModified) ? null : lastModified };
}

function failed(reason: UpstreamFailure, detail: string): Failed {
  audioUpstreamErrors.inc({ reason });
  return { kind: 'failed', reason, detail };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
}

function describe(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? code : String(message ?? error);
}

/** At most `limit` holders at once; the others wait in order, each until its signal aborts. */
function createSlots(limit: number): { acquire(signal: AbortSignal): Promise<boolean>; release(): void } {
  let free = limit;
  const waiting = new Set<() => void>();
  return {
    acquire(signal) {
      if (free > 0) {
        free -= 1;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const grant = () => {
          signal.removeEventListener('abort', abandon);
          resolve(true);
        };
        const abandon = () => {
          waiting.delete(grant);
          resolve(false);
        };
        waiting.add(grant);
        signal.addEventListener('abort', abandon, { once: true });
      });
    },
    release() {
      const next = waiting.values().next();
      if (next.done) free += 1;
      else {
        waiting.delete(next.value);
        next.value();
      }
    },
  };
}
