// The common envelope (spec "Common envelope", docs/api-decisions.md), assembled from bytes: the
// data part is precomputed or spliced from precomputed slices; only the tail (timestamp,
// api_info, rateLimit) is made per request.

/** The envelope's `service`: the area of the API that answered. */
export type Service = string;
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

// Date#toISOString takes ~0.6 µs, and under ordinary traffic each request comes in a millisecond
// of its own (bench:instructions, where every answer does): the date and time to the second are
// made once a second, the milliseconds added to them.
let second = { startMs: NaN, prefix: '' };
/** Now as an ISO 8601 string (`2026-03-20T06:15:42.137Z`): the envelope's `timestamp`, the access line's `time`. */
export function timestamp(): string {
  const ms = Date.now();
  const milliseconds = ms % 1000;
  const startMs = ms - milliseconds;
  if (startMs !== second.startMs) second = { startMs, prefix: new Date(startMs).toISOString().slice(0, -4) };
  return `${second.prefix}${String(milliseconds).padStart(3, '0')}Z`;
}

/** The end every envelope makes per request: timestamp, api_info and the guard's rateLimit. */
export function envelopeTail(apiInfoJson: string, rateLimit?: RateLimitInfo): Buffer {
  // Written out rather than JSON.stringify'd: every field is a number or a fixed-alphabet string.
  const limit = rateLimit
    ? `,"rateLimit":{"category":"${rateLimit.category}","limit":${rateLimit.limit},` +
      `"remaining":${rateLimit.remaining},"nextResetAt":"${rateLimit.nextResetAt}"}`
    : '';
  return Buffer.from(`,"timestamp":"${timestamp()}","api_info":${apiInfoJson}${limit}}`);
}

/**
 * The envelope up to its tail, `{"success":true,"service":…[,"count":…],"data":<data>`, in a
 * buffer of its own (not a slice of Node's shared pool), so a cache may keep it.
 */
export function envelopePrefix(service: Service, data: JsonPart | readonly JsonPart[], count?: number): Buffer {
  const head = `{"success":true,"service":"${service}"${count === undefined ? '' : `,"count":${count}`},"data":`;
  const parts = [head, ...(typeof data === 'string' || Buffer.isBuffer(data) ? [data] : data)];
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const part of parts) at += typeof part === 'string' ? bytes.write(part, at) : part.copy(bytes, at);
  return bytes;
}

/** The whole envelope's bytes. */
export function envelopeBytes(parts: EnvelopeParts): Buffer {
  const prefix = envelopePrefix(parts.service, parts.data, parts.count);
  return Buffer.concat([prefix, envelopeTail(parts.apiInfoJson, parts.rateLimit)]);
}
