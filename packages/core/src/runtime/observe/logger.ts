// Structured JSON logs (pino), one line per event, on stdout. Nothing secret is
// ever logged: no headers, no query strings (an api_key may be there), and an
// API key only as its display start ("ira_live_AbC1").
import type { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { timestamp } from '../../contract/envelope.ts';
import { createLineBuffer, type LineBuffer } from './line-buffer.ts';

/** LOG_LEVEL is read here, not through config.ts, so loggers exist before config loads and can report a bad one. */
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type LogLevel = (typeof LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LEVELS as readonly string[]).includes(value);
}

let root: Logger = pino({ base: null, timestamp: pino.stdTimeFunctions.isoTime });

/** Where access lines go: stdout in blocks (line-buffer.ts), until a test says otherwise. */
let accessOut: { write(line: string): unknown } | null = null;

// Blocks of at least 16 KiB, written at least every second and at exit; a stdout stalled
// for more than 8 MiB of lines drops them rather than growing without bound.
const ACCESS_BLOCK_CHARS = 16 * 1024;
const ACCESS_MAX_WAITING_CHARS = 8 * 1024 * 1024;
const ACCESS_FLUSH_INTERVAL_MS = 1_000;

function bufferedStdout(): LineBuffer {
  const out = createLineBuffer(1, { blockChars: ACCESS_BLOCK_CHARS, maxWaitingChars: ACCESS_MAX_WAITING_CHARS });
  setInterval(() => out.flush(), ACCESS_FLUSH_INTERVAL_MS).unref();
  process.once('exit', () => {
    try {
      out.flushSync();
    } catch {
      // stdout already closed: nothing left to write to
    }
  });
  return out;
}

/** Sets the level of every logger, existing ones and those made from now on. */
export function setLogLevel(level: LogLevel): void {
  root.level = level;
}

/** What one access line says (request-observer.ts). */
export interface AccessFields {
  reqId: string | null;
  method: string;
  path: string;
  route: string;
  status: number;
  ms: number;
  client: string | null;
  key: string | null;
  aborted: boolean;
}

const json = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));

/**
 * The access-log writer of `service`, or null when the level is above info. Each line is the
 * JSON pino would write for `logger.info(fields, 'request')`, written out here rather than
 * serialised field by field: the access log runs on every request. Bench: names-one.
 */
export function accessLog(service: string): ((fields: AccessFields) => void) | null {
  if (!root.isLevelEnabled('info')) return null;
  const out = (accessOut ??= bufferedStdout());
  const head = `,"service":${JSON.stringify(service)},"reqId":`;
  return (f) =>
    out.write(
      `{"level":30,"time":"${timestamp()}"${head}${json(f.reqId)},"method":${json(f.method)},` +
        `"path":${json(f.path)},"route":${json(f.route)},"status":${f.status},"ms":${f.ms},` +
        `"client":${json(f.client)},"key":${json(f.key)},"aborted":${f.aborted},"msg":"request"}\n`,
    );
}

/** A logger whose lines carry `service` (edge, calc, portal). */
export function serviceLogger(service: string): Logger {
  return root.child({ service });
}

/** For tests: send every line, access lines too, to `stream`. */
export function replaceLogDestination(stream: Writable): void {
  root = pino({ base: null }, stream);
  accessOut = stream;
}

export type { Logger };
