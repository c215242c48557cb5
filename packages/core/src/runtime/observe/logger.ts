// Structured JSON logs (pino), one line per event, on stdout. Nothing secret is
// ever logged: no headers, no query strings (an api_key may be there), and an
// API key only as its display start ("ira_live_AbC1").
import { pino, type Logger } from 'pino';

/** LOG_LEVEL is read here, not through config.ts, so loggers exist before the config is loaded and can report a bad one. */
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type LogLevel = (typeof LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LEVELS as readonly string[]).includes(value);
}

let root: Logger = pino({ base: null, timestamp: pino.stdTimeFunctions.isoTime });
let access: Logger | null = null;

// Access lines (one per request) are buffered and written asynchronously in blocks:
// a synchronous write per line cost the edge about 50 µs of CPU per request
// (wrk at 64 connections, CPU time from /proc). The buffer is written at least
// every ACCESS_FLUSH_INTERVAL_MS and at exit. Other lines stay synchronous.
const ACCESS_BUFFER_BYTES = 8 * 1024; // sonic-boom requires less than its 16 KiB maxWrite
const ACCESS_FLUSH_INTERVAL_MS = 1_000;

function bufferedAccessLogger(): Logger {
  const destination = pino.destination({ dest: 1, minLength: ACCESS_BUFFER_BYTES, sync: false });
  setInterval(() => destination.flush(), ACCESS_FLUSH_INTERVAL_MS).unref();
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // stdout already closed: nothing left to write to
    }
  });
  return pino({ base: null, timestamp: pino.stdTimeFunctions.isoTime, level: root.level }, destination);
}

/** Sets the level of every logger made from now on and of the existing ones. */
export function setLogLevel(level: LogLevel): void {
  root.level = level;
  if (access !== null) access.level = level;
}

/** The access-log lines of `service`: buffered (see ACCESS_BUFFER_BYTES). */
export function accessLogger(service: string): Logger {
  access ??= bufferedAccessLogger();
  return access.child({ service });
}

/** A logger whose lines carry `service` (edge, calc, portal). */
export function serviceLogger(service: string): Logger {
  return root.child({ service });
}

/** For tests: send lines somewhere else. */
export function replaceRootLogger(logger: Logger): void {
  root = logger;
  access = logger;
}

export type { Logger };
