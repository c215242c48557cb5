// Settings are read here, once, at start; nothing else reads process.env.
// A bad value stops the process with one line naming the variable (docs/operations.md "Commands tools rely on").
import { statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_DEPENDENCY_TIMEOUT_MS } from './dependency-error.ts';
import { isLogLevel, type LogLevel } from './observe/logger.ts';
import { createAddressList, type TrustProxy } from './proxy-trust.ts';

export type ResponseLayout = 'wrapped' | 'flat';
export type AudioMode = 'proxy' | 'redirect';

/** Where the catalogue's remote reciters come from (static-data/source/reciters.json): EveryAyah's data tree. */
export const DEFAULT_AUDIO_UPSTREAM_URL = 'https://everyayah.com/data';

export interface Config {
  /** Public API port (the edge; calc is reached through it). */
  port: number;
  portalPort: number;
  calcPort: number;
  /** Addresses the edge, the portal and calc listen on; null = every interface. */
  host: string | null;
  portalHost: string | null;
  calcHost: string | null;
  /** Where the edge forwards prayer-time and qibla requests. */
  calcUrl: string;
  /** Base URL clients use; links in bodies (audio, docs) start with it. */
  publicUrl: string;
  portalUrl: string;
  dataDir: string;
  /** Local audio files; null when no media directory is configured. */
  mediaDir: string | null;
  /** Origin put in front of signed audio paths. */
  mediaOrigin: string;
  /** null = use (or create) the development secret kept under dataDir. */
  mediaSigningSecret: string | null;
  mediaExpiredTimeS: number;
  /** `proxy`: remote reciters' files are fetched, cached and served by the edge; `redirect`: a 302 to the upstream. */
  audioMode: AudioMode;
  /** The disk cache of proxied audio (a MEDIA_DIR-shaped tree). */
  audioCacheDir: string;
  /** Bound of that cache; 0 = stream through without keeping anything. */
  audioCacheMaxBytes: number;
  /** Replaces DEFAULT_AUDIO_UPSTREAM_URL in the catalogue's remote reciter URLs (a mirror or CDN origin). */
  audioUpstreamUrl: string;
  /** Longest wait for the upstream's answer to start (a fetch slot included), and between parts of its body. */
  audioUpstreamTimeoutMs: number;
  /** Upstream fetches running at once; the others wait for a slot. */
  audioUpstreamConcurrency: number;
  responseLayout: ResponseLayout;
  rateLimitWindowMs: number;
  rateLimitGeneral: number;
  rateLimitCalculation: number;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** null = read the tree from contentDir on disk. */
  contentOrigin: string | null;
  contentDir: string;
  corsOrigins: string[];
  /** Longest wait for one PostgreSQL or Redis call before the request gets a 503. */
  dependencyTimeoutMs: number;
  /** A whole request (head and body) must arrive within this. */
  requestTimeoutMs: number;
  /** Open connections per process; more are refused at accept. */
  maxConnections: number;
  /** Largest request body (declared Content-Length) any service reads. */
  maxBodyBytes: number;
  /** At SIGTERM/SIGINT, in-flight requests get this long to finish. */
  shutdownDrainMs: number;
  /** Limits given to keys created in the portal; null = the deployment default (RATE_LIMIT_*). */
  portalKeyLimits: { general: number | null; calculation: number | null };
  /** Proxies in front of every service whose X-Forwarded-For/-Proto are believed. */
  trustProxy: TrustProxy;
  /** Peers calc treats as the edge (their X-Forwarded-For hop is believed). */
  calcTrustedEdges: string[];
  /** Portal accounts one client address may create per hour (per portal instance). */
  signUpLimitPerHour: number;
  /** GET /metrics ports per service (null = off) and the address they bind to. */
  metricsPort: number | null;
  calcMetricsPort: number | null;
  portalMetricsPort: number | null;
  metricsHost: string;
  logLevel: LogLevel;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

// A host name's labels (RFC 1123 §2.1), or an IP address.
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** An address to listen on; `*` (or unset, when that is the default) is every interface. */
function readHost(env: Env, name: string, fallback: string | null): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '*') return null;
  if (isIP(raw) === 0 && !HOST_NAME.test(raw)) {
    throw new ConfigError(`${name} must be an IP address, a host name or * (every interface), got "${raw}"`);
  }
  return raw;
}

function readUrl(env: Env, name: string, fallback: string | null): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  return url.href.replace(/\/$/, '');
}

function readCalcUrl(env: Env, calcPort: number): string {
  const url = readUrl(env, 'CALC_URL', `http://127.0.0.1:${calcPort}`)!;
  if (!/^https?:/.test(url))
    throw new ConfigError(`CALC_URL must be an http:// or https:// URL, got "${env.CALC_URL}"`);
  return url;
}

function readConnectionUrl(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : '';
  if (!protocols.includes(protocol)) {
    throw new ConfigError(`${name} must be a ${protocols.join(' or ')}// URL`);
  }
  return raw;
}

function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = raw.toLowerCase() as T;
  if (!choices.includes(value)) {
    throw new ConfigError(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  }
  return value;
}

function readOrigins(env: Env): string[] {
  const raw = env.CORS_ORIGINS;
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((item) => {
    const origin = item.trim();
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new ConfigError(`CORS_ORIGINS must be a comma list of origins like https://app.example, got "${origin}"`);
    }
    return origin;
  });
}

function readDirectory(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const dir = path.resolve(REPO_ROOT, raw);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(`${name} must be an existing directory, got "${raw}"`);
  }
  return dir;
}

const MAX_TRUSTED_HOPS = 10;

function readOptionalPort(env: Env, name: string): number | null {
  return env[name] === undefined || env[name] === '' ? null : readInt(env, name, 0, 1, 65535);
}

function readLogLevel(env: Env): LogLevel {
  const raw = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!isLogLevel(raw))
    throw new ConfigError(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${env.LOG_LEVEL}"`,
    );
  return raw;
}

function readAddressList(env: Env, name: string, fallback: string): string[] {
  const list = (env[name] || fallback)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  try {
    createAddressList(list);
  } catch (error) {
    throw new ConfigError(
      `${name} must be a comma list of addresses or CIDRs (e.g. 10.0.0.0/8,::1): ${(error as Error).message}`,
    );
  }
  return list;
}

function readTrustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '' || raw === '0') return { kind: 'none' };
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > MAX_TRUSTED_HOPS)
      throw new ConfigError(`TRUST_PROXY as a hop count must be from 0 to ${MAX_TRUSTED_HOPS}, got "${raw}"`);
    return { kind: 'hops', hops: Number(raw) };
  }
  try {
    return { kind: 'addresses', list: readAddressList(env, 'TRUST_PROXY', '') };
  } catch (error) {
    throw new ConfigError(
      `TRUST_PROXY must be a hop count (e.g. 1) or ${(error as Error).message.replace(/^TRUST_PROXY must be /, '')}`,
    );
  }
}

function readSecret(env: Env): string | null {
  const raw = env.MEDIA_SIGNING_SECRET;
  if (raw === undefined || raw === '') return null;
  if (raw.length < 32) throw new ConfigError('MEDIA_SIGNING_SECRET must be at least 32 characters');
  return raw;
}

type AudioConfig = Pick<
  Config,
  | 'audioMode'
  | 'audioCacheDir'
  | 'audioCacheMaxBytes'
  | 'audioUpstreamUrl'
  | 'audioUpstreamTimeoutMs'
  | 'audioUpstreamConcurrency'
>;

const MB = 1024 * 1024;

/** Proxied audio (docs/api-decisions.md "Signed audio"): proxy by default, so a listener never meets the upstream. */
function readAudio(env: Env, dataDir: string): AudioConfig {
  const upstream = readUrl(env, 'AUDIO_UPSTREAM_URL', DEFAULT_AUDIO_UPSTREAM_URL)!;
  if (!/^https?:/.test(upstream))
    throw new ConfigError(`AUDIO_UPSTREAM_URL must be an http:// or https:// URL, got "${env.AUDIO_UPSTREAM_URL}"`);
  return {
    audioMode: readChoice(env, 'AUDIO_MODE', ['proxy', 'redirect'] as const, 'proxy'),
    audioCacheDir: path.resolve(REPO_ROOT, env.AUDIO_CACHE_DIR || path.join(dataDir, 'audio-cache')),
    audioCacheMaxBytes: readInt(env, 'AUDIO_CACHE_MAX_MB', 2048, 0, 10_000_000) * MB,
    audioUpstreamUrl: upstream,
    audioUpstreamTimeoutMs: readInt(env, 'AUDIO_UPSTREAM_TIMEOUT_MS', 10_000, 100, 600_000),
    audioUpstreamConcurrency: readInt(env, 'AUDIO_UPSTREAM_CONCURRENCY', 8, 1, 256),
  };
}

const PORTAL_KEY_LIMITS_SHAPE = /^\s*(general|calculation)\s*=\s*(\d+)\s*$/;
const MAX_KEY_LIMIT = 1_000_000;

/** PORTAL_KEY_LIMITS: "general=120,calculation=60" (either part may be left out). */
function readPortalKeyLimits(env: Env): Config['portalKeyLimits'] {
  const limits: Config['portalKeyLimits'] = { general: null, calculation: null };
  const raw = env.PORTAL_KEY_LIMITS;
  if (raw === undefined || raw.trim() === '') return limits;
  for (const part of raw.split(',')) {
    const match = PORTAL_KEY_LIMITS_SHAPE.exec(part);
    const value = Number(match?.[2]);
    if (!match || value < 1 || value > MAX_KEY_LIMIT || limits[match[1] as 'general' | 'calculation'] !== null) {
      throw new ConfigError(
        'PORTAL_KEY_LIMITS must look like general=120,calculation=60 ' +
          `(whole numbers from 1 to ${MAX_KEY_LIMIT}, each category once), got "${raw}"`,
      );
    }
    limits[match[1] as 'general' | 'calculation'] = value;
  }
  return limits;
}

type OperationsConfig = Pick<
  Config,
  | 'requestTimeoutMs'
  | 'maxConnections'
  | 'maxBodyBytes'
  | 'shutdownDrainMs'
  | 'trustProxy'
  | 'metricsPort'
  | 'calcMetricsPort'
  | 'portalMetricsPort'
  | 'metricsHost'
  | 'logLevel'
  | 'signUpLimitPerHour'
  | 'calcTrustedEdges'
  | 'dependencyTimeoutMs'
>;

/** Limits, proxies, observability and dependency timeouts (docs/reliability.md). */
function readOperations(env: Env): OperationsConfig {
  return {
    requestTimeoutMs: readInt(env, 'REQUEST_TIMEOUT_MS', 30_000, 1000, 600_000),
    maxConnections: readInt(env, 'MAX_CONNECTIONS', 10_000, 1, 1_000_000),
    maxBodyBytes: readInt(env, 'MAX_BODY_BYTES', 64 * 1024, 0, 100 * 1024 * 1024),
    shutdownDrainMs: readInt(env, 'SHUTDOWN_DRAIN_MS', 10_000, 0, 600_000),
    trustProxy: readTrustProxy(env),
    metricsPort: readOptionalPort(env, 'METRICS_PORT'),
    calcMetricsPort: readOptionalPort(env, 'CALC_METRICS_PORT'),
    portalMetricsPort: readOptionalPort(env, 'PORTAL_METRICS_PORT'),
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    logLevel: readLogLevel(env),
    signUpLimitPerHour: readInt(env, 'SIGN_UP_LIMIT_PER_HOUR', 5, 1, 1_000_000),
    calcTrustedEdges: readAddressList(env, 'CALC_TRUSTED_EDGES', '127.0.0.0/8,::1'),
    dependencyTimeoutMs: readInt(env, 'DEPENDENCY_TIMEOUT_MS', DEFAULT_DEPENDENCY_TIMEOUT_MS, 50, 60_000),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = readInt(env, 'PORT', 3000, 1, 65535);
  const portalPort = readInt(env, 'PORTAL_PORT', 4321, 1, 65535);
  const calcPort = readInt(env, 'CALC_PORT', 3001, 1, 65535);
  const publicUrl = readUrl(env, 'PUBLIC_URL', `http://localhost:${port}`)!;
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR || '.data');
  return {
    port,
    portalPort,
    calcPort,
    // The edge and the portal are what clients reach; calc only the edge, over loopback by
    // default (CALC_URL), so it listens there unless told otherwise.
    host: readHost(env, 'HOST', null),
    portalHost: readHost(env, 'PORTAL_HOST', null),
    calcHost: readHost(env, 'CALC_HOST', '127.0.0.1'),
    calcUrl: readCalcUrl(env, calcPort),
    publicUrl,
    portalUrl: readUrl(env, 'PORTAL_URL', `http://localhost:${portalPort}`)!,
    dataDir,
    mediaDir: readDirectory(env, 'MEDIA_DIR'),
    mediaOrigin: readUrl(env, 'MEDIA_ORIGIN', publicUrl)!,
    mediaSigningSecret: readSecret(env),
    mediaExpiredTimeS: readInt(env, 'MEDIA_EXPIRED_TIME', 3600, 1, 7 * 24 * 3600),
    ...readAudio(env, dataDir),
    responseLayout: readChoice(env, 'RESPONSE_LAYOUT', ['wrapped', 'flat'] as const, 'wrapped'),
    rateLimitWindowMs: readInt(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1000, 24 * 3600 * 1000),
    rateLimitGeneral: readInt(env, 'RATE_LIMIT_GENERAL', 10, 1, 1_000_000),
    rateLimitCalculation: readInt(env, 'RATE_LIMIT_CALCULATION', 5, 1, 1_000_000),
    databaseUrl: readConnectionUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: readConnectionUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    contentOrigin: readUrl(env, 'CONTENT_ORIGIN', null),
    contentDir: path.resolve(REPO_ROOT, env.CONTENT_DIR || 'static-data/dist'),
    corsOrigins: readOrigins(env),
    ...readOperations(env),
    portalKeyLimits: readPortalKeyLimits(env),
  };
}

/** Loads the config or exits with the one-line reason (for server entry points). */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}
