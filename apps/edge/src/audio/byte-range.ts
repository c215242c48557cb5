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

/** If-Range with an entity tag: the range applies only while the file is unchanged (strong comparison). */
export function ifRangeAllows(header: string | undefined, etag: string): boolean {
  return header === undefined || header.trim() === etag;
}
