// The body of the prayer-time family (calendar, next) in the deployment's
// RESPONSE_LAYOUT, exactly as /prayer-time lays it out: `flat` is the result with
// `api_key` first; `wrapped` adds timestamp, api_info and rateLimit under `data`.
import type { Context } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { timestamp } from '@ira/core/contract/envelope';
import { guardStateOf } from '@ira/core/runtime/guard';
import { calledUrl, wrappedBytes } from '../layout.ts';
import { sendJsonBytes } from './send-json.ts';

const CLOSE = Buffer.from('}');

/**
 * `fragment` is the result's JSON without its braces (`"request":…,…`), as a string, as bytes
 * (/prayer-time keeps its results encoded) or as bytes in parts (a calendar's months). The body
 * is made in one copy.
 */
export function sendPrayerTimeBody(
  ctx: Context,
  config: Pick<Config, 'responseLayout' | 'publicUrl'>,
  apiInfoJson: string,
  fragment: string | Buffer | readonly Buffer[],
): void {
  const state = guardStateOf(ctx);
  const result = [
    Buffer.from(`{"api_key":${JSON.stringify(state.apiKey.key)},`),
    ...(typeof fragment === 'string' ? [Buffer.from(fragment)] : Buffer.isBuffer(fragment) ? [fragment] : fragment),
  ];
  if (config.responseLayout === 'flat') {
    sendJsonBytes(ctx, Buffer.concat([...result, CLOSE]));
    return;
  }
  const tail = Buffer.from(
    `,"timestamp":"${timestamp()}","api_info":${apiInfoJson},"rateLimit":${JSON.stringify(state.rateLimit)}}`,
  );
  sendJsonBytes(ctx, wrappedBytes(calledUrl(ctx, config), ...result, tail));
}
