// RESPONSE_LAYOUT for prayer-time and Qibla (spec "Layouts of responses", docs/api-decisions.md):
// `wrapped` puts the body under { status, ok, url, data }; `flat` sends it as is.
// Bodies are spliced from JSON fragments so cached parts are never re-serialised.
import type { Context } from 'koa';
import type { Config } from '@ira/core/runtime/config';

const CLOSE = Buffer.from('}');

/** `{"status":200,"ok":true,"url":…,"data":<data>}` around already-serialised data, given in parts (one copy). */
export function wrappedBytes(url: string, ...data: Buffer[]): Buffer {
  const head = `{"status":200,"ok":true,"url":${JSON.stringify(url)},"data":`;
  return Buffer.concat([Buffer.from(head), ...data, CLOSE]);
}

/**
 * The request URL as the client called it, on the public base URL: its path and query only,
 * never the origin of a request line in absolute form (`GET http://evil.example/api/v1/… HTTP/1.1`).
 */
export function calledUrl(ctx: Context, config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}${ctx.path}${ctx.querystring === '' ? '' : `?${ctx.querystring}`}`;
}
