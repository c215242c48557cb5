// The reviewed corrections of a translation edition. A correction names the verse, the
// exact text it replaces (`before`, found exactly once in the verse, else the build
// fails), the replacement and why; every other verse is served as Tanzil's file has it,
// which the data tests prove against the vendored files (static-data/test/translations.test.ts).
// English and Bengali keep theirs in static-data/source/corrections/{english,bengali}.json
// (they also correct text.english and text.bengali); every other edition in
// translations/corrections/<id>.json.
// Corrections compare in NFC, the form Tanzil's verses are read in (tanzil-xml.ts).
import type { Checked } from './content-types.ts';

export interface VerseCorrection {
  verse: string;
  before: string;
  after: string;
  why: string;
}

const VERSE_KEY = /^[1-9]\d{0,2}:[1-9]\d{0,2}$/;

/** Where an edition's corrections are kept, relative to static-data/source. */
export function correctionsFile(id: string): string {
  if (id === 'en.sahih') return 'corrections/english.json';
  if (id === 'bn.bengali') return 'corrections/bengali.json';
  return `translations/corrections/${id}.json`;
}

function recordProblems(record: Partial<VerseCorrection>): string[] {
  const problems: string[] = [];
  if (typeof record.verse !== 'string' || !VERSE_KEY.test(record.verse)) problems.push('verse must be "S:V"');
  if (typeof record.before !== 'string' || record.before === '') problems.push('before must be a non-empty string');
  if (typeof record.after !== 'string' || record.after === record.before)
    problems.push('after must be a string other than before');
  if (typeof record.why !== 'string' || record.why.trim() === '') problems.push('why must say why');
  return problems;
}

/** An edition without a corrections file has none; a file must be { about, corrections: [ … ] }. */
export function checkVerseCorrections(raw: unknown, file: string): Checked<VerseCorrection[]> {
  if (raw === undefined) return { ok: true, value: [] };
  const list = (raw as { corrections?: unknown }).corrections;
  if (typeof (raw as { about?: unknown }).about !== 'string' || !Array.isArray(list)) {
    return { ok: false, errors: [`${file}: must be { "about": "…", "corrections": [ … ] }`] };
  }
  const errors = list.flatMap((record: Partial<VerseCorrection>, i) =>
    recordProblems(record ?? {}).map((problem) => `${file}: correction ${i + 1}: ${problem}`),
  );
  if (errors.length > 0) return { ok: false, errors };
  const nfc = (list as VerseCorrection[]).map((c) => ({
    ...c,
    before: c.before.normalize('NFC'),
    after: c.after.normalize('NFC'),
  }));
  return { ok: true, value: nfc };
}

function replaceOnce(text: string, before: string, after: string): string | undefined {
  const parts = text.split(before);
  return parts.length === 2 ? parts.join(after) : undefined;
}

/** The served verses: Tanzil's with every correction applied, in the file's order. */
export function applyVerseCorrections(
  surahs: readonly (readonly string[])[],
  corrections: readonly VerseCorrection[],
  file: string,
): Checked<string[][]> {
  const errors: string[] = [];
  const served = surahs.map((verses) => [...verses]);
  for (const correction of corrections) {
    const [s, v] = correction.verse.split(':').map(Number) as [number, number];
    const text = served[s - 1]?.[v - 1];
    if (text === undefined) {
      errors.push(`${file}: verse ${correction.verse} does not exist`);
      continue;
    }
    const next = replaceOnce(text, correction.before, correction.after);
    if (next === undefined)
      errors.push(
        `${file} ${correction.verse}: before ${JSON.stringify(correction.before)} does not occur exactly once`,
      );
    else (served[s - 1] as string[])[v - 1] = next;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: served };
}
