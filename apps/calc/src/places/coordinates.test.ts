import { describe, expect, it } from 'vitest';
import { parseCoordinates, parseDecimal } from './coordinates.ts';

describe('parseDecimal', () => {
  it.each(['12', '-12.5', '+3.25', '0', '-0', '.5', '12.', '000123.4500'])('accepts the plain decimal %j', (raw) => {
    expect(parseDecimal(raw)).toBe(Number(raw) + 0);
  });

  it.each([
    '12abc',
    '0x10',
    '1e400',
    '1e5',
    '1E5',
    'NaN',
    'Infinity',
    '-Infinity',
    '',
    ' ',
    ' 12',
    '12 ',
    '1_000',
    '--1',
    '.',
    '1,5',
  ])('rejects %j', (raw) => {
    expect(parseDecimal(raw)).toBeNull();
  });

  it('rejects non-strings such as a repeated query parameter (array)', () => {
    expect(parseDecimal(['1', '2'])).toBeNull();
    expect(parseDecimal(undefined)).toBeNull();
  });

  it('turns -0 into 0 so it serialises as 0', () => {
    expect(Object.is(parseDecimal('-0'), 0)).toBe(true);
  });
});

describe('parseCoordinates', () => {
  it.each([
    ['90', '180'],
    ['-90', '-180'],
    ['90.0', '-180.000'],
  ])('treats the boundaries lat=%s lon=%s as valid', (lat, lon) => {
    expect(parseCoordinates({ lat, lon })).toEqual({ lat: Number(lat), lon: Number(lon) });
  });

  it.each([
    ['90.0001', '0'],
    ['-90.5', '0'],
    ['0', '180.0001'],
    ['0', '-181'],
  ])('rejects out-of-range lat=%s lon=%s', (lat, lon) => {
    expect(parseCoordinates({ lat, lon })).toBeNull();
  });

  it('accepts lng as an alias of lon, lon winning when both are sent', () => {
    expect(parseCoordinates({ lat: '1', lng: '2' })).toEqual({ lat: 1, lon: 2 });
    expect(parseCoordinates({ lat: '1', lon: '3', lng: '2' })).toEqual({ lat: 1, lon: 3 });
  });

  it('rejects a missing coordinate', () => {
    expect(parseCoordinates({ lat: '1' })).toBeNull();
    expect(parseCoordinates({ lon: '1' })).toBeNull();
  });
});
