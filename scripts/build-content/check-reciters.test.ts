import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkReciters } from './check-reciters.ts';

type Raw = Record<string, unknown> & { source: Record<string, unknown> };

const SOURCE = JSON.parse(
  readFileSync(new URL('../../static-data/source/reciters.json', import.meta.url), 'utf8'),
) as Raw[];

function remote(id: string, source: Record<string, unknown> = {}): Raw {
  return {
    id,
    name: `Reciter ${id}`,
    language: 'arabic',
    style: 'murattal',
    bitrate: 128,
    source: { type: 'remote', base_url: `https://example.org/${id}/`, layout: 'SSSVVV.mp3', ...source },
  };
}

function errorsOf(raw: unknown): string[] {
  const checked = checkReciters(raw);
  return checked.ok ? [] : checked.errors;
}

describe('checkReciters', () => {
  it('accepts the real catalog and spells out the layout of local reciters', () => {
    const checked = checkReciters(SOURCE);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.length).toBeGreaterThanOrEqual(10);
    const local = checked.value.find((r) => r.source.type === 'local');
    expect(local?.source).toEqual({ type: 'local', dir: local?.id, layout: 'SSSVVV.mp3' });
  });

  it('requires an https base_url ending in /', () => {
    const raw = [
      remote('alafasy', { base_url: 'http://everyayah.com/data/Alafasy_128kbps/' }),
      remote('husary', { base_url: 'https://everyayah.com/data/Husary_128kbps' }),
      remote('sudais', { base_url: 'https://example.org/a/?token=1/' }),
    ];
    expect(errorsOf(raw)).toEqual([
      'reciters.json: reciter "alafasy": source.base_url must be an https URL ending in /',
      'reciters.json: reciter "husary": source.base_url must be an https URL ending in /',
      'reciters.json: reciter "sudais": source.base_url must be an https URL ending in /',
    ]);
  });

  it('requires the SSSVVV.mp3 layout and a slug dir for local sources', () => {
    const raw = [
      remote('a', { layout: 'SSS/VVV.mp3' }),
      { ...remote('b'), source: { type: 'local', dir: '../etc' } },
      { ...remote('c'), source: { type: 'ftp' } },
    ];
    expect(errorsOf(raw)).toEqual([
      'reciters.json: reciter "a": source.layout must be exactly "SSSVVV.mp3"',
      'reciters.json: reciter "b": source.dir must be a lowercase slug (a-z, 0-9, -)',
      'reciters.json: reciter "c": source.layout must be exactly "SSSVVV.mp3"',
      'reciters.json: reciter "c": source.type must be "remote" or "local"',
    ]);
  });

  it('checks id, language, style and bitrate', () => {
    const raw = [
      { ...remote('x'), id: 'Bad Id' },
      { ...remote('y'), language: 'urdu', style: 'fast', bitrate: 0 },
      { ...remote('z'), bitrate: 64.5 },
    ];
    expect(errorsOf(raw)).toEqual([
      'reciters.json: reciter "Bad Id": id must be a lowercase slug (a-z, 0-9, -)',
      'reciters.json: reciter "y": language must be one of arabic, english, bengali',
      'reciters.json: reciter "y": style must be one of murattal, mujawwad, translation',
      'reciters.json: reciter "y": bitrate must be a positive integer (kbps)',
      'reciters.json: reciter "z": bitrate must be a positive integer (kbps)',
    ]);
  });

  it('rejects duplicated ids and names', () => {
    const raw = [remote('a'), remote('a'), { ...remote('b'), name: 'RECITER A' }];
    expect(errorsOf(raw)).toEqual([
      'reciters.json: reciter "a": id duplicates reciter 1',
      'reciters.json: reciter "a": name duplicates reciter 1',
      'reciters.json: reciter "b": name duplicates reciter 1',
    ]);
  });

  it('rejects an empty catalog', () => {
    expect(errorsOf([])).toEqual(['reciters.json: must be a non-empty JSON array of reciters']);
  });
});
