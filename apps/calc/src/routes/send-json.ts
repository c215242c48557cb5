// How calc sends a JSON answer. No step after a calc route looks at the body but
// compression, so an answer the client takes as it is (no Accept-Encoding) is written
// here: its head in one writeHead call with the headers the earlier steps added (request
// id, RateLimit: collectHeaders), its body in one end. Koa would set each header on the
// response first (setHeader validates, lower-cases and stores each; ~3.4k instructions a
// header under callgrind against ~0.9k in the list), then write them.
import type { Context } from 'koa';
import { JSON_TYPE, sendJsonBytes } from '@ira/core/contract/envelope';
import { respondNow } from '@ira/core/runtime/response-headers';

export function sendJson(ctx: Context, bytes: Buffer): void {
  if (ctx.method !== 'GET' || ctx.req.headers['accept-encoding'] !== undefined) {
    sendJsonBytes(ctx, bytes);
    return;
  }
  respondNow(ctx, 200, ['Content-Type', JSON_TYPE, 'Content-Length', String(bytes.length)], bytes);
}
