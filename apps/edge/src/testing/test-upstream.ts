// A recitation upstream on loopback for the audio proxy's tests and the bench: serves the
// files it is given under /data/<folder>/SSSVVV.mp3 (EveryAyah's layout), records every
// request, and can be slowed, made to fail, stopped and started again on the same port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UpstreamFile {
  bytes: Buffer;
  type?: string;
  lastModified?: string;
  /** Answer this status instead (with a short text body). */
  status?: number;
  /** Send only this many bytes of the body, then cut the connection. */
  cutAfter?: number;
  /** Send this many bytes of the body, then the rest after a pause. */
  pauseAfter?: { bytes: number; ms: number };
}

export interface TestUpstream {
  /** The AUDIO_UPSTREAM_URL to give the edge: http://127.0.0.1:<port>/data */
  readonly url: string;
  /** Paths of the GETs received, in order. */
  readonly requests: string[];
  /** Files by path, e.g. /data/Alafasy_128kbps/002255.mp3; any other path answers 404. */
  readonly files: Map<string, UpstreamFile>;
  /** Wait this long before answering each request. */
  delayMs: number;
  /** Requests being answered right now, and the most there ever were at once. */
  readonly active: { now: number; most: number };
  /** Closes the port (connections are then refused) and every open connection. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export const ALAFASY_FOLDER = 'Alafasy_128kbps';

/** Deterministic bytes standing for an MP3 (the proxy never decodes them). */
export function fakeRecitation(size: number, seed: number): Buffer {
  return Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed * 17 + (i >> 8)) % 256));
}

const VERSE_FILE = /\/(\d{6})\.mp3$/;

/**
 * `everyVerseBytes`: any verse path not in `files` answers a file of this size of its own (a stack that links to
 * any verse).
 */
export async function startTestUpstream(options: { everyVerseBytes?: number } = {}): Promise<TestUpstream> {
  const files = new Map<string, UpstreamFile>();
  const fileAt = (url: string): UpstreamFile | undefined => {
    const verse = VERSE_FILE.exec(url);
    if (files.has(url) || verse === null || options.everyVerseBytes === undefined) return files.get(url);
    return { bytes: fakeRecitation(options.everyVerseBytes, Number(verse[1])) };
  };
  const requests: string[] = [];
  const active = { now: 0, most: 0 };
  const state = { delayMs: 0 };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    requests.push(req.url ?? '');
    active.now += 1;
    active.most = Math.max(active.most, active.now);
    res.on('close', () => (active.now -= 1));
    setTimeout(() => answer(fileAt(req.url ?? ''), req, res), state.delayMs);
  };
  let server: Server = createServer(handler);
  await listenOn(server, 0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/data`,
    requests,
    files,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value) {
      state.delayMs = value;
    },
    active,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    async start() {
      server = createServer(handler);
      await listenOn(server, port);
    },
  };
}

function answer(file: UpstreamFile | undefined, req: IncomingMessage, res: ServerResponse): void {
  if (file === undefined || file.status !== undefined) {
    res.writeHead(file?.status ?? 404, { 'Content-Type': 'text/plain' }).end('no such file');
    return;
  }
  res.writeHead(200, {
    'Content-Type': file.type ?? 'audio/mpeg',
    'Content-Length': String(file.bytes.length),
    ...(file.lastModified ? { 'Last-Modified': file.lastModified } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (file.cutAfter !== undefined) {
    res.write(file.bytes.subarray(0, file.cutAfter), () => res.destroy());
    return;
  }
  const pause = file.pauseAfter;
  if (pause === undefined) {
    res.end(file.bytes);
    return;
  }
  res.write(file.bytes.subarray(0, pause.bytes));
  setTimeout(() => res.end(file.bytes.subarray(pause.bytes)), pause.ms);
}

function listenOn(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
}
