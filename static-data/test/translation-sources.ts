// The data tests' own reading of the vendored Tanzil translations, written apart from the
// build (scripts/build-content/) so that each checks the other: the gzipped XML files, their
// lock, the reviewed corrections, and the letter checks each edition must pass.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const SOURCE = new URL('../source/', import.meta.url);

export interface LockEntry {
  id: string;
  file: string;
  version: string;
  source: { repository: string; commit: string; path: string };
  sha256: string;
  bytes: number;
}
export interface Language {
  code: string;
  script: string;
  default: string;
  direction: string;
}
export interface Allowance {
  characters?: string;
  glued?: string[];
}
export interface Correction {
  verse: string;
  before: string;
  after: string;
  why: string;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(new URL(path, SOURCE), 'utf8')) as T;

export const lock = readJson<{ editions: LockEntry[] }>('translations/translations.lock.json').editions;
export const editionsFile = readJson<{ languages: Language[]; allowances: Record<string, Allowance[]> }>(
  'translations/editions.json',
);

export function languageOf(id: string): Language {
  return editionsFile.languages.find((language) => language.code === id.split('.')[0]) as Language;
}

/** The XML of a vendored edition, and the SHA-256 of its bytes. */
export function vendoredXml(entry: LockEntry): { xml: string; sha256: string; bytes: number } {
  const bytes = gunzipSync(readFileSync(new URL(`translations/${entry.file}`, SOURCE)));
  return { xml: bytes.toString('utf8'), sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
}

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };

/** The verses of a Tanzil file in file order, per surah: NFC, whitespace collapsed. */
export function tanzilVerses(xml: string): string[][] {
  const surahs: string[][] = [];
  for (const [tag, text] of xml.matchAll(/<sura\b[^>]*>|<aya\b[^>]*\btext="([^"]*)"/g)) {
    if (tag.startsWith('<sura')) surahs.push([]);
    else {
      const decoded = (text ?? '').replace(/&(#\d+|[a-z]+);/g, (entity, name: string) =>
        name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name] ?? entity),
      );
      surahs.at(-1)?.push(decoded.normalize('NFC').replace(/\s+/gu, ' ').trim());
    }
  }
  return surahs;
}

export function correctionsOf(id: string): Correction[] {
  const file =
    id === 'en.sahih'
      ? 'corrections/english.json'
      : id === 'bn.bengali'
        ? 'corrections/bengali.json'
        : `translations/corrections/${id}.json`;
  if (!existsSync(new URL(file, SOURCE))) return [];
  return readJson<{ corrections: Correction[] }>(file).corrections.map((c) => ({
    ...c,
    before: c.before.normalize('NFC'),
    after: c.after.normalize('NFC'),
  }));
}

/** Tanzil's verses with the reviewed corrections applied, each `before` found exactly once. */
export function correctedVerses(surahs: readonly string[][], corrections: readonly Correction[]): string[][] {
  const served = surahs.map((verses) => [...verses]);
  for (const c of corrections) {
    const [s, v] = c.verse.split(':').map(Number) as [number, number];
    const parts = (served[s - 1]?.[v - 1] ?? '').split(c.before);
    if (parts.length !== 2) throw new Error(`${c.verse}: ${JSON.stringify(c.before)} occurs ${parts.length - 1} times`);
    (served[s - 1] as string[])[v - 1] = parts.join(c.after);
  }
  return served;
}
