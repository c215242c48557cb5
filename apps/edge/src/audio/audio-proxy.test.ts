// AUDIO_MODE=proxy end to end (issue 37's "Done when"): a real edge whose
// AUDIO_UPSTREAM_URL is a recitation server on 127.0.0.1, never the internet.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { request, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registry } from '@ira/core/runtime/observe/metrics';
import { verseAudioPath } from './audio-links.ts';
import { jsonOf, rawRequest, signed, type RawResponse } from '../testing/audio-client.ts';
import { startEdge, type Edge } from '../testing/edge-harness.ts';
import { ALAFASY_FOLDER, fakeRecitation, startTestUpstream, type TestUpstream } from '../testing/test-upstream.ts';

const TIMEOUT_MS = 400;
const SIZE = 3_000;
const LAST_MODIFIED = 'Mon, 02 Mar 2026 08:00:00 GMT';

let upstream: TestUpstream;
let edge: Edge;
let cacheDir: string;
// Each test takes verses of its own, so none finds another's file in the cache.
let nextVerse = 1;

/** A verse of Al-Baqarah the upstream serves with bytes of its own, and its signed path on the edge. */
function newVerse(file: { type?: string; size?: number } = {}): { path: string; bytes: Buffer; upstreamPath: string } {
  const id = `002${String(nextVerse++).padStart(3, '0')}`;
  const bytes = fakeRecitation(file.size ?? SIZE, nextVerse);
  const upstreamPath = `/data/${ALAFASY_FOLDER}/${id}.mp3`;
  upstream.files.set(upstreamPath, { bytes, type: file.type, lastModified: LAST_MODIFIED });
  return { path: signed(verseAudioPath('alafasy', id)), bytes, upstreamPath };
}

const get = (target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> =>
  rawRequest(edge.url, target, headers, method);
const fetchesOf = (upstreamPath: string) => upstream.requests.filter((p) => p === upstreamPath).length;

function proxyEnv(): Record<string, string> {
  return { AUDIO_UPSTREAM_URL: upstream.url, AUDIO_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), AUDIO_CACHE_DIR: cacheDir };
}

beforeAll(async () => {
  upstream = await startTestUpstream();
  cacheDir = await mkdtemp(path.join(tmpdir(), 'ira-audio-cache-'));
  edge = await startEdge(proxyEnv());
});
afterAll(async () => {
  await edge.close();
  await upstream.stop();
  await rm(cacheDir, { recursive: true, force: true });
});
afterEach(async () => {
  upstream.delayMs = 0;
  await edge.deps.audio!.settled();
});

describe('a signed verse link with AUDIO_MODE=proxy', () => {
  it("answers 200 with the upstream's exact bytes and type, then from the cache without the upstream", async () => {
    const verse = newVerse({ type: 'audio/mpeg' });
    const first = await get(verse.path);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['content-length']).toBe(String(SIZE));
    expect(first.headers['accept-ranges']).toBe('bytes');
    expect(first.headers['last-modified']).toBe(LAST_MODIFIED);
    expect(first.body.equals(verse.bytes)).toBe(true);
    await edge.deps.audio!.settled();
    const second = await get(verse.path);
    expect(second.status).toBe(200);
    expect(second.body.equals(verse.bytes)).toBe(true);
    // The same entity while streaming and once kept.
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(fetchesOf(verse.upstreamPath)).toBe(1);
  });

  it("passes the upstream's Content-Type through, also once cached", async () => {
    const verse = newVerse({ type: 'audio/mp4' });
    expect((await get(verse.path)).headers['content-type']).toBe('audio/mp4');
    await edge.deps.audio!.settled();
    expect((await get(verse.path)).headers['content-type']).toBe('audio/mp4');
  });

  it('Range: bytes=100-199 answers 206 with those 100 bytes, uncached and cached', async () => {
    const verse = newVerse();
    for (const round of ['uncached', 'cached']) {
      const res = await get(verse.path, { Range: 'bytes=100-199' });
      expect(res.status, round).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 100-199/${SIZE}`);
      expect(res.body.equals(verse.bytes.subarray(100, 200)), round).toBe(true);
      await edge.deps.audio!.settled();
    }
    expect(fetchesOf(verse.upstreamPath)).toBe(1);
  });

  it("writes a kept file's range with its head in one call, no header set one by one", async () => {
    const verse = newVerse();
    await get(verse.path); // cached
    await edge.deps.audio!.settled();
    await get(verse.path, { Range: 'bytes=0-9' }); // kept in memory
    const setHeader = vi.spyOn(ServerResponse.prototype, 'setHeader');
    try {
      const res = await get(verse.path, { Range: 'bytes=100-199', 'X-Request-Id': 'audio-1' });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 100-199/${SIZE}`);
      expect(res.headers['x-request-id']).toBe('audio-1');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.body.equals(verse.bytes.subarray(100, 200))).toBe(true);
      expect(setHeader).not.toHaveBeenCalled();
    } finally {
      setHeader.mockRestore();
    }
  });

  it('answers a range of an uncached file as soon as its bytes arrive, before the whole file', async () => {
    const verse = newVerse();
    const pauseMs = TIMEOUT_MS - 100;
    upstream.files.get(verse.upstreamPath)!.pauseAfter = { bytes: 1_000, ms: pauseMs };
    const started = performance.now();
    const res = await get(verse.path, { Range: 'bytes=100-199' });
    expect(performance.now() - started).toBeLessThan(pauseMs);
    expect(res.status).toBe(206);
    expect(res.body.equals(verse.bytes.subarray(100, 200))).toBe(true);
    await edge.deps.audio!.settled();
    expect((await get(verse.path)).body.equals(verse.bytes)).toBe(true);
    expect(fetchesOf(verse.upstreamPath)).toBe(1);
  });

  it('keeps filling the cache when the first listener leaves part way', async () => {
    const verse = newVerse();
    upstream.files.get(verse.upstreamPath)!.pauseAfter = { bytes: 1_000, ms: 100 };
    await new Promise<void>((resolve, reject) => {
      const { port } = new URL(edge.url);
      const req = request({ host: '127.0.0.1', port, path: verse.path }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => (req.destroyed ? resolve() : reject(error)));
      req.end();
    });
    await edge.deps.audio!.settled();
    expect((await get(verse.path)).body.equals(verse.bytes)).toBe(true);
    expect(fetchesOf(verse.upstreamPath)).toBe(1);
  });

  it.each([
    ['bytes=2500-', 2500, SIZE - 1],
    ['bytes=-300', SIZE - 300, SIZE - 1],
    ['bytes=0-0', 0, 0],
    ['bytes=2990-9999', 2990, SIZE - 1],
  ])('%s → 206 with the same bytes as the upstream, before and after the file is kept', async (range, start, end) => {
    const verse = newVerse();
    for (const round of ['uncached', 'cached']) {
      const res = await get(verse.path, { Range: range });
      expect(res.status, round).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${SIZE}`);
      expect(res.body.equals(verse.bytes.subarray(start, end + 1)), round).toBe(true);
      await edge.deps.audio!.settled();
    }
  });

  it('416 with bytes */size for a range past the end, uncached and cached', async () => {
    const verse = newVerse();
    for (const round of ['uncached', 'cached']) {
      const res = await get(verse.path, { Range: `bytes=${SIZE}-` });
      expect(res.status, round).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
      expect(jsonOf(res)).toMatchObject({ success: false, error: 'Range Not Satisfiable' });
      await edge.deps.audio!.settled();
    }
  });

  it('answers HEAD with the length and no body, and conditional requests with 304', async () => {
    const verse = newVerse();
    const head = await get(verse.path, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(SIZE));
    expect(head.body.length).toBe(0);
    await edge.deps.audio!.settled();
    const etag = String(head.headers.etag);
    expect((await get(verse.path, { 'If-None-Match': etag })).status).toBe(304);
    expect((await get(verse.path, { 'If-Modified-Since': LAST_MODIFIED })).status).toBe(304);
    const stale = await get(verse.path, { Range: 'bytes=0-9', 'If-Range': '"other"' });
    expect(stale.status).toBe(200);
    expect(fetchesOf(verse.upstreamPath)).toBe(1);
  });

  it('two concurrent first requests cause one upstream fetch, and both get the bytes', async () => {
    const verse = newVerse();
    upstream.delayMs = 100;
    const [a, b] = await Promise.all([get(verse.path), get(verse.path, { Range: 'bytes=10-19' })]);
    expect(a.body.equals(verse.bytes)).toBe(true);
    expect(b.body.equals(verse.bytes.subarray(10, 20))).toBe(true);
    expect(fetchesOf(verse.upstreamPath)).toBe(1);
  });

  it('a tampered signature answers 403 without reaching the upstream', async () => {
    const verse = newVerse();
    const tampered = verse.path.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);
    const expired = signed(verse.path.split('?')[0]!, Math.floor(Date.now() / 1000) - 1);
    for (const target of [tampered, expired, verse.path.split('?')[0]!]) {
      const res = await get(target);
      expect(res.status).toBe(403);
      expect(jsonOf(res)).toMatchObject({ success: false, error: 'Forbidden' });
    }
    expect(fetchesOf(verse.upstreamPath)).toBe(0);
  });
});

describe('upstream faults', () => {
  it('a slow upstream answers 504 JSON within the timeout, and nothing is kept', async () => {
    const verse = newVerse();
    upstream.delayMs = TIMEOUT_MS * 4;
    const started = performance.now();
    const res = await get(verse.path);
    const tookMs = performance.now() - started;
    expect(res.status).toBe(504);
    expect(jsonOf(res)).toMatchObject({ success: false, error: 'Gateway Timeout' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(tookMs).toBeLessThan(TIMEOUT_MS + 300);
    upstream.delayMs = 0;
    expect((await get(verse.path)).body.equals(verse.bytes)).toBe(true);
  });

  it('an upstream 404 answers 404 JSON', async () => {
    const res = await get(signed(verseAudioPath('alafasy', '003001')));
    expect(res.status).toBe(404);
    expect(jsonOf(res)).toEqual({ success: false, error: 'Not Found', message: 'No audio file at this address.' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an upstream 5xx, cut body or non-audio page answers 502 JSON (or a cut answer) and keeps nothing', async () => {
    const failing = newVerse();
    upstream.files.get(failing.upstreamPath)!.status = 503;
    const html = newVerse({ type: 'text/html; charset=utf-8' });
    for (const verse of [failing, html]) {
      const res = await get(verse.path);
      expect(res.status).toBe(502);
      expect(jsonOf(res)).toEqual({
        success: false,
        error: 'Bad Gateway',
        message: 'The audio upstream is unavailable.',
      });
    }
    const cut = newVerse();
    upstream.files.get(cut.upstreamPath)!.cutAfter = 1_000;
    await expect(get(cut.path)).rejects.toThrow();
    await edge.deps.audio!.settled();
    // Fixed upstream: each is fetched again, since nothing was kept.
    upstream.files.get(failing.upstreamPath)!.status = undefined;
    upstream.files.get(cut.upstreamPath)!.cutAfter = undefined;
    expect((await get(failing.path)).body.equals(failing.bytes)).toBe(true);
    expect((await get(cut.path)).body.equals(cut.bytes)).toBe(true);
    expect(fetchesOf(failing.upstreamPath)).toBe(2);
    expect(fetchesOf(cut.upstreamPath)).toBe(2);
  });

  it('a stopped upstream answers 502 JSON in the timeout for an uncached verse; cached ones still play', async () => {
    const cached = newVerse();
    expect((await get(cached.path)).status).toBe(200);
    await edge.deps.audio!.settled();
    const uncached = newVerse();
    await upstream.stop();
    try {
      const started = performance.now();
      const res = await get(uncached.path);
      expect(res.status).toBe(502);
      expect(jsonOf(res)).toMatchObject({ success: false, error: 'Bad Gateway' });
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 300);
      const played = await get(cached.path, { Range: 'bytes=100-199' });
      expect(played.status).toBe(206);
      expect(played.body.equals(cached.bytes.subarray(100, 200))).toBe(true);
    } finally {
      await upstream.start();
    }
    // Back again: the uncached verse plays.
    expect((await get(uncached.path)).body.equals(uncached.bytes)).toBe(true);
  });
});

describe('the disk cache', () => {
  it('serves a restarted edge from the cache without the upstream', async () => {
    const verse = newVerse({ type: 'audio/ogg' });
    const before = await get(verse.path);
    await edge.deps.audio!.settled();
    await upstream.stop();
    const restarted = await startEdge(proxyEnv());
    try {
      const res = await rawRequest(restarted.url, verse.path, { Range: 'bytes=100-199' });
      expect(res.status).toBe(206);
      expect(res.body.equals(verse.bytes.subarray(100, 200))).toBe(true);
      expect(res.headers['content-type']).toBe('audio/ogg');
      expect(res.headers.etag).toBe(before.headers.etag);
    } finally {
      await restarted.close();
      await upstream.start();
    }
  });

  it('evicts the least recently used files past AUDIO_CACHE_MAX_MB', async () => {
    const small = await startEdge({
      ...proxyEnv(),
      AUDIO_CACHE_DIR: path.join(cacheDir, 'small'),
      AUDIO_CACHE_MAX_MB: '1',
    });
    try {
      // 400 KB each: two fit in 1 MB, a third evicts the least recently used.
      const [a, b, c] = [newVerse({ size: 400_000 }), newVerse({ size: 400_000 }), newVerse({ size: 400_000 })];
      const read = async (verse: typeof a) => {
        const res = await rawRequest(small.url, verse.path);
        await small.deps.audio!.settled();
        return res;
      };
      await read(a);
      await read(b);
      await read(a); // a is now more recent than b
      await read(c); // evicts b
      expect(small.deps.audio!.cache.usage()).toEqual({ files: 2, bytes: 800_000 });
      // a and c from the cache, b from the upstream again.
      for (const verse of [a, c, b]) expect((await read(verse)).body.equals(verse.bytes)).toBe(true);
      expect([a, b, c].map((verse) => fetchesOf(verse.upstreamPath))).toEqual([1, 2, 1]);
    } finally {
      await small.close();
    }
  });

  it("serves a remote reciter's file from MEDIA_DIR as it is, without the upstream", async () => {
    const verse = newVerse();
    const id = verse.upstreamPath.slice(-10, -4);
    await mkdir(path.join(edge.config.mediaDir!, 'quran', 'alafasy'), { recursive: true });
    await writeFile(path.join(edge.config.mediaDir!, 'quran', 'alafasy', `${id}.mp3`), verse.bytes);
    await edge.deps.media.refresh();
    const res = await get(verse.path);
    expect(res.body.equals(verse.bytes)).toBe(true);
    expect(fetchesOf(verse.upstreamPath)).toBe(0);
  });
});

describe('metrics', () => {
  it('counts cache hits and misses, bytes from the upstream and upstream errors', async () => {
    const value = async (name: string, labels: Record<string, string> = {}) => {
      const metric = (await registry.getSingleMetric(name)!.get()).values;
      return metric
        .filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
        .reduce((sum, v) => sum + v.value, 0);
    };
    const before = {
      hits: await value('ira_audio_cache_lookups_total', { result: 'hit' }),
      misses: await value('ira_audio_cache_lookups_total', { result: 'miss' }),
      bytes: await value('ira_audio_upstream_bytes_total'),
      notFound: await value('ira_audio_upstream_errors_total', { reason: 'not_found' }),
    };
    const verse = newVerse();
    await get(verse.path);
    await edge.deps.audio!.settled();
    await get(verse.path);
    await get(signed(verseAudioPath('alafasy', '004001')));
    expect(await value('ira_audio_cache_lookups_total', { result: 'hit' })).toBe(before.hits + 1);
    expect(await value('ira_audio_cache_lookups_total', { result: 'miss' })).toBe(before.misses + 2);
    expect(await value('ira_audio_upstream_bytes_total')).toBe(before.bytes + SIZE);
    expect(await value('ira_audio_upstream_errors_total', { reason: 'not_found' })).toBe(before.notFound + 1);
  });
});
