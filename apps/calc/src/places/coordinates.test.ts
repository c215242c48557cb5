import { describe, expect, it } from 'vitest';
import { LNG_CONFLICT_ERROR, LNG_ERROR, parseCoordinates } from './coordinates.ts';

const SENTENCE = 'lat and lon must be valid numbers';
const parse = (query: Record<string, unknown>) => parseCoordinates(query, SENTENCE);

describe('parseCoordinates', () => {
  it.each([
    ['90', '180'],
    ['-90', '-180'],
    ['90.0', '-180.000'],
  ])('treats the boundaries lat=%s lon=%s as valid', (lat, lon) => {
    expect(parse({ lat, lon })).toEqual({ ok: true, value: { lat: Number(lat), lon: Number(lon) } });
  });

  it.each([
    ['90.0001', '0'],
    ['-90.5', '0'],
    ['0', '180.0001'],
    ['0', '-181'],
    ['', '0'],
    ['0', ''],
    ['1e1', '0'],
  ])('rejects lat=%j lon=%j with the route sentence', (lat, lon) => {
    expect(parse({ lat, lon })).toEqual({ ok: false, message: SENTENCE });
  });

  it('reads lng alone as lon', () => {
    expect(parse({ lat: '1', lng: '2' })).toEqual({ ok: true, value: { lat: 1, lon: 2 } });
  });

  it('names lng when lng alone is not a longitude', () => {
    for (const lng of ['abc', '181', '']) expect(parse({ lat: '1', lng })).toEqual({ ok: false, message: LNG_ERROR });
  });

  it('accepts lng beside lon when it is the same longitude', () => {
    expect(parse({ lat: '1', lon: '3', lng: '3.0' })).toEqual({ ok: true, value: { lat: 1, lon: 3 } });
  });

  it.each(['2', 'abc', '181', 'null', ''])('refuses lng=%j beside lon=3, naming lng', (lng) => {
    expect(parse({ lat: '1', lon: '3', lng })).toEqual({ ok: false, message: LNG_CONFLICT_ERROR });
  });

  it('refuses a repeated coordinate, naming it', () => {
    expect(parse({ lat: ['1', '2'], lon: '3' })).toEqual({ ok: false, message: 'lat must be sent once, not repeated' });
    expect(parse({ lat: '1', lon: '3', lng: ['3', '3'] })).toEqual({
      ok: false,
      message: 'lng must be sent once, not repeated',
    });
  });

  it('rejects a missing coordinate', () => {
    expect(parse({ lat: '1' })).toEqual({ ok: false, message: SENTENCE });
    expect(parse({ lon: '1' })).toEqual({ ok: false, message: SENTENCE });
  });
});
