// What one load run is asked to do and what it measured, whichever generator runs it (load.ts, wrk.ts).
export interface LoadResult {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  non2xx: number;
  total: number;
}

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  /** Paths to cycle through; one path = the same request every time. */
  paths: string[];
  durationS: number;
  connections: number;
  /** Send at this total rate instead of as fast as answers come (latency under load, not at saturation). */
  paceRps?: number;
}
