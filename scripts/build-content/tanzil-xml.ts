// Reads one Tanzil translation file (tanzil.net/trans/, XML): the header comment
// (`#  Name: …`, `#  ID: …`, `#  Last Update: …`) and `<aya index="N" text="…"/>` per
// verse inside `<sura index="S">`. Each verse comes back NFC with its whitespace collapsed
// to single spaces and trimmed: the form every check and every served text compares in.
// The file must hold every surah and verse in order (verse counts from quran-meta).
import { getAyahCountInSurah, meta, type Surah } from 'quran-meta';
import type { Checked } from './content-types.ts';

/** The header fields Tanzil writes, as they stand (Tanzil writes "-" as "=" inside the XML comment). */
export interface TanzilHeader {
  name: string;
  translator: string;
  language: string;
  id: string;
  /** The version line, e.g. "Last Update: June 4, 2010". */
  version: string;
  source: string;
}

export interface TanzilTranslation {
  header: TanzilHeader;
  /** surahs[s - 1][v - 1]: the text of verse s:v. */
  surahs: string[][];
}

const HEADER_FIELDS: Record<string, Exclude<keyof TanzilHeader, 'version'>> = {
  Name: 'name',
  Translator: 'translator',
  Language: 'language',
  ID: 'id',
  Source: 'source',
};
const HEADER_LINE = /^#\s+([A-Za-z ]+):\s*(.*?)\s*$/;
const SURA = /<sura index="(\d+)"[^>]*>|<aya index="(\d+)" text="([^"]*)"\s*\/>/g;
const XML_ENTITIES: Readonly<Record<string, string>> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;
const WHITESPACE = /\s+/gu;

export function decodeXmlText(text: string): string {
  return text.replace(ENTITY, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return XML_ENTITIES[name] ?? entity;
  });
}

/** The form verses are compared and served in: NFC, runs of whitespace as one space, no space at the ends. */
export function normalizeVerse(text: string): string {
  return text.normalize('NFC').replace(WHITESPACE, ' ').trim();
}

export function parseTanzilHeader(xml: string, file: string): Checked<TanzilHeader> {
  const comment = /<!--([\s\S]*?)-->/.exec(xml)?.[1] ?? '';
  const found: Partial<TanzilHeader> = {};
  for (const line of comment.split(/\r?\n/)) {
    const match = HEADER_LINE.exec(line);
    if (match === null) continue;
    const [, label, value] = match as unknown as [string, string, string];
    if (label === 'Last Update') found.version = `Last Update: ${value}`;
    else if (HEADER_FIELDS[label] !== undefined) found[HEADER_FIELDS[label]] = value;
  }
  const missing = ['name', 'translator', 'language', 'id', 'version', 'source'].filter(
    (field) => !found[field as keyof TanzilHeader],
  );
  if (missing.length > 0) return { ok: false, errors: [`${file}: the Tanzil header has no ${missing.join(', ')}`] };
  return { ok: true, value: found as TanzilHeader };
}

/** The verses in file order, each checked against its surah's and its own index. */
function readVerses(xml: string, file: string, errors: string[]): string[][] {
  const surahs: string[][] = [];
  for (const match of xml.matchAll(SURA)) {
    const [, surahIndex, ayaIndex, text] = match;
    if (surahIndex !== undefined) {
      if (Number(surahIndex) !== surahs.length + 1)
        errors.push(`${file}: surah ${surahIndex} where surah ${surahs.length + 1} belongs`);
      surahs.push([]);
      continue;
    }
    const verses = surahs.at(-1);
    if (verses === undefined) {
      errors.push(`${file}: a verse before the first surah`);
      continue;
    }
    if (Number(ayaIndex) !== verses.length + 1)
      errors.push(`${file}: surah ${surahs.length} has verse ${ayaIndex} where verse ${verses.length + 1} belongs`);
    verses.push(normalizeVerse(decodeXmlText(text ?? '')));
  }
  return surahs;
}

function countProblems(surahs: readonly string[][], file: string): string[] {
  const problems: string[] = [];
  if (surahs.length !== meta.numSurahs) problems.push(`${file}: ${surahs.length} surahs, expected ${meta.numSurahs}`);
  const total = surahs.reduce((sum, verses) => sum + verses.length, 0);
  if (total !== meta.numAyahs) problems.push(`${file}: ${total} verses, expected ${meta.numAyahs}`);
  surahs.forEach((verses, i) => {
    const expected = i < meta.numSurahs ? getAyahCountInSurah((i + 1) as Surah) : 0;
    if (verses.length !== expected)
      problems.push(`${file}: surah ${i + 1} has ${verses.length} verses, expected ${expected}`);
    verses.forEach((text, v) => {
      if (text === '') problems.push(`${file}: verse ${i + 1}:${v + 1} is empty`);
    });
  });
  return problems;
}

export function parseTanzilXml(xml: string, file: string): Checked<TanzilTranslation> {
  const header = parseTanzilHeader(xml, file);
  const errors: string[] = header.ok ? [] : header.errors;
  const surahs = readVerses(xml, file, errors);
  errors.push(...countProblems(surahs, file));
  if (errors.length > 0 || !header.ok) return { ok: false, errors };
  return { ok: true, value: { header: header.value, surahs } };
}
