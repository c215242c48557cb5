import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nameAudioPath, verseAudioPath } from './audio-links.ts';
import { jsonOf, rawRequest, signed } from '../testing/audio-client.ts';
import { getJson, LOCAL_RECITER, NAME_AUDIO, startEdge, type Edge } from '../testing/edge-harness.ts';

let edge: Edge;
beforeAll(async () => {
  edge = await startEdge();
});
afterAll(() => edge.close());

const raw = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(edge.url, path, headers, method);
const json = jsonOf;
const INVALID = { success: false, error: 'Forbidden', message: 'Invalid audio signature.' };
const EXPIRED = { success: false, error: 'Forbidden', message: 'Audio link has expired.' };

describe('GET /api/v1/audio/asma-ul-husna/NN.mp3', () => {
  it('serves the file with type, length, ranges and ETag, no API key needed', async () => {
    const res = await raw(signed(nameAudioPath(1)));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(NAME_AUDIO.length));
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.body.equals(NAME_AUDIO)).toBe(true);
  });

  it('names its route for the access log and metrics, as a content answer does', async () => {
    const key = await edge.key();
    await getJson(`${edge.url}/api/v1/asma-ul-husna/1`, key);
    await raw(signed(nameAudioPath(1)), { Range: 'bytes=0-9' });
    await vi.waitFor(() =>
      expect(edge.routes.slice(-2)).toEqual(['/api/v1/asma-ul-husna/:number', '/api/v1/audio/*path']),
    );
  });

  it('works with the URL a name response hands out', async () => {
    const key = await edge.key();
    const { body } = await getJson(`${edge.url}/api/v1/asma-ul-husna/1`, key);
    const url = new URL(body.data.audio);
    expect((await raw(`${url.pathname}${url.search}`)).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await raw(signed(nameAudioPath(1)), {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(NAME_AUDIO.length));
    expect(res.body.length).toBe(0);
  });

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const first = await raw(signed(nameAudioPath(1)));
    const again = await raw(signed(nameAudioPath(1)), { 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  describe('Range', () => {
    it.each([
      ['bytes=0-9', 0, 9],
      ['bytes=990-', 990, 999],
      ['bytes=-10', 990, 999],
      ['bytes=995-5000', 995, 999],
    ])('%s → 206 with Content-Range', async (range, start, end) => {
      const res = await raw(signed(nameAudioPath(1)), { Range: range });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
      expect(res.body.equals(NAME_AUDIO.subarray(start, end + 1))).toBe(true);
    });

    it('416 with bytes */size when the range starts past the end', async () => {
      const res = await raw(signed(nameAudioPath(1)), { Range: 'bytes=1000-' });
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */1000');
      expect(json(res)).toMatchObject({ success: false, error: 'Range Not Satisfiable' });
    });

    it('serves the whole file for a stale If-Range or a multi-range request', async () => {
      expect((await raw(signed(nameAudioPath(1)), { Range: 'bytes=0-9', 'If-Range': '"stale"' })).status).toBe(200);
      expect((await raw(signed(nameAudioPath(1)), { Range: 'bytes=0-1,5-9' })).status).toBe(200);
    });

    it('checks the signature and expiry on Range requests too', async () => {
      const expired = await raw(signed(nameAudioPath(1), Math.floor(Date.now() / 1000) - 1), { Range: 'bytes=0-9' });
      expect(expired.status).toBe(403);
      expect(json(expired)).toEqual(EXPIRED);
    });
  });

  describe('signature', () => {
    it('403 Invalid audio signature when it is missing, tampered or for another file', async () => {
      const good = signed(nameAudioPath(1));
      const tampered = good.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);
      for (const path of [
        nameAudioPath(1),
        tampered,
        good.replace('01.mp3', '03.mp3'),
        `${good}&signature=${'0'.repeat(64)}`,
      ]) {
        const res = await raw(path);
        expect(res.status, path).toBe(403);
        expect(json(res)).toEqual(INVALID);
      }
    });

    it('403 Audio link has expired once expires has passed', async () => {
      const res = await raw(signed(nameAudioPath(1), Math.floor(Date.now() / 1000) - 1));
      expect(res.status).toBe(403);
      expect(json(res)).toEqual(EXPIRED);
    });

    it('404 for a validly signed name that has no file or no such number', async () => {
      const missing = await raw(signed(nameAudioPath(3)));
      expect(missing.status).toBe(404);
      // The file may be added later: the 404 must not be cached for the link's lifetime.
      expect(missing.headers['cache-control']).toBe('no-store');
      expect((await raw(signed('/api/v1/audio/asma-ul-husna/00.mp3'))).status).toBe(404);
    });
  });

  describe('nothing outside MEDIA_DIR', () => {
    it('refuses a symlink that points out of the media root, even when signed', async () => {
      const res = await raw(signed(nameAudioPath(2)));
      expect(res.status).toBe(404);
      expect(res.body.toString()).not.toContain('not for clients');
    });

    it.each([
      '/api/v1/audio/asma-ul-husna/../../../secret.mp3',
      '/api/v1/audio/asma-ul-husna/..%2f..%2fsecret.mp3',
      '/api/v1/audio/asma-ul-husna/%2e%2e/%2e%2e/secret.mp3',
      '/api/v1/audio/asma-ul-husna/%252e%252e%252fsecret.mp3',
      '/api/v1/audio/asma-ul-husna/..\\..\\secret.mp3',
      '/api/v1/audio/asma-ul-husna/%5c..%5csecret.mp3',
      '/api/v1/audio/quran/..%2f..%2f/001001.mp3',
      '/api/v1/audio/quran/bengali-muhiuddin-khan/..%2f001001.mp3',
      '/api/v1/audio//etc/passwd',
      '/api/v1/audio/asma-ul-husna/%30%31.mp3',
    ])('404 for %s, even with a matching signature', async (path) => {
      const res = await raw(signed(path));
      expect(res.status).toBe(404);
      expect(json(res)).toMatchObject({ success: false, error: 'Not Found' });
    });

    it('refuses an absolute path in the request target', async () => {
      const res = await raw(`http://127.0.0.1${signed('/etc/passwd')}`);
      expect([404, 401]).toContain(res.status);
      expect(res.body.toString()).not.toContain('root:');
    });
  });
});

describe('GET /api/v1/audio/quran/<reciter>/<SSSVVV>.mp3', () => {
  it('serves a local reciter file that exists', async () => {
    const res = await raw(signed(verseAudioPath(LOCAL_RECITER.id, LOCAL_RECITER.verse)));
    expect(res.status).toBe(200);
    expect(res.body.equals(NAME_AUDIO.subarray(0, 10))).toBe(true);
  });

  it('404 for a local verse without a file, an unknown reciter or verse', async () => {
    expect((await raw(signed(verseAudioPath(LOCAL_RECITER.id, '001002')))).status).toBe(404);
    expect((await raw(signed(verseAudioPath('nobody', '001001')))).status).toBe(404);
    expect((await raw(signed(verseAudioPath('alafasy', '001008')))).status).toBe(404);
  });

  it('with AUDIO_MODE=redirect, 302-redirects a remote reciter to its origin, or to AUDIO_UPSTREAM_URL', async () => {
    const path = signed(verseAudioPath('alafasy', '002255'));
    for (const [upstream, location] of [
      ['', 'https://everyayah.com/data/Alafasy_128kbps/002255.mp3'],
      ['https://mirror.example/quran/', 'https://mirror.example/quran/Alafasy_128kbps/002255.mp3'],
    ]) {
      const redirecting = await startEdge({ AUDIO_MODE: 'redirect', AUDIO_UPSTREAM_URL: upstream! });
      try {
        const res = await rawRequest(redirecting.url, path);
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe(location);
      } finally {
        await redirecting.close();
      }
    }
  });

  it('checks the signature before revealing anything', async () => {
    const res = await raw(verseAudioPath('alafasy', '002255'));
    expect(res.status).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });
});
