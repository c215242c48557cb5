// How every service process is started: `npm start`, the bench and the topology test
// pass these flags to Node (serviceNodeFlags), and docs/operations.md tells operators to do the same.

/**
 * V8 flags for a service.
 * - A semi-space of at most 16 MB (the edge's 8 MB, below): by default V8 lets the young
 *   generation of a busy service grow to three 64 MB semi-spaces of mostly garbage.
 *   Measured at 64 connections for 12 s (2026-11-26): the edge reading every mushaf page
 *   in turn peaked at 387-397 MB RSS by default and 309-311 MB with this, at the same
 *   req/s; calc answering distinct points 614-617 MB and 526-536 MB; a year's calendars
 *   365-370 MB and 272-277 MB.
 * - The old generation may grow to 1.5× what survived the last full collection before
 *   the next (V8's own factor reaches 4× on small heaps): calc answering distinct points
 *   keeps ~40 MB live yet let the old generation reach ~190 MB between collections.
 *   Measured the same way (2026-11-26, 8 s, two runs each): calc's peak RSS 322-330 MB
 *   without it and 224-230 MB with it, at 6,235-6,677 against 6,613-6,883 req/s; each
 *   full collection there pauses 3-7 ms. A second measurement (three 3 s rounds each)
 *   put the cost higher: 6,231-6,940 req/s with both flags, 6,803-7,846 with the
 *   semi-space flag alone, 7,194-8,063 with neither (peak RSS 230, 330 and 429 MB).
 *   The memory targets are the reason for the trade (README "Performance").
 * The live heap after a full collection is ~43 MB on the edge.
 */
const OLD_GENERATION_FLAG = '--heap-growing-percent=50';
const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', OLD_GENERATION_FLAG];

/**
 * The edge's young generation is held to 8 MB semi-spaces: its peak RSS over the bench was
 * 257-266 MB with 16 (two whole runs and two partial ones, 2026-11-28, against a target of
 * 250), the 16 MB of the second semi-space committed all along and a young generation of
 * garbage beside the content memo's 32 MiB. Partial runs alternating the two (the Name, the
 * verse, the mushaf pages in turn with and without gzip, prayer times through the edge and
 * the new searches; then Al-Baqarah whole, the pages and the new searches, twice each): peak
 * RSS 243 and 255 MB against 264 and 257, and 193-196 against 217-221 MB; req/s, p99 and CPU
 * per answer moved between runs of the same flag more than between the flags.
 *
 * It also keeps WebAssembly on V8's baseline compiler (Liftoff). What it runs while serving
 * is undici's HTTP parser (llhttp, reading calc's answers), whose state machine is one huge
 * function: once it is hot V8 recompiles it with its optimising compiler on a helper
 * thread, in ~15 MB of compiler memory for a few milliseconds, which was the edge's peak
 * (strace of the edge, 2026-11-28: a 1.8, 3.7 and 7.5 MB segment in
 * `compiler::Pipeline::GenerateWasmCode`). The mushaf pages in turn with and without gzip,
 * then prayer times through the edge, two runs each: the prayer-time row raised the peak
 * RSS by 16-17 MB with the recompile (to 245 and 240 MB) and by 1 MB with this flag (232
 * and 224); the edge's CPU per forwarded answer 148-156 µs and 137-150 µs.
 */
const EDGE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', OLD_GENERATION_FLAG, '--liftoff-only'];
const EDGE_ENTRY = 'apps/edge/src/server.ts';

/**
 * calc adds: no allocation-site pretenuring. Once some of the arrays geo-tz decodes a
 * time zone's polygons into survive a young collection (its quad store keeps a few), V8
 * allocates every later one from the same code in the old generation, where all die.
 * Answering distinct points at 64 connections (2026-11-28, calc alone, three interleaved
 * pairs of 5 s): 4-5 full collections in 5 s → none, the old generation growing 1.5 MB →
 * 0.5 MB per young collection, p99 43-51 → 17-31 ms, 3,727-4,815 → 5,067-6,141 req/s.
 * Without the geo-tz lookups (a fixed zone, scratch build) it grew 0.13 MB, pretenuring on.
 * The edge keeps long-lived answers and gains nothing from it: 6-7 full collections with
 * and without over the same four content reads.
 */
const CALC_NODE_FLAGS: readonly string[] = [...SERVICE_NODE_FLAGS, '--no-allocation-site-pretenuring'];
const CALC_ENTRY = 'apps/calc/src/server.ts';

/** The V8 flags for the service started from `entry` (a path from the repository root). */
export function serviceNodeFlags(entry: string): readonly string[] {
  if (entry === CALC_ENTRY) return CALC_NODE_FLAGS;
  return entry === EDGE_ENTRY ? EDGE_NODE_FLAGS : SERVICE_NODE_FLAGS;
}

/**
 * glibc malloc settings for a service's environment (other C libraries ignore them); a
 * variable the operator has set wins. Buffers (answers, files, socket reads) are malloc'd
 * outside V8's heap.
 * - Two arenas: each thread that mallocs (V8's compiler and collector threads, libuv's
 *   pool) otherwise gets an arena of its own, each holding freed memory.
 * - Chunks of 128 KB and more always mmap'd, and returned when freed: glibc otherwise
 *   raises that threshold to the largest chunk freed (a whole Al-Baqarah is 1.4 MB), after
 *   which such chunks come from the main heap, which only shrinks from its top.
 * Measured on the edge (2026-11-27; a Name, the mushaf pages in turn, then the signed audio
 * Range read, 64 connections, 3 s rounds): peak RSS 244 MB without, 228 MB with two arenas,
 * 220 MB with both; the main heap after the audio rounds 75 MB, then 47 MB.
 */
export const SERVICE_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
};
