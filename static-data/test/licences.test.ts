// The licence of each dataset is stated in three places: manifest.json (`licences`, written
// by the build), the README table "Data sources and licences" and the portal's data guide.
// Each table row must name the manifest's licence for its dataset and no other.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '@ira/core/contract/content-format';
import { distJson } from './dist-files.ts';

const licences = distJson<Manifest>('manifest.json').licences;
const read = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');
const README_SECTION = read('../../README.md').split('\n## Data sources and licences\n')[1]?.split('\n## ')[0] ?? '';
const DOCS = {
  README: README_SECTION,
  'portal guide': read('../../apps/portal/src/pages/docs/guides/data-sources.md'),
};

/** Text of the first cell of each dataset's row, the same in both tables. */
const ROW_LABELS: Record<string, string> = {
  arabic: 'Quran Arabic text',
  english: 'English translation',
  bengali: 'Bengali translation',
  transliteration: 'Verse transliteration',
  translations: 'Quran translations (Tanzil editions)',
  positions: 'Positions',
  'surah-names-bengali': 'Bengali surah names',
  names: 'The 99 Names',
  reciters: 'Reciters catalogue',
  places: 'Places (gazetteer)',
};

/** The table rows of `doc` whose first cell contains `label`. */
function rows(doc: string, label: string): string[] {
  return doc.split('\n').filter((line) => line.startsWith('|') && (line.split('|')[1] ?? '').includes(label));
}

describe('dataset licences', () => {
  it('gives every dataset of the manifest a licence, and a row in the docs', () => {
    expect(Object.keys(licences).sort()).toEqual(Object.keys(ROW_LABELS).sort());
  });

  for (const [doc, text] of Object.entries(DOCS)) {
    it(`names in the ${doc} the manifest's licence for each dataset, and no other`, () => {
      const others = (own: string) => [...new Set(Object.values(licences))].filter((licence) => licence !== own);
      for (const [dataset, label] of Object.entries(ROW_LABELS)) {
        const found = rows(text, label);
        expect(found, `${doc}: one row for ${dataset} ("${label}")`).toHaveLength(1);
        const licence = licences[dataset] as string;
        expect(found[0], `${doc}: ${dataset}`).toContain(licence);
        for (const other of others(licence)) expect(found[0], `${doc}: ${dataset}`).not.toContain(other);
      }
    });
  }

  it("states the 99 Names' licence in names-sources.md too, and no other", () => {
    const text = read('../source/names-sources.md');
    expect(text).toContain(`(${licences.names}`);
    expect(text).not.toMatch(/\bMIT\b/);
  });
});
