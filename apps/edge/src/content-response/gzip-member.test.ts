import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { DEFLATES_AT_ONCE, deflateOnce, gzipBody, MAX_STORED_BYTES } from './gzip-member.ts';

// Counts the deflates zlib is running for deflateOnce.
const deflating = vi.hoisted(() => ({ now: 0, most: 0 }));
vi.mock(import('node:zlib'), async (importOriginal) => {
  const zlib = await importOriginal();
  const deflateRaw = (bytes: Buffer, options: object, done: (error: Error | null, result: Buffer) => void) => {
    deflating.most = Math.max(deflating.most, ++deflating.now);
    zlib.deflateRaw(bytes, options, (error, result) => {
      deflating.now--;
      done(error, result);
    });
  };
  return { ...zlib, deflateRaw: deflateRaw as typeof zlib.deflateRaw };
});

const VERSE_TEXT = 'In the name of Allah, the Entirely Merciful';
const json = (n: number) =>
  Buffer.from(`{"data":${JSON.stringify(Array.from({ length: n }, (_, i) => ({ verse: i, text: VERSE_TEXT })))}`);
const tail = Buffer.from(
  ',"timestamp":"2026-11-28T00:00:00.000Z","rateLimit":{"limit":1000,"remaining":998,"reset":1795825200}}',
);

describe('gzipBody', () => {
  it.each([
    ['a small answer', json(3), tail],
    ['a large answer', json(20_000), tail],
    ['bytes that do not compress', randomBytes(70_000), tail],
    ['an empty tail', json(10), Buffer.alloc(0)],
    ['the largest tail', json(10), Buffer.alloc(MAX_STORED_BYTES, 'x')],
  ])('decodes to the bytes and then the tail: %s', async (_, bytes, end) => {
    const body = Buffer.concat(gzipBody(await deflateOnce(bytes), end));
    const expected = Buffer.concat([bytes, end]);
    expect(gunzipSync(body).equals(expected)).toBe(true);
    // An independent decoder (GNU gzip) checks the CRC and length as well.
    expect(execFileSync('gzip', ['-dc'], { input: body, maxBuffer: 64 * 1024 * 1024 }).equals(expected)).toBe(true);
  });

  it('reuses the deflated bytes for every tail', async () => {
    const head = await deflateOnce(json(50));
    const [, first] = gzipBody(head, tail);
    const [, second] = gzipBody(head, Buffer.from(',"timestamp":"2026-11-28T00:00:01.000Z"}'));
    expect(second).toBe(first);
    expect(first.length).toBeLessThan(head.length / 4);
  });

  it('refuses a tail a stored block cannot hold', async () => {
    const head = await deflateOnce(json(1));
    expect(() => gzipBody(head, Buffer.alloc(MAX_STORED_BYTES + 1))).toThrow(RangeError);
  });
});

describe('deflateOnce', () => {
  // Each deflate holds its compressor's state (~260 KB) from the moment it starts; libuv
  // runs four at a time. A burst of first gzip reads must not hold hundreds at once.
  it(`runs at most ${DEFLATES_AT_ONCE} deflates at once, the others in turn`, async () => {
    deflating.most = 0;
    const answers = Array.from({ length: 40 }, (_, i) => json(100 + i));
    const heads = await Promise.all(answers.map((bytes) => deflateOnce(bytes)));
    expect(deflating.most).toBe(DEFLATES_AT_ONCE);
    expect(deflating.now).toBe(0);
    heads.forEach((head, i) =>
      expect(gunzipSync(Buffer.concat(gzipBody(head, tail))).equals(Buffer.concat([answers[i]!, tail]))).toBe(true),
    );
  });

  // The memo counts a kept answer by its deflated length (memo.ts), so that must be all it holds:
  // zlib's output is a slice of a larger chunk (mushaf page 50's 10.5 KB held 64 KB).
  it.each([
    ['a mushaf page', json(400)],
    ['a short answer', json(3)],
  ])('holds no more memory than its deflated bytes: %s', async (_, bytes) => {
    const { deflated } = await deflateOnce(bytes);
    expect(deflated.buffer.byteLength).toBe(deflated.length);
    expect(deflated.byteOffset).toBe(0);
  });
});
