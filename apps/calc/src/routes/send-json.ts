// How calc sends an answer's JSON bytes. One the compression step would leave as it is
// (`encodingFor`: no encoding accepted, or too small to gain) goes out now, its head in one call with the steps'
// headers (response-head.ts; bench: qibla-varying, prayer-time-varying); HEAD and bodies worth
// compressing go through Koa's response step and the compression step.
import type { Context } from 'koa';
import { JSON_TYPE } from '@ira/core/contract/envelope';
import { encodingFor } from '@ira/core/runtime/middleware/compression';
import { writeHead } from '@ira/core/runtime/response-head';

export function sendJsonBytes(ctx: Context, bytes: Buffer): void {
  if (ctx.method !== 'GET' || encodingFor(ctx, bytes.length) !== 'identity') {
    ctx.type = JSON_TYPE;
    ctx.body = bytes;
    return;
  }
  ctx.respond = false;
  writeHead(ctx.res, 200, ['Content-Type', JSON_TYPE, 'Content-Length', String(bytes.length)]);
  ctx.res.end(bytes);
}
