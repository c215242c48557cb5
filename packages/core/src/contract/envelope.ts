// The common envelope (spec "Common envelope", docs/api-decisions.md), assembled from bytes:
// the data part is precomputed, only timestamp and rateLimit are made per request.
import type { Context } from 'koa';

export type Service = 'asma-ul-husna' | 'quran' | 'prayer-time' | 'qibla-direction' | 'hijri' | 'places';
export type LimitCategory = 'general' | 'calculation';

export interface RateLimitInfo {
  category: LimitCategory;
  limit: number;
  remaining: number;
  nextResetAt: string;
}

export interface ApiInfo {
  usage: string;
  version: 'v1';
  docs: string;
  attribution?: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function apiInfo(usage: string, docs: string, attribution?: string): ApiInfo {
  return attribution === undefined ? { usage, version: 'v1', docs } : { usage, version: 'v1', docs, attribution };
}

/** Serialised JSON: bytes, or a string written as UTF-8 where the parts are joined. */
export type JsonPart = Buffer | string;

export interface EnvelopeParts {
  service: Service;
  /** Already-serialised JSON of `data`, whole or in parts (joined by the one copy made here). */
  data: JsonPart | readonly JsonPart[];
  count?: number;
  /** JSON.stringify(apiInfo(...)), computed once per route. */
  apiInfoJson: string;
  rateLimit?: RateLimitInfo;
}

// Requests in the same millisecond share one timestamp string.
let lastTimestamp = { ms: NaN, iso: '' };
/** Now as an ISO 8601 string, the envelope's `timestamp`. */
export function timestamp(): string {
  const ms = Date.now();
  if (ms !== lastTimestamp.ms) lastTimestamp = { ms, iso: new Date(ms).toISOString() };
  return lastTimestamp.iso;
}

function tailJson(apiInfoJson: string, rateLimit?: RateLimitInfo): string {
  // Written out rather than JSON.stringify'd: every field is a number or a fixed-alphabet string.
  const limit = rateLimit
    ? `,"rateLimit":{"category":"${rateLimit.category}","limit":${rateLimit.limit},"remaining":${rateLimit.remaining},"nextResetAt":"${rateLimit.nextResetAt}"}`
    : '';
  return `,"timestamp":"${timestamp()}","api_info":${apiInfoJson}${limit}}`;
}

/** The end every envelope makes per request: timestamp, api_info and the guard's rateLimit. */
export function envelopeTail(apiInfoJson: string, rateLimit?: RateLimitInfo): Buffer {
  return Buffer.from(tailJson(apiInfoJson, rateLimit));
}

/**
 * The parts in one buffer, strings written into it in place: a search page is ~30 parts,
 * and a Buffer made for each string before Buffer.concat was a twentieth of its time.
 */
function joinParts(parts: readonly JsonPart[]): Buffer {
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at += typeof part === 'string' ? bytes.write(part, at) : part.copy(bytes, at);
  return bytes;
}

/** The envelope's bytes, and where its per-request tail starts (what comes before is the same for every caller). */
export function envelopeWithTail(parts: EnvelopeParts): { bytes: Buffer; tailStart: number } {
  const count = parts.count === undefined ? '' : `,"count":${parts.count}`;
  const head = `{"success":true,"service":"${parts.service}"${count},"data":`;
  const tail = tailJson(parts.apiInfoJson, parts.rateLimit);
  const data = typeof parts.data === 'string' || Buffer.isBuffer(parts.data) ? [parts.data] : parts.data;
  const bytes = joinParts([head, ...data, tail]);
  return { bytes, tailStart: bytes.length - Buffer.byteLength(tail) };
}

export function envelopeBytes(parts: EnvelopeParts): Buffer {
  return envelopeWithTail(parts).bytes;
}

/** Sends bytes that are already JSON with the contract's content type. */
export function sendJsonBytes(ctx: Context, bytes: Buffer): void {
  // The type first: a Buffer body set without one makes Koa look up a binary type first.
  ctx.res.setHeader('Content-Type', JSON_TYPE);
  ctx.body = bytes;
}
