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

/** Sets the level of every logger made from now on and of the existing ones. */
export function setLogLevel(level: LogLevel): void {
  root.level = level;
}

/** A logger whose lines carry `service` (edge, calc, portal). */
export function serviceLogger(service: string): Logger {
  return root.child({ service });
}

/** For tests: send lines somewhere else. */
export function replaceRootLogger(logger: Logger): void {
  root = logger;
}

export type { Logger };
