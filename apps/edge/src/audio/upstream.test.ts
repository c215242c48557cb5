import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../testing/edge-harness.ts';
import { fakeRecitation, startTestUpstream, type TestUpstream } from '../testing/test-upstream.ts';
import { createUpstream } from './upstream.ts';

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.stop());

function put(name: string, bytes = fakeRecitation(500, name.length)): string {
  upstream.files.set(`/data/${name}`, { bytes });
  return `${upstream.url}/${name}`;
}

describe('createUpstream().download', () => {
  it('runs at most `concurrency` fetches at once; the others wait their turn', async () => {
    const client = createUpstream({ timeoutMs: 2_000, concurrency: 2 });
    upstream.delayMs = 50;
    upstream.active.most = 0;
    try {
      const urls = ['c1', 'c2', 'c3', 'c4', 'c5'].map((name) => put(name));
      const downloads = await Promise.all(urls.map((url) => client.download(url)));
      expect(downloads.map((d) => d.kind)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
      expect(upstream.active.most).toBe(2);
    } finally {
      upstream.delayMs = 0;
      await client.close();
    }
  });

  it('counts the wait for a free slot against the timeout', async () => {
    // The first answers in 400 ms of its 600; the second, waiting for its slot, needs 800.
    // Margins of 200 ms either way: a busy CI machine took the first past 50 ms of slack.
    const client = createUpstream({ timeoutMs: 600, concurrency: 1 });
    upstream.delayMs = 400;
    try {
      const [first, second] = await Promise.all([client.download(put('s1')), client.download(put('s2'))]);
      expect(first.kind).toBe('ok');
      expect(second).toMatchObject({ kind: 'failed', reason: 'timeout' });
    } finally {
      upstream.delayMs = 0;
      await client.close();
    }
  });

  it('follows a redirect to the file', async () => {
    const bytes = fakeRecitation(700, 3);
    const target = put('moved', bytes);
    const redirecting = createServer((_req, res) => res.writeHead(301, { Location: target }).end());
    await listen(redirecting);
    const client = createUpstream({ timeoutMs: 1_000, concurrency: 1 });
    try {
      const download = await client.download(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/x.mp3`);
      expect(download.kind === 'ok' && download.bytes.equals(bytes)).toBe(true);
    } finally {
      await client.close();
      redirecting.close();
    }
  });

  it.each([
    ['compressed', { 'Content-Encoding': 'gzip', 'Content-Type': 'audio/mpeg' }, /Content-Encoding gzip/],
    ['not audio', { 'Content-Type': 'text/html' }, /text\/html, not audio/],
  ])('refuses an answer that is %s', async (_what, headers, detail) => {
    const server = createServer((_req, res) => {
      res.writeHead(200, headers);
      res.end(Buffer.alloc(10));
    });
    await listen(server);
    const client = createUpstream({ timeoutMs: 1_000, concurrency: 1 });
    try {
      const download = await client.download(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x.mp3`);
      expect(download.kind).toBe('failed');
      if (download.kind === 'failed') {
        expect(download.reason).toBe('bad_body');
        expect(download.detail).toMatch(detail);
      }
    } finally {
      await client.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it('takes the length from the body when the upstream gives none, and Last-Modified as the time', async () => {
    const bytes = fakeRecitation(1234, 9);
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Last-Modified': 'Mon, 02 Mar 2026 08:00:00 GMT' });
      res.write(bytes.subarray(0, 600));
      res.end(bytes.subarray(600));
    });
    await listen(server);
    const client = createUpstream({ timeoutMs: 1_000, concurrency: 1 });
    try {
      const download = await client.download(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x.mp3`);
      expect(download).toMatchObject({
        kind: 'ok',
        head: { size: 1234, type: 'audio/mpeg', lastModifiedMs: Date.parse('2026-03-02T08:00:00Z') },
      });
    } finally {
      await client.close();
      server.close();
    }
  });
});
