// The one way every service (edge, calc, portal) listens and stops.
//
// Listening: header, request and keep-alive timeouts, a connection cap, and a
// body limit, so idle or slow clients cannot hold the process (docs/reliability.md).
// Stopping, on the first SIGTERM or SIGINT (later ones are ignored, so a signal
// sent both to a process group and forwarded by `npm start` counts once):
// stop accepting → let in-flight requests finish (Connection: close on their
// answers) → after SHUTDOWN_DRAIN_MS cut what is left → close the service's
// dependencies (usage counts are flushed there) → exit 0.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.ts';
import { httpError, type ApiError } from '../contract/errors.ts';
import { accessLog, serviceLogger } from './observe/logger.ts';
import { observeRequests, startMetricsServer } from './observe/request-observer.ts';

/**
 * Node's default is 5 s; shorter than any proxy's idle timeout in front (nginx: 60 s upstream keepalive_timeout)
 * is what matters.
 */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Whole request head (headers) must arrive within this; slow-header (slowloris) clients are cut. */
const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node checks the two timeouts above (its default is 30 s, too coarse for 10 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/** After the drain, closing the dependencies gets this long before the process exits anyway. */
const CLOSE_BUDGET_MS = 10_000;

export type ServerLimits = Pick<Config, 'requestTimeoutMs' | 'maxConnections' | 'maxBodyBytes' | 'shutdownDrainMs'>;

export interface ServeOptions {
  /** Service name for log lines. */
  name: string;
  port: number;
  host?: string;
  handler: http.RequestListener;
  limits: ServerLimits;
  /** Closes what the service opened (pools, Redis, usage flush), after the drain. */
  close?: () => Promise<void>;
  /** GET /metrics on this port (null = none), never the public one. */
  metricsPort?: number | null;
  metricsHost?: string;
}

export interface Serving {
  server: http.Server;
  port: number;
  /** The metrics port when metricsPort was given. */
  metricsPort: number | null;
  drainMs: number;
  /** Drains and closes; resolves when everything is closed (does not exit). */
  stop(reason: string): Promise<void>;
}

/** A JSON answer written straight to a raw response, before any framework sees the request. */
export function writeJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** An ApiError (its body decided in errors.ts) written straight to a raw response. */
export function writeError(res: http.ServerResponse, error: ApiError): void {
  writeJson(res, error.status, error.body, { 'Cache-Control': 'no-store', ...error.headers });
}

/**
 * Bodies must declare their length and stay within the limit: a declared length
 * is enforced by Node's parser, so nothing longer is ever read. A chunked body
 * (no length) gets 411; browsers' form posts always send Content-Length.
 */
function bodyRefusal(req: http.IncomingMessage, maxBodyBytes: number): [number, string] | null {
  const length = req.headers['content-length'];
  if (length === undefined) {
    return req.headers['transfer-encoding'] === undefined ? null : [411, 'Send request bodies with a Content-Length.'];
  }
  if (Number(length) > maxBodyBytes) return [413, `Request bodies are limited to ${maxBodyBytes} bytes.`];
  return null;
}

export function createServer(options: Pick<ServeOptions, 'handler' | 'limits' | 'metricsPort'> & { name?: string }): {
  server: http.Server;
  draining(): void;
} {
  const observe =
    options.name === undefined
      ? null
      : observeRequests(options.name, accessLog(options.name), { metrics: options.metricsPort != null });
  let isDraining = false;
  /** The answers being written, for the drain to close their connections once each is done. */
  const inFlight = new Set<http.ServerResponse>();
  const server = http.createServer(
    {
      requestTimeout: options.limits.requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, options.limits.requestTimeoutMs),
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    (req, res) => {
      const started = performance.now();
      // One listener per answer, for both the drain and the access log (bench: names-one).
      res.on('close', () => {
        inFlight.delete(res);
        observe?.(req, res, started);
      });
      const refusal = bodyRefusal(req, options.limits.maxBodyBytes);
      if (refusal !== null) return writeError(res, httpError(...refusal, {}, { Connection: 'close' }));
      // During the drain every answer closes its connection, so keep-alive
      // clients (and proxies) move to another instance.
      if (isDraining) res.shouldKeepAlive = false;
      else inFlight.add(res);
      options.handler(req, res);
    },
  );
  server.maxConnections = options.limits.maxConnections;
  return {
    server,
    draining: () => {
      isDraining = true;
      for (const res of inFlight) {
        if (!res.headersSent) res.shouldKeepAlive = false;
        // An answer whose head already said keep-alive: its connection is closed once idle.
        else res.once('close', () => server.closeIdleConnections());
      }
    },
  };
}

export async function serve(options: ServeOptions): Promise<Serving> {
  const logger = serviceLogger(options.name);
  const { server, draining } = createServer(options);
  server.listen(options.port, options.host);
  await new Promise((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const metrics =
    options.metricsPort == null
      ? null
      : await startMetricsServer(options.metricsPort, options.metricsHost ?? '127.0.0.1');
  let stopping: Promise<void> | null = null;

  async function drainAndClose(reason: string): Promise<void> {
    logger.info(`${options.name}: ${reason}, draining (up to ${options.limits.shutdownDrainMs} ms)`);
    draining();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cut = setTimeout(() => {
      logger.error(`${options.name}: drain time over, closing the remaining connections`);
      server.closeAllConnections();
    }, options.limits.shutdownDrainMs);
    await closed;
    clearTimeout(cut);
    logger.info(`${options.name}: drained, closing its dependencies`);
    await options.close?.();
    logger.info(`${options.name}: dependencies closed`);
    await metrics?.close();
    logger.info(`${options.name}: stopped`);
  }

  return {
    server,
    port: (server.address() as AddressInfo).port,
    metricsPort: metrics?.port ?? null,
    drainMs: options.limits.shutdownDrainMs,
    stop(reason) {
      stopping ??= drainAndClose(reason);
      return stopping;
    },
  };
}

/** The one signal path: the first SIGTERM/SIGINT stops `serving` and exits; repeats are ignored. */
export function exitOnSignals(serving: Serving, name: string): void {
  const logger = serviceLogger(name);
  let received = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) {
      logger.warn(`${name}: ${signal} ignored, already stopping`);
      return;
    }
    received = true;
    // If closing hangs (a dependency that never answers), exit anyway.
    setTimeout(() => process.exit(1), CLOSE_BUDGET_MS + serving.drainMs).unref();
    serving.stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, `${name}: error while stopping`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
