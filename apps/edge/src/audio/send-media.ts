// The one way an audio file is answered, whether it comes from MEDIA_DIR, the audio cache
// or the upstream while it is still arriving: validators (ETag from size and modification
// time, Last-Modified), conditional requests (304), one byte range (206, 416), HEAD.
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import { ApiError } from '@ira/core/contract/errors';
import { setHeaders, writeHead } from '@ira/core/runtime/response-head';
import { decideRange, ifRangeAllows, matchesIfNoneMatch, notModifiedSince, wholeSecondMs } from './byte-range.ts';

/** A file to answer: its facts and where its bytes are. */
export type MediaSource = { size: number; mtimeMs: number } & (
  | { kind: 'bytes'; bytes: Buffer }
  | { kind: 'handle'; handle: FileHandle }
  /** Bytes `start` to `end` (inclusive) as they become available (a file still arriving from the upstream). */
  | { kind: 'stream'; read(start: number, end: number): Readable }
);

/** The entity tag of a file's current contents; the same for a file arriving and once it is cached. */
export function entityTag(size: number, mtimeMs: number): string {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

// A kept file (media-file.ts) is the same object for every read while it is kept, and a
// player reads it in many ranges: its validators are made once (bench: audio-proxy-range-64k).
const validatorsOf = new WeakMap<MediaSource, { etag: string; lastModified: string }>();

function validatorsFor(file: MediaSource): { etag: string; lastModified: string } {
  let known = validatorsOf.get(file);
  if (known === undefined) {
    known = {
      etag: entityTag(file.size, file.mtimeMs),
      lastModified: new Date(wholeSecondMs(file.mtimeMs)).toUTCString(),
    };
    validatorsOf.set(file, known);
  }
  return known;
}

export async function sendMedia(ctx: Context, file: MediaSource, type: string, cacheControl: string): Promise<void> {
  const { etag, lastModified } = validatorsFor(file);
  const validators = [
    'Cache-Control',
    cacheControl,
    'Accept-Ranges',
    'bytes',
    'ETag',
    etag,
    'Last-Modified',
    lastModified,
  ];
  const { headers } = ctx.req;
  const ifNoneMatch = present(headers['if-none-match']);
  const notModified =
    ifNoneMatch === undefined
      ? notModifiedSince(present(headers['if-modified-since']), file.mtimeMs)
      : matchesIfNoneMatch(ifNoneMatch, etag);
  const range = ifRangeAllows(present(headers['if-range']), etag, file.mtimeMs)
    ? decideRange(present(headers.range), file.size)
    : { kind: 'full' as const };
  if (notModified || range.kind === 'unsatisfiable') {
    setHeaders(ctx.res, validators);
    await release(file);
    // A conditional request is answered before its range (RFC 9110 §13.2.2).
    if (!notModified) throw rangeNotSatisfiable(file.size);
    ctx.status = 304;
    return;
  }
  const start = range.kind === 'partial' ? range.start : 0;
  const end = range.kind === 'partial' ? range.end : file.size - 1;
  const status = range.kind === 'partial' ? 206 : 200;
  const head = [...validators, 'Content-Type', type, 'Content-Length', String(end - start + 1)];
  if (range.kind === 'partial') head.push('Content-Range', `bytes ${start}-${end}/${file.size}`);
  if (file.kind === 'bytes' && ctx.method === 'GET') {
    // A kept file, read by a player in many ranges: the head in one call with the request id
    // (response-head.ts) and the bytes at once (bench: audio-proxy-range-64k).
    ctx.respond = false;
    writeHead(ctx.res, status, head);
    ctx.res.end(file.bytes.subarray(start, end + 1));
    return;
  }
  ctx.status = status;
  setHeaders(ctx.res, head); // the type as the upstream said, not through Koa's mime lookup
  await setBody(ctx, file, start, end);
}

/** Bytes `start` to `end` (none for HEAD), from wherever the file's bytes are. */
async function setBody(ctx: Context, file: MediaSource, start: number, end: number): Promise<void> {
  if (ctx.method === 'HEAD' || file.size === 0) {
    await release(file);
    // An explicit empty body: with none at all Koa would write its status text.
    if (ctx.method !== 'HEAD') ctx.body = Buffer.alloc(0);
    return;
  }
  if (file.kind === 'bytes') ctx.body = file.bytes.subarray(start, end + 1);
  // A body that fails part way (the upstream cut off) ends the connection: the client sees
  // a short answer, never a complete-looking wrong one.
  else ctx.body = file.kind === 'handle' ? file.handle.createReadStream({ start, end }) : file.read(start, end);
}

function rangeNotSatisfiable(size: number): ApiError {
  return new ApiError(
    416,
    {
      success: false,
      error: 'Range Not Satisfiable',
      message: `The file has ${size} bytes; the requested range lies outside it.`,
    },
    { 'Content-Range': `bytes */${size}` },
  );
}

/** Closes a file opened to stream that will not be. */
async function release(file: MediaSource): Promise<void> {
  if (file.kind === 'handle') await file.handle.close();
}

/** A request header's value, none when empty. Node joins a repeated one into one string. */
function present(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
