import { describe, expect, it } from 'vitest';
import { decideRange, ifRangeAllows, matchesIfNoneMatch, notModifiedSince } from './byte-range.ts';

describe('decideRange (RFC 9110 §14.1.2)', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=10-', { kind: 'partial', start: 10, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-1', { kind: 'full' }],
    ['bytes=0-1,5-9', { kind: 'full' }],
    ['items=0-9', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
  ])('%s on 1000 bytes → %j', (header, decision) => {
    expect(decideRange(header, 1000)).toEqual(decision);
  });

  it('finds nothing satisfiable in an empty file', () => {
    expect(decideRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('conditional headers', () => {
  it('If-None-Match matches a listed or weak tag, or *', () => {
    expect(matchesIfNoneMatch('"a", "b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('W/"b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('"c"', '"b"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"b"')).toBe(false);
  });

  const MTIME_MS = Date.parse('Tue, 01 Dec 2026 10:00:00 GMT') + 400;

  it('If-Range keeps the range only for the current tag or the exact Last-Modified date', () => {
    expect(ifRangeAllows(undefined, '"b"', MTIME_MS)).toBe(true);
    expect(ifRangeAllows('"b"', '"b"', MTIME_MS)).toBe(true);
    expect(ifRangeAllows('"old"', '"b"', MTIME_MS)).toBe(false);
    expect(ifRangeAllows('W/"b"', '"b"', MTIME_MS)).toBe(false);
    expect(ifRangeAllows('Tue, 01 Dec 2026 10:00:00 GMT', '"b"', MTIME_MS)).toBe(true);
    expect(ifRangeAllows('Tue, 01 Dec 2026 09:59:59 GMT', '"b"', MTIME_MS)).toBe(false);
    expect(ifRangeAllows('not a date', '"b"', MTIME_MS)).toBe(false);
  });

  it('If-Modified-Since: not modified when the file is no newer than the date, whole seconds', () => {
    expect(notModifiedSince('Tue, 01 Dec 2026 10:00:00 GMT', MTIME_MS)).toBe(true);
    expect(notModifiedSince('Wed, 02 Dec 2026 00:00:00 GMT', MTIME_MS)).toBe(true);
    expect(notModifiedSince('Tue, 01 Dec 2026 09:59:59 GMT', MTIME_MS)).toBe(false);
    expect(notModifiedSince('yesterday', MTIME_MS)).toBe(false);
    expect(notModifiedSince(undefined, MTIME_MS)).toBe(false);
  });
});
