import { describe, expect, it } from 'vitest';
import {
  dayParam,
  decimalParam,
  enumParam,
  hijriDayParam,
  integerParam,
  listParam,
  singleParam,
  valueOrThrow,
  wholeNumber,
} from './params.ts';

const BOUNDS = { min: -90, max: 90, message: 'x must be a number from -90 to 90' };
const bad = (message: string) => ({ ok: false, message });
const good = (value: unknown) => ({ ok: true, value });

describe('singleParam', () => {
  it('is undefined when absent, the string when sent once, a problem naming it when repeated', () => {
    expect(singleParam({}, 'x')).toEqual(good(undefined));
    expect(singleParam({ x: '' }, 'x')).toEqual(good(''));
    expect(singleParam({ x: ['1', '2'] }, 'x')).toEqual(bad('x must be sent once, not repeated'));
  });
});

describe('decimalParam', () => {
  it.each(['12', '-12.5', '+3.25', '0', '.5', '12.', '000023.4500', '90', '-90'])('accepts %j', (raw) => {
    expect(decimalParam({ x: raw }, 'x', BOUNDS)).toEqual(good(Number(raw)));
  });

  it.each(['12abc', '0x10', '1e400', '1e5', 'NaN', 'Infinity', '', ' ', ' 12', '1_000', '--1', '.', '1,5', '90.1'])(
    'refuses %j with the sentence',
    (raw) => {
      expect(decimalParam({ x: raw }, 'x', BOUNDS)).toEqual(bad(BOUNDS.message));
    },
  );

  it('turns -0 into 0 so it serialises as 0', () => {
    const parsed = decimalParam({ x: '-0' }, 'x', BOUNDS);
    expect(parsed.ok && Object.is(parsed.value, 0)).toBe(true);
  });

  it('refuses a repeated value and leaves an absent one undefined', () => {
    expect(decimalParam({ x: ['1', '1'] }, 'x', BOUNDS)).toEqual(bad('x must be sent once, not repeated'));
    expect(decimalParam({}, 'x', BOUNDS)).toEqual(good(undefined));
  });
});

describe('integerParam', () => {
  it.each([
    ['7', 7],
    ['+7', 7],
    ['-3', -3],
    ['-0', 0],
    ['012', 12],
  ])('accepts %j', (raw, value) => {
    expect(integerParam({ n: raw }, 'n', { min: -12, max: 12, message: 'n' })).toEqual(good(value));
  });

  it.each(['', '1.5', '13', '1e1', ' 1', 'one', '0x1'])('refuses %j (empty included)', (raw) => {
    expect(integerParam({ n: raw }, 'n', { min: -12, max: 12, message: 'n!' })).toEqual(bad('n!'));
  });
});

describe('wholeNumber', () => {
  it('reads digits with an optional sign, however many, and nothing else', () => {
    expect(wholeNumber('007')).toBe(7);
    expect(wholeNumber('-0')).toBe(0);
    expect(wholeNumber('123456789012')).toBe(123456789012);
    for (const raw of ['', '1.0', '1e2', ' 1', 'x', '0x1']) expect(wholeNumber(raw), raw).toBeNull();
  });
});

describe('enumParam', () => {
  const aliases = new Map([['ummalqura', 'makkah' as const]]);
  it('matches case-insensitively and maps aliases to the canonical value', () => {
    expect(enumParam({ m: 'MWL' }, 'm', ['mwl', 'makkah'] as const)).toEqual(good('mwl'));
    expect(enumParam({ m: 'UmmAlQura' }, 'm', ['mwl', 'makkah'] as const, { aliases })).toEqual(good('makkah'));
  });

  it('refuses empty, unknown and repeated values, naming the parameter and the values', () => {
    for (const m of ['', 'hanbali']) expect(enumParam({ m }, 'm', ['a', 'b'])).toEqual(bad('m must be one of: a, b'));
    expect(enumParam({ m: ['a', 'a'] }, 'm', ['a'])).toEqual(bad('m must be sent once, not repeated'));
  });
});

describe('dayParam', () => {
  it('accepts real days, leap days included', () => {
    expect(dayParam({ d: '2024-02-29' }, 'd', 'd!')).toEqual(good([2024, 2, 29]));
  });

  it.each(['', '2026-02-29', '2026-13-01', '2026-00-10', '2026-1-1', '2026-01-32', '2026-01-01T00:00Z'])(
    'refuses %j',
    (raw) => {
      expect(dayParam({ d: raw }, 'd', 'd!')).toEqual(bad('d!'));
    },
  );
});

describe('hijriDayParam', () => {
  it('accepts the 30th of any month (the calendar says whether it exists)', () => {
    expect(hijriDayParam({ h: '1447-09-30' }, 'h', 'h!')).toEqual(good([1447, 9, 30]));
  });

  it.each(['', '1447-90-01', '1447-13-01', '1447-00-01', '1447-01-31', '1447-01-00', '1447/01/01'])(
    'refuses %j',
    (raw) => {
      expect(hijriDayParam({ h: raw }, 'h', 'h!')).toEqual(bad('h!'));
    },
  );
});

describe('listParam', () => {
  it('joins comma lists and repeats, trimmed, empty items dropped', () => {
    expect(listParam({ l: ['a, b', 'c,'] }, 'l')).toEqual(['a', 'b', 'c']);
    expect(listParam({}, 'l')).toBeUndefined();
    expect(listParam({ l: '' }, 'l')).toEqual([]);
  });
});

describe('valueOrThrow', () => {
  it("throws the route's error for a problem", () => {
    expect(() => valueOrThrow(bad('x!') as never, (message) => new Error(message))).toThrow('x!');
    expect(valueOrThrow(good(3) as never, (message) => new Error(message))).toBe(3);
  });
});
