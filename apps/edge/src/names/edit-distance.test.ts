import { describe, expect, it } from 'vitest';
import { editDistance, withinOneEdit } from './edit-distance.ts';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('majiid', 'majid')).toBe(1);
    expect(editDistance('majiid', 'maajid')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('withinOneEdit', () => {
  it('agrees with editDistance <= 1', () => {
    const pairs = [
      ['mugi', 'mugni'],
      ['wudud', 'wadud'],
      ['mugni', 'mugi'],
      ['abc', 'abd'],
      ['abc', 'ab'],
      ['abc', 'xbcd'],
      ['ab', 'ba'],
      ['kabiz', 'kabid'],
    ];
    for (const [a, b] of pairs) expect(withinOneEdit(a!, b!), `${a}/${b}`).toBe(editDistance(a!, b!) <= 1);
  });
});
