// The body of the prayer-time family (calendar, next) in the deployment's
// RESPONSE_LAYOUT, exactly as /prayer-time lays it out: `flat` is the result with
// `api_key` first; `wrapped` adds timestamp, api_info and rateLimit under `data`.
import type { Context } from 'koa';
import type { Config } from '@ira/core/config';
import { sendJsonBytes } from '@ira/core/envelope';
import type { GuardState } from '@ira/core/guard';
import { calledUrl, wrappedBytes } from '../layout.ts';

/** `fragment` is the result's JSON without its braces (`"request":…,…`). */
export function sendPrayerTimeBody(ctx: Context, config: Pick<Config, 'responseLayout' | 'publicUrl'>, apiInfoJson: string, fragment: string): void {
  const state = ctx.state as GuardState;
  const result = `{"api_key":${JSON.stringify(state.apiKey.key)},${fragment}`;
  if (config.responseLayout === 'flat') {
    sendJsonBytes(ctx, Buffer.from(`${result}}`));
    return;
  }
  const tail = `,"timestamp":"${new Date().toISOString()}","api_info":${apiInfoJson},"rateLimit":${JSON.stringify(state.rateLimit)}}`;
  sendJsonBytes(ctx, wrappedBytes(calledUrl(ctx, config), Buffer.from(result + tail)));
}
