import { describe, expect, it } from 'vitest';
import { distJson } from './dist-files.ts';

interface Reciter {
  id: string;
  name: string;
  language: string;
  style: string;
  bitrate: number;
  source: { type: 'remote'; base_url: string; layout: string } | { type: 'local'; dir: string; layout: string };
}

const reciters = distJson<Reciter[]>('quran/reciters.json');
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('quran/reciters.json', () => {
  it('has unique slug ids and unique names (the reciter filter matches either)', () => {
    expect(reciters.length).toBeGreaterThanOrEqual(10);
    for (const reciter of reciters) expect(reciter.id).toMatch(SLUG);
    expect(new Set(reciters.map((r) => r.id)).size).toBe(reciters.length);
    expect(new Set(reciters.map((r) => r.name.toLowerCase())).size).toBe(reciters.length);
  });

  it('covers Arabic, English and Bengali reciters with valid styles and bitrates', () => {
    expect(new Set(reciters.map((r) => r.language))).toEqual(new Set(['arabic', 'english', 'bengali']));
    for (const reciter of reciters) {
      expect(['murattal', 'mujawwad', 'translation']).toContain(reciter.style);
      expect(Number.isInteger(reciter.bitrate) && reciter.bitrate > 0).toBe(true);
      expect(Object.keys(reciter)).toEqual(['id', 'name', 'language', 'style', 'bitrate', 'source']);
    }
  });

  it('gives remote reciters an https directory whose SSSVVV.mp3 files form valid URLs', () => {
    const remote = reciters.filter((r) => r.source.type === 'remote');
    expect(remote.length).toBeGreaterThanOrEqual(9);
    for (const { id, source } of remote) {
      if (source.type !== 'remote') continue;
      expect(source.layout).toBe('SSSVVV.mp3');
      expect(source.base_url, id).toMatch(/^https:\/\/[^?#]+\/$/);
      const url = new URL(`${source.base_url}002255.mp3`);
      expect(url.protocol).toBe('https:');
      expect(url.pathname.endsWith('/002255.mp3')).toBe(true);
    }
  });

  it('keeps the bitrate in step with the everyayah folder name', () => {
    for (const { id, bitrate, source } of reciters) {
      const folderRate = source.type === 'remote' ? /(\d+)kbps/.exec(source.base_url)?.[1] : undefined;
      if (folderRate !== undefined) expect(Number(folderRate), id).toBe(bitrate);
    }
  });

  it('serves local reciters from MEDIA_DIR/quran/<id>', () => {
    const local = reciters.filter((r) => r.source.type === 'local');
    expect(local.map((r) => r.language)).toContain('bengali');
    for (const { id, source } of local) {
      expect(source).toEqual({ type: 'local', dir: id, layout: 'SSSVVV.mp3' });
    }
  });
});
