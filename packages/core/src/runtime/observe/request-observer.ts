// One access log line and the request metrics per answered request, for every
// service (called by serve()): request id, method, path without its query
// (an api_key may be there), route pattern, status, duration, client address,
// and the key's display start.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { annotationsOf } from './annotations.ts';
import type { AccessFields } from './logger.ts';
import { collectProcessMetrics, httpDuration, httpRequests, registry } from './metrics.ts';

/** The path without its query: an api_key may be there. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * What serve() calls once an answer is closed (`started`: performance.now() when its request came).
 * `metrics: false` (no metrics port) skips the counters: nobody can read them; null when there
 * is nothing to observe (no metrics and no access log).
 */
export function observeRequests(
  service: string,
  log: ((fields: AccessFields) => void) | null,
  options: { metrics: boolean },
): ((req: http.IncomingMessage, res: http.ServerResponse, started: number) => void) | null {
  if (!options.metrics && log === null) return null;
  return (req, res, started) => {
    const ms = performance.now() - started;
    const notes = annotationsOf(res);
    // Bounded labels: a route pattern the app named, else "other".
    const route = notes.route ?? 'other';
    const status = res.headersSent ? res.statusCode : 0;
    if (options.metrics) {
      const statusLabel = String(status);
      httpRequests.inc({ service, route, method: req.method ?? '', status: statusLabel });
      httpDuration.observe({ service, route, status: statusLabel }, ms / 1000);
    }
    if (log === null) return;
    // The id the request's state holds; a head written in one call leaves nothing for getHeader.
    const reqId = notes.requestId ?? res.getHeader('x-request-id');
    log({
      reqId: typeof reqId === 'string' ? reqId : null,
      method: req.method ?? '',
      path: pathOf(req.url ?? ''),
      route,
      status,
      ms: Math.round(ms * 10) / 10,
      client: notes.client ?? req.socket.remoteAddress ?? null,
      key: notes.key ?? null,
      aborted: !res.writableFinished,
    });
  };
}

/** GET /metrics on its own port (loopback by default), for Prometheus. */
export async function startMetricsServer(
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  collectProcessMetrics();
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  server.listen(port, host);
  await new Promise((resolve, reject) => server.once('listening', resolve).once('error', reject));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
