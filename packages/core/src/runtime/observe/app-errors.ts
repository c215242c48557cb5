// Errors Koa meets after an answer began (a streamed body failing, a client gone mid-stream)
// reach the app's 'error' event, whose default prints a stack to stderr. A client that left
// is no fault of the service; anything else is one JSON line.
import type Koa from 'koa';
import { serviceLogger } from './logger.ts';

const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export function logAppErrors(app: Koa, service: string): void {
  const log = serviceLogger(service);
  app.on('error', (error: Error & { code?: string }) => {
    if (error.code !== undefined && CLIENT_GONE.has(error.code)) return;
    log.error({ err: error }, `${service}: error while answering`);
  });
}
