import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUrlSigner } from '../audio/url-signer.ts';
import { getJson, startEdge, type Edge } from '../testing/edge-harness.ts';
import type { ContentEndpoint } from './content-answer.ts';
import type * as GzipMember from './gzip-member.ts';
import { createContentMemo, linkPhaseMs, type KeptAnswer } from './memo.ts';
import { createContentResponder, type ContentResponderOptions } from './respond.ts';
import { COMPRESS_THRESHOLD_BYTES } from '@ira/core/runtime/middleware/compression';

// Deflates can be held under way (deflates.hold) to show what a replay does meanwhile.
const deflates = vi.hoisted(() => {
  let held: (() => void)[] | null = null;
  return {
    hold: () => void (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    },
    turn: (): Promise<void> => (held === null ? Promise.resolve() : new Promise((go) => held!.push(go))),
  };
});
vi.mock('./gzip-member.ts', async (original) => {
  const real = await original<typeof GzipMember>();
  return { ...real, deflateOnce: async (bytes: Buffer) => (await deflates.turn(), real.deflateOnce(bytes)) };
});

let edge: Edge;
let key: string;

beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 100_000 });
});
afterAll(() => edge.close());
afterEach(() => vi.useRealTimers());

const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  getJson(`${edge.url}${pathAndQuery}`, key, { headers });
const expiresOf = (verse: any): string[] =>
  verse.audio.map((link: { url: string }) => new URL(link.url).searchParams.get('expires'));

// Only Date is faked: the server's sockets and fetch keep their real timers.
function at(epochMs: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(epochMs);
}

/**
 * When the steps of the answer to `key` start in the minute `minuteMs` begins: the harness signs links for an
 * hour, in 60 s steps.
 */
const stepStart = (minuteMs: number, key: string): number => minuteMs + linkPhaseMs(key, 60_000);

// The memo keeps an answer the second time a read is asked for (see "admission" below): a
// test that means a replay reads twice first.
describe('the content memo, through the edge', () => {
  it('replays the data of an identical read in the link step with its own rateLimit and max-age, counted', async () => {
    const start = stepStart(Date.UTC(2026, 10, 23, 12, 0, 0), '/api/v1/quran/verse/2:255');
    at(start + 100);
    const first = await get('/api/v1/quran/verse/2:255');
    await get('/api/v1/quran/verse/2:255'); // read before: kept this time
    vi.setSystemTime(start + 59_900);
    const second = await get('/api/v1/quran/verse/2:255');
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.timestamp).toBe(new Date(start + 59_900).toISOString());
    expect(second.body.rateLimit.remaining).toBe(first.body.rateLimit.remaining - 2);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('vary')).toBe(first.headers.get('vary'));
    // Bodies with links may be kept until the half-hour generation ends: 12:30:00.
    const phaseS = (start - Date.UTC(2026, 10, 23, 12, 0, 0)) / 1000;
    expect(first.headers.get('cache-control')).toBe(`private, max-age=${1800 - phaseS}`);
    expect(second.headers.get('cache-control')).toBe(`private, max-age=${1741 - phaseS}`);
  });

  it('makes the answer again in the next step: links issued at its start, a full lifetime ahead', async () => {
    const start = stepStart(Date.UTC(2026, 10, 23, 12, 2, 0), '/api/v1/quran/verse/1:1');
    at(start - 1);
    const first = await get('/api/v1/quran/verse/1:1');
    await get('/api/v1/quran/verse/1:1'); // kept
    vi.setSystemTime(start);
    const next = await get('/api/v1/quran/verse/1:1');
    const [before, after] = [expiresOf(first.body.data), expiresOf(next.body.data)];
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before)).toEqual(new Set([String((start - 60_000) / 1000 + 3600)]));
    expect(new Set(after)).toEqual(new Set([String(start / 1000 + 3600)]));
  });

  it('spreads the turn of answers with links over the step: each issues its links at a moment of its own', async () => {
    const nowMs = Date.UTC(2026, 10, 23, 12, 8, 0, 500);
    at(nowMs);
    const issuedS = new Set<number>();
    for (let page = 1; page <= 120; page++) {
      const { body } = await get(`/api/v1/quran/page/${page}?lang=english`);
      const expires = new Set<string>(body.data.verses.flatMap(expiresOf));
      // One answer's links are issued together, within the step before the read.
      expect(expires.size).toBe(1);
      const issued = Number([...expires][0]) - 3600;
      expect(issued * 1000).toBeLessThanOrEqual(nowMs);
      expect(issued * 1000).toBeGreaterThan(nowMs - 60_000);
      issuedS.add(issued);
    }
    // All at the minute would be one moment, and every answer made again at once when it turns.
    expect(issuedS.size).toBeGreaterThan(40);
  });

  it("keeps today's Name by the UTC date, so a replay never crosses midnight", async () => {
    at(Date.UTC(2026, 10, 30, 23, 59, 59, 900));
    await get('/api/v1/asma-ul-husna/daily');
    expect((await get('/api/v1/asma-ul-husna/daily')).body.data.number).toBe(30);
    vi.setSystemTime(Date.UTC(2026, 11, 1, 0, 0, 0, 0));
    expect((await get('/api/v1/asma-ul-husna/daily')).body.data.number).toBe(1);
  });

  it('answers If-None-Match on a replayed read with 304; parameters in another order share the answer', async () => {
    at(Date.UTC(2026, 10, 23, 12, 3, 0, 0));
    const first = await get('/api/v1/quran/juz/30?audio=none&lang=english');
    await get('/api/v1/quran/juz/30?audio=none&lang=english');
    const reordered = await get('/api/v1/quran/juz/30?lang=english&audio=none');
    expect(reordered.body.data).toEqual(first.body.data);
    const revalidated = await get('/api/v1/quran/juz/30?audio=none&lang=english', {
      'If-None-Match': first.headers.get('etag')!,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
  });

  it('keeps different parameters apart and never replays an error', async () => {
    at(Date.UTC(2026, 10, 23, 12, 4, 0, 0));
    const english = await get('/api/v1/quran/verse/1:1?lang=english&audio=none');
    const arabic = await get('/api/v1/quran/verse/1:1?lang=arabic&audio=none');
    expect(Object.keys(english.body.data.text)).toEqual(['english']);
    expect(Object.keys(arabic.body.data.text)).toEqual(['arabic']);
    const missing = await get('/api/v1/quran/verse/1:8');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
    expect((await get('/api/v1/quran/verse/1:8')).body).toEqual(missing.body);
  });

  it('does not take a value holding an escaped & and = for two parameters', async () => {
    at(Date.UTC(2026, 10, 23, 12, 4, 30, 0));
    const smuggled = '/api/v1/quran/verse/1:1?audio=none%26lang%3Denglish';
    expect((await get(smuggled)).status).toBe(400);
    await get('/api/v1/quran/verse/1:1?audio=none&lang=english');
    await get('/api/v1/quran/verse/1:1?audio=none&lang=english');
    const again = await get(smuggled);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/audio/);
  });

  // Without Accept-Encoding (node:http sends none) unless `headers` say.
  const raw = (path: string, method = 'GET', headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; length: number; body: Buffer }>(
      (resolve, reject) => {
        http
          .request(`${edge.url}${path}`, { method, headers: { 'X-API-Key': key, ...headers } }, async (response) => {
            const chunks: Buffer[] = [];
            for await (const chunk of response) chunks.push(chunk as Buffer);
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              length: Number(response.headers['content-length']),
              body: Buffer.concat(chunks),
            });
          })
          .on('error', reject)
          .end();
      },
    );

  it('writes a replay to a client without Accept-Encoding with every header a routed answer has', async () => {
    at(Date.UTC(2026, 10, 23, 12, 7, 0, 0));
    const first = await raw('/api/v1/quran/verse/2:255');
    await raw('/api/v1/quran/verse/2:255');
    const replayed = await raw('/api/v1/quran/verse/2:255');
    expect(replayed.status).toBe(200);
    expect(replayed.length).toBe(replayed.body.length);
    expect(JSON.parse(replayed.body.toString('utf8')).data).toEqual(JSON.parse(first.body.toString('utf8')).data);
    for (const name of ['content-type', 'etag', 'cache-control', 'vary', 'ratelimit-policy'])
      expect(replayed.headers[name]).toBe(first.headers[name]);
    expect(replayed.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    expect(replayed.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(replayed.headers.ratelimit).toMatch(/^"general";r=\d+;t=\d+$/);
    const head = await raw('/api/v1/quran/verse/2:255', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('writes the head of a made and of a replayed answer in one call, no header set one by one', async () => {
    at(Date.UTC(2026, 10, 23, 12, 7, 30, 0));
    const path = '/api/v1/quran/surah/3?pageSize=20';
    const gzip = { 'Accept-Encoding': 'gzip' };
    await raw(path); // read before: the next one is kept
    await raw(path);
    // The first gzip replay starts the deflate of the kept bytes; they go gzip once it is done.
    await vi.waitFor(async () => expect((await raw(path, 'GET', gzip)).headers['content-encoding']).toBe('gzip'));
    const setHeader = vi.spyOn(http.ServerResponse.prototype, 'setHeader');
    const writeHead = vi.spyOn(http.ServerResponse.prototype, 'writeHead');
    try {
      const answers = [await raw('/api/v1/quran/verse/3:7'), await raw(path), await raw(path, 'GET', gzip)];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
        expect(answer.headers.ratelimit).toMatch(/^"general";r=\d+;t=\d+$/);
        expect(answer.headers.etag).toMatch(/^W\//);
        expect(answer.headers.vary).toBe('Accept-Encoding, X-API-Key');
      }
      expect(answers[2]!.headers['content-encoding']).toBe('gzip');
      expect(setHeader).not.toHaveBeenCalled();
      expect(writeHead).toHaveBeenCalledTimes(3);
    } finally {
      setHeader.mockRestore();
      writeHead.mockRestore();
    }
  });

  it('replays a large answer (a whole Al-Baqarah) byte for byte but its tail, with exact Content-Length', async () => {
    at(Date.UTC(2026, 10, 23, 12, 6, 0, 0));
    const first = await raw('/api/v1/quran/surah/2?pageSize=286');
    await raw('/api/v1/quran/surah/2?pageSize=286');
    const replayed = await raw('/api/v1/quran/surah/2?pageSize=286');
    expect(replayed.body.length).toBeGreaterThan(1_000_000);
    expect(replayed.length).toBe(replayed.body.length);
    const dataOf = (body: Buffer) => JSON.parse(body.toString('utf8')).data;
    expect(dataOf(replayed.body)).toEqual(dataOf(first.body));
    const tailStart = first.body.lastIndexOf(',"timestamp":');
    expect(replayed.body.subarray(0, tailStart).equals(first.body.subarray(0, tailStart))).toBe(true);
  });

  it('makes its answers again after a media rescan that found other files, not one that found the same', async () => {
    at(Date.UTC(2026, 10, 23, 12, 5, 0, 0));
    const before = await get('/api/v1/asma-ul-husna/1');
    await get('/api/v1/asma-ul-husna/1');
    expect(before.body.data.audio).toBeDefined();
    const generation = edge.deps.media.generation;
    await edge.deps.media.refresh();
    expect(edge.deps.media.generation).toBe(generation);
    // Name 99's audio arrives: answers made before may name other files.
    const added = path.join(edge.config.mediaDir!, 'asma-ul-husna', '99.mp3');
    await writeFile(added, 'x');
    await edge.deps.media.refresh();
    expect(edge.deps.media.generation).toBe(generation + 1);
    const after = await get('/api/v1/asma-ul-husna/1');
    expect(after.body.data).toEqual(before.body.data);
    expect((await get('/api/v1/asma-ul-husna/99')).body.data.audio).toBeDefined();
    await rm(added);
    await edge.deps.media.refresh();
  });
});

describe('createContentMemo', () => {
  const answer = (bytes: number, issuedMs = 0, generation = 0): KeptAnswer => ({
    prefix: Buffer.alloc(bytes, 0x20),
    hasLinks: false,
    issuedMs,
    generation,
    apiInfoJson: '{}',
    routePath: '/x',
  });

  it('keeps an answer only for a request asked for before, so one-off reads keep nothing', () => {
    const memo = createContentMemo();
    const once = Array.from({ length: 200 }, (_, i) => `/api/v1/quran/search?q=word${i}`);
    for (const key of once) expect(memo.offer(key, answer(10))).toBe(false);
    for (const key of once) expect(memo.get(key, 0, 0)).toBeUndefined();
    for (const key of once) expect(memo.offer(key, answer(10))).toBe(true);
    for (const key of once) expect(memo.get(key, 0, 0)).toBeDefined();
  });

  it('replays an answer only in the link step and media generation it was made in', () => {
    const memo = createContentMemo();
    memo.offer('/a', answer(10, 60_000, 1));
    memo.offer('/a', answer(10, 60_000, 1));
    expect(memo.get('/a', 60_000, 1)).toBeDefined();
    expect(memo.get('/a', 120_000, 1)).toBeUndefined();
    expect(memo.get('/a', 60_000, 2)).toBeUndefined();
  });

  it('makes room for an answer’s deflated bytes as for its own', async () => {
    // ~4.1 KB of base64 deflates to ~3 KB: two answers (~4.6 KB counted each) fit in 11 KB
    // as they are, not with a deflate beside them.
    const memo = createContentMemo(11_000);
    const noisy = (): KeptAnswer => ({ ...answer(0), prefix: Buffer.from(randomBytes(3_000).toString('base64')) });
    const [a, b] = [noisy(), noisy()];
    for (const [key, kept] of [
      ['/a', a],
      ['/a', a],
      ['/b', b],
      ['/b', b],
    ] as const)
      memo.offer(key, kept);
    expect(memo.get('/a', 0, 0)).toBe(a);
    expect(memo.get('/b', 0, 0)).toBe(b);
    expect(memo.deflated('/a', a)).toBeNull(); // under way on the thread pool
    await vi.waitFor(() => expect(memo.deflated('/a', a)).not.toBeNull());
    expect(memo.get('/b', 0, 0)).toBeUndefined();
  });
});

/**
 * A bare app around the content response (links for an hour unless `lifetimeS` says otherwise,
 * one media generation, a stand-in for the guard) for the describe block it is called in: `data`
 * answers every read that reaches the route, given when its links are issued, counted in `runs`,
 * so a replay shows as a run not made.
 */
function bareResponder(
  data: (ctx: Koa.Context, issuedMs: number) => object,
  options: Pick<ContentResponderOptions, 'remaking'> & { lifetimeS?: number } = {},
): { runs: number; url: string } {
  const bare = { runs: 0, url: '' };
  let server: http.Server;
  beforeAll(async () => {
    const lifetimeS = options.lifetimeS ?? 3600;
    const links = createUrlSigner({ secret: 'unused', origin: '', lifetimeS });
    // A stand-in for the edge's guard: every request is let through with a rateLimit to show.
    const guard: Koa.Middleware = (ctx, next) => {
      ctx.state.apiKey = { id: 'k', key: 'k', limits: { general: 10, calculation: 10 } };
      ctx.state.rateLimit = { category: 'general', limit: 10, remaining: 9, nextResetAt: '2026-01-01T00:00:00.000Z' };
      return next();
    };
    const responder = createContentResponder({
      treeVersion: '0123456789abcdef',
      links,
      linkLifetimeS: lifetimeS,
      mediaGeneration: () => 0,
      docsUrl: 'http://docs',
      ...(options.remaking ? { remaking: options.remaking } : {}),
    });
    const endpoint: ContentEndpoint = {
      service: 'quran',
      keep: 'step',
      answer(ctx, { issuedMs }) {
        bare.runs += 1;
        return { data: JSON.stringify(data(ctx, issuedMs)), hasLinks: false };
      },
    };
    const router = new Router();
    router.get('/*path', responder.route({ usage: 'GET /x', routePath: '/*path', endpoint }));
    const app = new Koa();
    app.use(guard);
    app.use(responder.replay);
    app.use(router.routes());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    bare.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return bare;
}

describe('the content memo: admission in the next link step', () => {
  const memo = bareResponder((ctx) => ({ path: ctx.path }));
  const read = async (path: string) =>
    ((await (await fetch(`${memo.url}${path}`)).json()) as { data: { path: string } }).data.path;
  const runsFor = async (paths: string[]) => {
    const before = memo.runs;
    for (const path of paths) expect(await read(path)).toBe(path.split('?')[0]);
    return memo.runs - before;
  };

  it('admits at once in the next link step a read asked for in the step before', async () => {
    const start = stepStart(Date.UTC(2026, 10, 23, 13, 1, 0), '/api/v1/quran/page/7');
    at(start + 30_000);
    expect(await runsFor(['/api/v1/quran/page/7', '/api/v1/quran/page/7', '/api/v1/quran/page/7'])).toBe(2);
    vi.setSystemTime(start + 60_000);
    // New step: made again for fresh links, kept at once, then replayed.
    expect(await runsFor(['/api/v1/quran/page/7', '/api/v1/quran/page/7'])).toBe(1);
  });
});

describe('the content memo after a quiet spell', () => {
  // Kept answers whose link step ended while nobody read them were all made again as they were
  // read, back to back: read in turn after a few seconds without reads, ~60 mushaf pages signed
  // ~200 links each and held up every read behind them (bench: quran-page-varying, its p99).
  // Here each make takes 5 ms, and remaking may take 1 ms of a window longer than the test: the
  // first remake finds the share unspent and spends it, however slow a loaded machine makes it.
  const MAKE_MS = 5;
  const slow = (ctx: Koa.Context, issuedMs: number) => {
    const until = performance.now() + MAKE_MS;
    while (performance.now() < until);
    return { path: ctx.path, issuedMs };
  };
  const paths = ['/api/v1/quran/page/1', '/api/v1/quran/page/2', '/api/v1/quran/page/3'];
  /** What a read was answered with (its links' issue time) and whether the route ran for it. */
  const reader = (memo: { runs: number; url: string }) => async (path: string) => {
    const before = memo.runs;
    const { data } = (await (await fetch(`${memo.url}${path}`)).json()) as { data: { path: string; issuedMs: number } };
    expect(data.path).toBe(path);
    return { issuedMs: data.issuedMs, ran: memo.runs > before };
  };

  describe('with links for an hour (60 s steps)', () => {
    const memo = bareResponder(slow, { remaking: { windowMs: 3_600_000, budgetMs: 1 } });
    const read = reader(memo);

    it('makes them again within its share of time, else replays the step before, never two steps old', async () => {
      const minute = Date.UTC(2026, 10, 23, 15, 0, 0);
      const stepOf = (path: string, n: number) => stepStart(minute + n * 60_000, path);
      at(minute + 60_000 - 1);
      for (const path of paths) {
        await read(path);
        await read(path); // kept
      }
      // Every step has turned: the first is made again within the share and spends it, the
      // others are replayed from the step before.
      vi.setSystemTime(minute + 2 * 60_000 - 1);
      expect(await read(paths[0]!)).toEqual({ issuedMs: stepOf(paths[0]!, 1), ran: true });
      expect(await read(paths[1]!)).toEqual({ issuedMs: stepOf(paths[1]!, 0), ran: false });
      expect(await read(paths[2]!)).toEqual({ issuedMs: stepOf(paths[2]!, 0), ran: false });
      // A step later the others' links are two steps old: made again though the share is
      // spent; the first is one step old and replayed.
      vi.setSystemTime(minute + 3 * 60_000 - 1);
      expect(await read(paths[1]!)).toEqual({ issuedMs: stepOf(paths[1]!, 2), ran: true });
      expect(await read(paths[2]!)).toEqual({ issuedMs: stepOf(paths[2]!, 2), ran: true });
      expect(await read(paths[0]!)).toEqual({ issuedMs: stepOf(paths[0]!, 1), ran: false });
    });
  });

  describe('with links for under a minute (1 s steps, a larger share of their life)', () => {
    const memo = bareResponder(slow, { lifetimeS: 59, remaking: { windowMs: 3_600_000, budgetMs: 0 } });
    const read = reader(memo);

    it('makes them again in every step, the share spent or not', async () => {
      const second = Date.UTC(2026, 10, 23, 15, 10, 0);
      at(second);
      await read(paths[0]!);
      expect(await read(paths[0]!)).toEqual({ issuedMs: second, ran: true }); // kept
      vi.setSystemTime(second + 1_000);
      expect(await read(paths[0]!)).toEqual({ issuedMs: second + 1_000, ran: true });
    });
  });
});

/** A GET whose body comes back as sent (fetch would decode it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the content memo replaying to a client that accepts gzip', () => {
  const memo = bareResponder((ctx) => ({
    path: ctx.path,
    text: 'In the name of Allah, the Entirely Merciful, the Especially Merciful. '.repeat(40),
  }));

  it('sends the kept bytes deflated once and its own tail, without running the route', async () => {
    const path = '/api/v1/quran/verse/1:1';
    const plain = JSON.parse((await rawGet(`${memo.url}${path}`, {})).body.toString());
    await rawGet(`${memo.url}${path}`, {}); // kept
    const before = memo.runs;
    // The first gzip replay has the bytes deflated on the thread pool; once they are, replays are gzip.
    const gzipped = await vi.waitFor(async () => {
      const response = await rawGet(`${memo.url}${path}`, { 'Accept-Encoding': 'br, gzip' });
      expect(response.headers['content-encoding']).toBe('gzip');
      return response;
    });
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
    expect(gzipped.body.length).toBeLessThan(plain.data.text.length / 4);
    const decoded = JSON.parse(gunzipSync(gzipped.body).toString());
    expect(decoded.data).toEqual(plain.data);
    expect(Date.parse(decoded.timestamp)).toBeGreaterThanOrEqual(Date.parse(plain.timestamp));
    expect(memo.runs).toBe(before);
    // The tail goes in a stored block, readable in the gzip bytes; what comes before it is the one deflate.
    const again = await rawGet(`${memo.url}${path}`, { 'Accept-Encoding': 'gzip' });
    const tailAt = again.body.indexOf(',"timestamp":"');
    expect(tailAt).toBeGreaterThan(0);
    expect(again.body.subarray(0, tailAt).equals(gzipped.body.subarray(0, tailAt))).toBe(true);
    // Refusing gzip, it goes as it is.
    const refused = await rawGet(`${memo.url}${path}`, { 'Accept-Encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(memo.runs).toBe(before);
  });
});

describe('the content memo replaying gzip while the kept bytes are being deflated', () => {
  const memo = bareResponder((ctx) => ({ path: ctx.path, text: 'Guidance for the righteous. '.repeat(200) }));
  afterEach(() => deflates.release()); // a failed test leaves no deflate held for the next

  it('sends them as they are at once, none compressed on its own, then gzip from the one deflate', async () => {
    const path = '/api/v1/quran/page/2';
    const gzip = { 'Accept-Encoding': 'gzip' };
    // Asked once: not kept, compressed by the compression step (none in this bare app).
    const plain = await rawGet(`${memo.url}${path}`, gzip);
    deflates.hold();
    const runs = memo.runs;
    const answers = [
      await rawGet(`${memo.url}${path}`, gzip), // made again and kept: its deflate starts
      ...(await Promise.all(Array.from({ length: 8 }, () => rawGet(`${memo.url}${path}`, gzip)))),
    ];
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toContain('Accept-Encoding');
      expect(JSON.parse(answer.body.toString()).data).toEqual(JSON.parse(plain.body.toString()).data);
    }
    expect(memo.runs).toBe(runs + 1);
    deflates.release();
    const gzipped = await vi.waitFor(async () => {
      const response = await rawGet(`${memo.url}${path}`, gzip);
      expect(response.headers['content-encoding']).toBe('gzip');
      return response;
    });
    expect(gzipped.body.indexOf(',"timestamp":"')).toBeGreaterThan(0); // the stored tail of the one deflate
    expect(memo.runs).toBe(runs + 1);
  });
});

describe('the content memo replaying a body that reaches the gzip threshold only with its tail', () => {
  // Like one Name: the kept bytes under 1 KiB, the answer with its tail over it.
  const memo = bareResponder(() => ({ text: 'x'.repeat(COMPRESS_THRESHOLD_BYTES - 200) }));

  it('sends the kept deflate and its stored tail, as for a larger answer', async () => {
    const path = '/api/v1/asma-ul-husna/1';
    const plain = await rawGet(`${memo.url}${path}`, {});
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD_BYTES);
    await rawGet(`${memo.url}${path}`, {}); // kept
    const gzipped = await vi.waitFor(async () => {
      const response = await rawGet(`${memo.url}${path}`, { 'Accept-Encoding': 'gzip' });
      expect(response.headers['content-encoding']).toBe('gzip');
      return response;
    });
    expect(gzipped.body.indexOf(',"timestamp":"')).toBeGreaterThan(0);
    expect(JSON.parse(gunzipSync(gzipped.body).toString()).data).toEqual(JSON.parse(plain.body.toString()).data);
  });
});
