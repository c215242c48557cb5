// HTTP Range for audio files (RFC 9110 §14.1.2, §14.2, §13.1.5): one byte range
// per request, which is what audio players send. A syntactically invalid header
// or a multi-range request is ignored (served whole), as §14.2 allows.

export type RangeDecision =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number /* inclusive */ } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined || header === '') return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header);
  if (match === null) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(size - length, 0), end: size - 1 };
  }
  const start = Number(first);
  // last < first is an invalid range-spec: the header is ignored.
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** If-None-Match: `*` or a list of entity tags (weak comparison, §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** If-Modified-Since (§13.1.3), weighed only without If-None-Match: the file is no newer than the date. */
export function notModifiedSince(header: string | undefined, mtimeMs: number): boolean {
  if (header === undefined) return false;
  const since = Date.parse(header);
  return !Number.isNaN(since) && wholeSecondMs(mtimeMs) <= since;
}

/**
 * If-Range (§13.1.5): the range applies only while the file is unchanged, judged by an entity
 * tag (strong comparison, so a weak tag never matches) or by a date equal to Last-Modified.
 */
export function ifRangeAllows(header: string | undefined, etag: string, mtimeMs: number): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  return Date.parse(value) === wholeSecondMs(mtimeMs);
}

/** Last-Modified carries whole seconds. */
export function wholeSecondMs(mtimeMs: number): number {
  return Math.floor(mtimeMs / 1000) * 1000;
}
