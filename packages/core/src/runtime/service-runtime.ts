// How each service process starts: its entry and the runtime settings it runs with. `npm
// start`, the bench and the topology test all start services from this table, and
// docs/operations.md gives operators the same command lines. A flag stays only where the
// bench (`npm run bench`, the default configuration) shows it matters.
import path from 'node:path';

export type ServiceName = 'edge' | 'calc' | 'portal';

export interface ServiceProcess {
  /** The entry file, from the repository root. */
  entry: string;
  /** V8 flags for `node`. */
  nodeFlags: readonly string[];
}

// V8 lets a busy service's young generation grow to three 64 MB semi-spaces of mostly
// garbage. 8 MB keeps the edge's and calc's peak RSS within their targets at the same speed
// (bench: peak RSS rows, prayer-calendar-year; calc with 16 MB peaked ~23 MB higher).
const SEMI_SPACE_8_MB = '--max-semi-space-size=8';
const SEMI_SPACE_16_MB = '--max-semi-space-size=16';
// The old generation may grow to 1.5× what survived the last full collection (V8's own
// factor reaches 4× on small heaps): calc's and the edge's peak RSS targets.
const OLD_GENERATION_GROWTH = '--heap-growing-percent=50';
// V8 allocates a literal old for the process's life once its objects outlived some scavenges: an
// edge started into such a burst kept each request alive through scavenges and ran slow for its
// life (docs/performance.md); calc's geo-tz polygons all died there (bench: prayer-time-varying p99).
const NO_PRETENURING = '--no-allocation-site-pretenuring';

export const SERVICE_PROCESSES: Readonly<Record<ServiceName, ServiceProcess>> = {
  edge: {
    entry: 'apps/edge/src/server.ts',
    nodeFlags: [
      SEMI_SPACE_8_MB,
      OLD_GENERATION_GROWTH,
      // undici's HTTP parser (WebAssembly) recompiled by the optimising tier took ~15 MB at once.
      '--liftoff-only',
      NO_PRETENURING,
    ],
  },
  calc: {
    entry: 'apps/calc/src/server.ts',
    nodeFlags: [SEMI_SPACE_8_MB, OLD_GENERATION_GROWTH, NO_PRETENURING],
  },
  portal: { entry: 'apps/portal/dist/server/entry.mjs', nodeFlags: [SEMI_SPACE_16_MB, OLD_GENERATION_GROWTH] },
};

// Node keeps each file's stripped TypeScript and compiled code here from a service's first
// start, so later starts never load the TypeScript stripper, which stays in memory for the
// process's life (bench: peak RSS rows; `node_modules/.cache` is where tools keep caches).
const COMPILE_CACHE_DIR = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/node-compile-cache');

/**
 * A service's environment; a variable the operator has set wins. The compile cache above,
 * and glibc malloc settings (other C libraries ignore them): two arenas rather than one per
 * thread that mallocs, and chunks of 128 KB and more mapped and returned when freed (glibc
 * otherwise raises that threshold to the largest chunk freed, a whole Al-Baqarah): the
 * edge's peak RSS.
 */
export const SERVICE_ENV: Readonly<Record<string, string>> = {
  NODE_COMPILE_CACHE: COMPILE_CACHE_DIR,
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
};
