import { describe, expect, it } from 'vitest';
import { encodePathSegment, fillPath } from './path-segment.ts';

describe('encodePathSegment', () => {
  it('leaves what RFC 3986 allows in a segment as it is: `2:255`, not `2%3A255`', () => {
    expect(encodePathSegment('2:255')).toBe('2:255');
    expect(encodePathSegment("a@b!$&'()*+,;=-._~")).toBe("a@b!$&'()*+,;=-._~");
  });

  it('encodes what would leave the segment or be misread: slashes, query, fragment, percent, spaces', () => {
    expect(encodePathSegment('../../admin')).toBe('..%2F..%2Fadmin');
    expect(encodePathSegment('a?b#c%d e')).toBe('a%3Fb%23c%25d%20e');
    expect(encodePathSegment('الفاتحة')).toBe(encodeURIComponent('الفاتحة'));
  });
});

describe('fillPath', () => {
  it('puts each value in its {name}, encoded as a segment', () => {
    expect(fillPath('/api/v1/quran/verse/{id}/audio', { id: '2:255' })).toBe('/api/v1/quran/verse/2:255/audio');
  });
});
