// The vendored Tanzil translations, checked apart from the build: each file is the bytes its
// lock pins; has every verse of every surah and no empty one; its corrections apply exactly
// where they say; and every edition passes the letter checks of its script. Each check is
// also shown to fail on a real file made bad in the way it guards against.
import { describe, expect, it } from 'vitest';
import { distJson } from './dist-files.ts';
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

const verseCounts = distJson<{ surahs: { verses: number }[] }>('quran/verse-index.json').surahs.map((s) => s.verses);

function countProblems(surahs: readonly string[][]): string[] {
  const problems = surahs.length === 114 ? [] : [`${surahs.length} surahs`];
  surahs.forEach((verses, s) => {
    if (verses.length !== verseCounts[s])
      problems.push(`surah ${s + 1}: ${verses.length} verses, expected ${verseCounts[s]}`);
    verses.forEach((text, v) => text === '' && problems.push(`${s + 1}:${v + 1} is empty`));
  });
  return problems;
}

const served = new Map<string, string[][]>();
const servedOf = (entry: LockEntry): string[][] => {
  let verses = served.get(entry.id);
  if (verses === undefined) {
    verses = correctedVerses(tanzilVerses(vendoredXml(entry).xml), correctionsOf(entry.id));
    served.set(entry.id, verses);
  }
  return verses;
};

describe('vendored translations', () => {
  it('are at least 90 editions in at least 35 languages, each language with a default edition', () => {
    expect(lock.length).toBeGreaterThanOrEqual(90);
    expect(new Set(lock.map((entry) => languageOf(entry.id)?.code)).size).toBeGreaterThanOrEqual(35);
    for (const language of editionsFile.languages)
      expect(
        lock.map((e) => e.id),
        language.code,
      ).toContain(language.default);
  });

  it('are the bytes the lock pins', () => {
    for (const entry of lock) {
      const { sha256, bytes } = vendoredXml(entry);
      expect({ sha256, bytes }, entry.id).toEqual({ sha256: entry.sha256, bytes: entry.bytes });
    }
  });

  it('have every verse of every surah, none empty, with the corrections applied', () => {
    const problems = lock.flatMap((entry) => countProblems(servedOf(entry)).map((p) => `${entry.id} ${p}`));
    expect(problems).toEqual([]);
    expect(servedOf(lock.find((e) => e.id === 'id.indonesian') as LockEntry)[0]?.[0]).toBe(
      'Dengan menyebut nama Allah Yang Maha Pemurah lagi Maha Penyayang.',
    );
  });

  it('hold only their script, its punctuation and what editions.json allows, with no punctuation glued', () => {
    const problems = lock.flatMap((entry) => {
      const script = languageOf(entry.id).script;
      return letterProblems(servedOf(entry), script, editionsFile.allowances[entry.id]).map((p) => `${entry.id} ${p}`);
    });
    expect(problems).toEqual([]);
  });

  it("keep Tanzil's text in every verse without a reviewed correction", () => {
    for (const entry of lock) {
      const tanzil = tanzilVerses(vendoredXml(entry).xml);
      const corrected = new Set(correctionsOf(entry.id).map((c) => c.verse));
      const changed = servedOf(entry).flatMap((verses, s) =>
        verses.flatMap((text, v) =>
          text !== tanzil[s]?.[v] && !corrected.has(`${s + 1}:${v + 1}`) ? [`${s + 1}:${v + 1}`] : [],
        ),
      );
      expect(changed, entry.id).toEqual([]);
    }
  });
});

describe('the checks fail on a bad file', () => {
  const indonesian = lock.find((e) => e.id === 'id.indonesian') as LockEntry;
  const xml = vendoredXml(indonesian).xml;
  // The real file made bad, then read as the tests read every edition.
  const bad = (broken: string) => correctedVerses(tanzilVerses(broken), correctionsOf(indonesian.id));

  it('without 6,236 verses', () => {
    const short = bad(xml.replace(/<aya index="286" text="[^"]*"\/>/, ''));
    expect(countProblems(short)).toEqual(['surah 2: 285 verses, expected 286']);
  });

  it('with an empty verse', () => {
    const empty = bad(xml.replace(/(<aya index="255" text=")[^"]*"/, '$1 "'));
    expect(countProblems(empty)).toEqual(['2:255 is empty']);
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
  });
});
