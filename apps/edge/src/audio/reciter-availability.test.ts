import { describe, expect, it } from 'vitest';
import type { Reciter } from '../quran/quran-content.ts';
import type { MediaCatalog } from './media-catalog.ts';
import { reciterAudio, reciterListJson, reciterListOf } from './reciter-availability.ts';

const REMOTE: Reciter = {
  id: 'alafasy',
  name: 'Mishary Rashid Alafasy',
  language: 'arabic',
  style: 'murattal',
  bitrate: 128,
  source: { type: 'remote', base_url: 'https://everyayah.com/data/Alafasy_128kbps/', layout: 'SSSVVV.mp3' },
};
const LOCAL: Reciter = {
  id: 'bengali-muhiuddin-khan',
  name: 'Bengali translation (Muhiuddin Khan)',
  language: 'bengali',
  style: 'translation',
  bitrate: 64,
  source: { type: 'local', dir: 'bengali-muhiuddin-khan', layout: 'SSSVVV.mp3' },
};

function catalog(counts: Record<string, number>, generation = 0): MediaCatalog {
  return {
    hasName: () => false,
    hasVerse: () => false,
    verseCount: (dir) => counts[dir] ?? 0,
    refresh: async () => {},
    generation,
    close: () => {},
  };
}

describe('reciterAudio', () => {
  it('names the host of a remote origin and counts every verse', () => {
    expect(reciterAudio(REMOTE, catalog({}), 6236)).toEqual({
      source: 'remote',
      host: 'everyayah.com',
      verses: 6236,
      available: true,
    });
  });

  it('says a local reciter without recordings is not available, and counts the files once added', () => {
    expect(reciterAudio(LOCAL, catalog({}), 6236)).toEqual({
      source: 'local',
      host: null,
      verses: 0,
      available: false,
    });
    expect(reciterAudio(LOCAL, catalog({ 'bengali-muhiuddin-khan': 7 }), 6236)).toEqual({
      source: 'local',
      host: null,
      verses: 7,
      available: true,
    });
  });
});

describe('reciterListJson', () => {
  it('drops the source location and adds audio after the catalog fields', () => {
    const list = JSON.parse(reciterListJson([REMOTE, LOCAL], catalog({}), 6236).toString('utf8'));
    expect(list.map((r: object) => Object.keys(r))).toEqual([
      ['id', 'name', 'language', 'style', 'bitrate', 'audio'],
      ['id', 'name', 'language', 'style', 'bitrate', 'audio'],
    ]);
    expect(list[1].audio.available).toBe(false);
  });
});

describe('reciterListOf', () => {
  it('builds the list once per media generation and again when a rescan finds other files', () => {
    const counts: Record<string, number> = {};
    const media = { ...catalog(counts), generation: 0 };
    const list = reciterListOf([REMOTE, LOCAL], media, 6236);
    const first = list();
    expect(list()).toBe(first);
    counts['bengali-muhiuddin-khan'] = 7;
    // Same generation: the listing has not been rescanned, so the built list stands.
    expect(list()).toBe(first);
    media.generation = 1;
    const rescanned = list();
    expect(JSON.parse(rescanned.toString('utf8'))[1].audio).toEqual({
      source: 'local',
      host: null,
      verses: 7,
      available: true,
    });
    expect(rescanned.equals(reciterListJson([REMOTE, LOCAL], media, 6236))).toBe(true);
    expect(list()).toBe(rescanned);
  });
});
