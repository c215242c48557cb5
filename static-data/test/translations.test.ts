// The translation editions as the tree serves them, checked apart from the build against the
// vendored Tanzil files: each file is the bytes its lock pins; every served verse is Tanzil's
// verse but for the reviewed corrections (the fidelity proof); every surah has all its verses
// and none is empty; and every edition passes the letter checks of its script. Each check is
// also shown to fail on a real file made bad in the way it guards against.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRANSLATION_EDITION_IDS, TRANSLATION_LANGUAGE_CODES } from '@ira/core/contract/translation-ids';
import { distBytes, distJson, surahPath } from './dist-files.ts';
import { letterProblems } from './translation-letters.ts';
import {
  correctedVerses,
  correctionsOf,
  editionsFile,
  languageOf,
  lock,
  tanzilVerses,
  vendoredXml,
  type LockEntry,
} from './translation-sources.ts';

interface EditionRecord {
  id: string;
  language: { code: string; name: string; native: string };
  direction: string;
  default: boolean;
  source: { name: string; id: string; version: string };
}

// Each of the heavy tests reads all 102 editions (152 MB of XML, or 11,628 files of the tree): on a
// busy CI machine running every workspace's tests at once that alone passed the 60 s default.
const ALL_EDITIONS = { timeout: 300_000 };

const verseCounts = distJson<{ surahs: { verses: number }[] }>('quran/verse-index.json').surahs.map((s) => s.verses);
const list = distJson<EditionRecord[]>('quran/translations/editions.json');
const byId = (id: string) => lock.find((entry) => entry.id === id) as LockEntry;

const servedCache = new Map<string, string[][]>();
/** The verses of an edition as the tree serves them: quran/translations/<id>/NNN.json. */
function served(id: string): string[][] {
  let verses = servedCache.get(id);
  if (verses === undefined) {
    verses = verseCounts.map((_, s) =>
      distJson<string[]>(`quran/translations/${id}/${String(s + 1).padStart(3, '0')}.json`),
    );
    servedCache.set(id, verses);
  }
  return verses;
}

function countProblems(surahs: readonly string[][]): string[] {
  const problems = surahs.length === 114 ? [] : [`${surahs.length} surahs`];
  surahs.forEach((verses, s) => {
    if (verses.length !== verseCounts[s])
      problems.push(`surah ${s + 1}: ${verses.length} verses, expected ${verseCounts[s]}`);
    verses.forEach((text, v) => text === '' && problems.push(`${s + 1}:${v + 1} is empty`));
  });
  return problems;
}

describe('the editions list', () => {
  it('serves at least 90 editions in at least 35 languages, English and Bengali too, a default per language', () => {
    expect(list.length).toBeGreaterThanOrEqual(90);
    expect(list.map((e) => e.id)).toEqual(lock.map((e) => e.id));
    const languages = new Set(list.map((e) => e.language.code));
    expect(languages.size).toBeGreaterThanOrEqual(35);
    for (const code of languages)
      expect(
        list.filter((e) => e.language.code === code && e.default),
        code,
      ).toHaveLength(1);
    expect(list.filter((e) => ['en.sahih', 'bn.bengali'].includes(e.id)).map((e) => e.default)).toEqual([true, true]);
  });

  it("is the OpenAPI document's list of editions and language codes (core's translation-ids.ts)", () => {
    expect([...TRANSLATION_EDITION_IDS]).toEqual(lock.map((entry) => entry.id));
    expect([...TRANSLATION_LANGUAGE_CODES]).toEqual([...new Set(list.map((e) => e.language.code))].sort());
  });

  it("names Tanzil's id and version line, and writes right-to-left languages so", () => {
    for (const record of list) {
      expect(record.source, record.id).toEqual({ name: 'Tanzil', id: record.id, version: byId(record.id).version });
      const rtl = ['ar', 'fa', 'ur', 'ps', 'sd', 'ug', 'dv'].includes(record.language.code);
      expect(record.direction, record.id).toBe(rtl ? 'rtl' : 'ltr');
    }
  });
});

describe('the docs', () => {
  it("list every edition in the portal's data guide with its Tanzil version and the copy read", () => {
    const guide = readFileSync(
      new URL('../../apps/portal/src/pages/docs/guides/data-sources.md', import.meta.url),
      'utf8',
    );
    for (const entry of lock) {
      const row = guide.split('\n').find((line) => line.startsWith(`| \`${entry.id}\``)) ?? '';
      expect(row, entry.id).toContain(`Tanzil, ${entry.version.replace('Last Update: ', '')}`);
      // The copy read: its repository and commit, named once with the editions taken from it.
      const copy = `${entry.source.repository.replace('github.com/', '')} @${entry.source.commit.slice(0, 7)}`;
      const copies = guide.slice(guide.indexOf('Every file was copied'), guide.indexOf('| Edition |'));
      expect(copies, entry.id).toContain(copy);
      if (!copies.startsWith(`Every file was copied from ${copy}`))
        expect(copies, entry.id).toContain(`\`${entry.id}\``);
    }
  });
});

describe('the vendored files and the served text', () => {
  it('are the bytes the lock pins', ALL_EDITIONS, () => {
    for (const entry of lock) {
      const { sha256, bytes } = vendoredXml(entry);
      expect({ sha256, bytes }, entry.id).toEqual({ sha256: entry.sha256, bytes: entry.bytes });
    }
  });

  it(
    "serve every verse as Tanzil's file has it but for the reviewed corrections, in the verses they name",
    ALL_EDITIONS,
    () => {
      for (const entry of lock) {
        const tanzil = tanzilVerses(vendoredXml(entry).xml);
        const corrections = correctionsOf(entry.id);
        expect(served(entry.id), entry.id).toEqual(correctedVerses(tanzil, corrections));
        const named = new Set(corrections.map((c) => c.verse));
        const changed = served(entry.id).flatMap((verses, s) =>
          verses.flatMap((text, v) =>
            text !== tanzil[s]?.[v] && !named.has(`${s + 1}:${v + 1}`) ? [`${s + 1}:${v + 1}`] : [],
          ),
        );
        expect(changed, entry.id).toEqual([]);
      }
    },
  );

  it('serve every verse of every surah, none empty', ALL_EDITIONS, () => {
    expect(lock.flatMap((entry) => countProblems(served(entry.id)).map((p) => `${entry.id} ${p}`))).toEqual([]);
  });

  it(
    'hold only their script, its punctuation and what editions.json allows, with no punctuation glued',
    ALL_EDITIONS,
    () => {
      const problems = lock.flatMap((entry) =>
        letterProblems(served(entry.id), languageOf(entry.id).script, editionsFile.allowances[entry.id]).map(
          (p) => `${entry.id} ${p}`,
        ),
      );
      expect(problems).toEqual([]);
    },
  );

  it('serve en.sahih and bn.bengali as the text.english and text.bengali of every verse (NFC)', () => {
    const [english, bengali] = [served('en.sahih'), served('bn.bengali')];
    verseCounts.forEach((_, s) => {
      const verses = distJson<{ verses: { text: { english: string; bengali: string } }[] }>(surahPath(s + 1)).verses;
      expect(english[s], `surah ${s + 1}`).toEqual(verses.map((v) => v.text.english.normalize('NFC')));
      expect(bengali[s], `surah ${s + 1}`).toEqual(verses.map((v) => v.text.bengali.normalize('NFC')));
    });
  });

  it('lay a surah out one verse per line, for the edge to slice', () => {
    const lines = distBytes('quran/translations/id.indonesian/001.json').toString('utf8').split('\n');
    expect(lines).toHaveLength(7 + 2);
    expect(JSON.parse((lines[1] as string).replace(/,$/, ''))).toBe(
      'Dengan menyebut nama Allah Yang Maha Pemurah lagi Maha Penyayang.',
    );
  });
});

describe('the checks fail on a bad file', () => {
  const indonesian = byId('id.indonesian');
  const xml = vendoredXml(indonesian).xml;
  // The real file made bad, then read as the tests read every edition.
  const bad = (broken: string) => correctedVerses(tanzilVerses(broken), correctionsOf(indonesian.id));

  it('without 6,236 verses', () => {
    expect(countProblems(bad(xml.replace(/<aya index="286" text="[^"]*"\/>/, '')))).toEqual([
      'surah 2: 285 verses, expected 286',
    ]);
  });

  it('with an empty verse', () => {
    expect(countProblems(bad(xml.replace(/(<aya index="255" text=")[^"]*"/, '$1 "')))).toEqual(['2:255 is empty']);
  });

  it('with a character outside the script', () => {
    const verses = bad(xml.replace('Dengan menyebut', 'Dеngan menyebut')); // Cyrillic е
    expect(letterProblems(verses, 'latin')).toEqual(['1:1 U+0435']);
  });

  it('with sentence punctuation glued between two words, as Bengali 2:264 had it', () => {
    const verses = bad(xml.replace('Segala puji bagi Allah, Tuhan', 'Segala puji bagi Allah,Tuhan'));
    expect(letterProblems(verses, 'latin')).toEqual(['1:2 glued Allah,']);
    expect(letterProblems([['হে ঈমানদারগণ!তোমরা']], 'bengali')).toEqual(['1:1 glued ঈমানদারগণ!']);
    expect(letterProblems([['i.e. the Day, s.a.w.']], 'latin')).toEqual([]);
    expect(served('bn.bengali')[1]?.[263]).toContain('হে ঈমানদারগণ! তোমরা');
  });
});
