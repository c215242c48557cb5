// The common envelope (spec "Common envelope", docs/api-decisions.md), assembled from bytes:
// the data part is precomputed, only timestamp and rateLimit are made per request.
import type { Context } from 'koa';

export type Service = 'asma-ul-husna' | 'quran' | 'prayer-time' | 'qibla-direction' | 'hijri';
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

export interface EnvelopeParts {
  service: Service;
  /** Already-serialised JSON of `data`, whole or in parts (joined by the one copy made here). */
  data: Buffer | string | readonly Buffer[];
  count?: number;
  /** JSON.stringify(apiInfo(...)), computed once per route. */
  apiInfoJson: string;
  rateLimit?: RateLimitInfo;
}

export function envelopeBytes(parts: EnvelopeParts): Buffer {
  const count = parts.count === undefined ? '' : `,"count":${parts.count}`;
  const head = `{"success":true,"service":"${parts.service}"${count},"data":`;
  const rateLimit = parts.rateLimit ? `,"rateLimit":${JSON.stringify(parts.rateLimit)}` : '';
  const tail = `,"timestamp":"${new Date().toISOString()}","api_info":${parts.apiInfoJson}${rateLimit}}`;
  const data = typeof parts.data === 'string' ? [Buffer.from(parts.data)] : Buffer.isBuffer(parts.data) ? [parts.data] : parts.data;
  return Buffer.concat([Buffer.from(head), ...data, Buffer.from(tail)]);
}

/** Sends bytes that are already JSON with the contract's content type. */
export function sendJsonBytes(ctx: Context, bytes: Buffer): void {
  // The type first: a Buffer body set without one makes Koa look up a binary type first.
  ctx.set('Content-Type', JSON_TYPE);
  ctx.body = bytes;
}
