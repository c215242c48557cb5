// The reviewed correction step: static-data/source/corrections/*.json repair what the
// upstream data has wrong (encoding damage in the Bengali, four Arabic verses, surah
// names, a transliteration typo, one quarter start). Every correction names the verse or
// surah, the exact text or value it replaces, the replacement and why; the build fails
// when `before` is not what the data holds, so a correction can never apply silently to
// changed upstream data. static-data/source/corrections/README.md lists the files.
import type { Checked, QuranSurah, SurahRecord, VerseBase } from './content-types.ts';

export const TEXT_CORRECTION_FIELDS = ['arabic', 'english', 'bengali', 'transliteration'] as const;
export type TextCorrectionField = (typeof TEXT_CORRECTION_FIELDS)[number];
const NAME_FIELDS = ['arabic', 'transliteration', 'english'] as const;
const POSITION_FIELDS = ['juz', 'hizb', 'rub_el_hizb', 'page', 'ruku', 'manzil'] as const;

export interface TextCorrection {
  verse: string;
  before: string;
  after: string;
  why: string;
}
export interface SurahNameCorrection {
  surah: number;
  field: (typeof NAME_FIELDS)[number];
  before: string;
  after: string;
  why: string;
}
export interface PositionCorrection {
  verse: string;
  field: (typeof POSITION_FIELDS)[number];
  before: number;
  after: number;
  why: string;
}

export interface Corrections {
  text: Record<TextCorrectionField, TextCorrection[]>;
  surahNames: SurahNameCorrection[];
  positions: PositionCorrection[];
}

/** The parsed files: `text` by field, plus surah-names.json and positions.json. */
export interface RawCorrections {
  text: Record<TextCorrectionField, unknown>;
  surahNames: unknown;
  positions: unknown;
}

type Fields = Record<string, unknown>;
const VERSE_KEY = /^[1-9]\d{0,2}:[1-9]\d{0,2}$/;

/** The `corrections` array of a file, each record checked by `problemsOf`. */
function checkFile<T>(raw: unknown, file: string, problemsOf: (record: Fields) => string[]): Checked<T[]> {
  const list = (raw as { corrections?: unknown } | undefined)?.corrections;
  if (typeof (raw as { about?: unknown } | undefined)?.about !== 'string' || !Array.isArray(list)) {
    return { ok: false, errors: [`${file}: must be { "about": "…", "corrections": [ … ] }`] };
  }
  const errors = list.flatMap((record: Fields, i) => {
    const base = typeof record?.why === 'string' && record.why.trim() !== '' ? [] : ['why must say why'];
    return [...base, ...problemsOf(record ?? {})].map((problem) => `${file}: correction ${i + 1}: ${problem}`);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: list as T[] };
}

function textProblems(record: Fields): string[] {
  const problems = typeof record.verse === 'string' && VERSE_KEY.test(record.verse) ? [] : ['verse must be "S:V"'];
  if (typeof record.before !== 'string' || record.before === '') problems.push('before must be a non-empty string');
  if (typeof record.after !== 'string' || record.after === record.before)
    problems.push('after must be a string other than before');
  return problems;
}

function nameProblems(record: Fields): string[] {
  const problems = Number.isInteger(record.surah) ? [] : ['surah must be an integer'];
  if (!(NAME_FIELDS as readonly unknown[]).includes(record.field))
    problems.push(`field must be one of ${NAME_FIELDS.join(', ')}`);
  if (typeof record.before !== 'string' || typeof record.after !== 'string' || record.after === '')
    problems.push('before and after must be strings');
  return problems;
}

function positionProblems(record: Fields): string[] {
  const problems = typeof record.verse === 'string' && VERSE_KEY.test(record.verse) ? [] : ['verse must be "S:V"'];
  if (!(POSITION_FIELDS as readonly unknown[]).includes(record.field))
    problems.push(`field must be one of ${POSITION_FIELDS.join(', ')}`);
  if (!Number.isInteger(record.before) || !Number.isInteger(record.after))
    problems.push('before and after must be integers');
  return problems;
}

export function checkCorrections(raw: RawCorrections): Checked<Corrections> {
  const text = TEXT_CORRECTION_FIELDS.map((field) =>
    checkFile<TextCorrection>(raw.text[field], `corrections/${field}.json`, textProblems),
  );
  const surahNames = checkFile<SurahNameCorrection>(raw.surahNames, 'corrections/surah-names.json', nameProblems);
  const positions = checkFile<PositionCorrection>(raw.positions, 'corrections/positions.json', positionProblems);
  const all = [...text, surahNames, positions];
  const errors = all.flatMap((checked) => (checked.ok ? [] : checked.errors));
  if (errors.length > 0 || !surahNames.ok || !positions.ok) return { ok: false, errors };
  const byField = Object.fromEntries(
    TEXT_CORRECTION_FIELDS.map((field, i) => [field, (text[i] as { value: TextCorrection[] }).value]),
  );
  return {
    ok: true,
    value: { text: byField as Corrections['text'], surahNames: surahNames.value, positions: positions.value },
  };
}

/** `before` must occur exactly once in `text`; returns the corrected text or a problem. */
function replaceOnce(text: string, correction: { before: string; after: string }): string | { problem: string } {
  const parts = text.split(correction.before);
  if (parts.length !== 2)
    return { problem: `before ${JSON.stringify(correction.before)} occurs ${parts.length - 1} times, expected once` };
  return parts.join(correction.after);
}

type Verse = QuranSurah['verses'][number];

function correctVerse(verse: Verse, key: string, corrections: Corrections, errors: string[]): Verse {
  let { base, text } = verse;
  for (const field of TEXT_CORRECTION_FIELDS) {
    for (const correction of corrections.text[field].filter((c) => c.verse === key)) {
      const current = field === 'transliteration' ? base.transliteration : text[field];
      const next = replaceOnce(current, correction);
      if (typeof next !== 'string') errors.push(`corrections/${field}.json ${key}: ${next.problem}`);
      else if (field === 'transliteration') base = { ...base, transliteration: next };
      else text = { ...text, [field]: next };
    }
  }
  for (const correction of corrections.positions.filter((c) => c.verse === key)) {
    if (base[correction.field] !== correction.before) {
      errors.push(
        `corrections/positions.json ${key}: ${correction.field} is ${base[correction.field]}, not ${correction.before}`,
      );
    } else base = { ...base, [correction.field]: correction.after } as VerseBase;
  }
  return { base, text };
}

function correctSurah(record: SurahRecord, corrections: Corrections, errors: string[]): SurahRecord {
  let name = record.name;
  for (const correction of corrections.surahNames.filter((c) => c.surah === record.number)) {
    if (name[correction.field] !== correction.before) {
      errors.push(
        `corrections/surah-names.json surah ${record.number}: ` +
          `${correction.field} is ${JSON.stringify(name[correction.field])}`,
      );
    } else name = { ...name, [correction.field]: correction.after };
  }
  return { ...record, name };
}

/** Applies every correction; a correction that names nothing the data holds is an error. */
export function applyCorrections(surahs: readonly QuranSurah[], corrections: Corrections): Checked<QuranSurah[]> {
  const errors: string[] = [];
  const keys = new Set(surahs.flatMap((surah) => surah.verses.map((v) => `${v.base.surah}:${v.base.verse}`)));
  const verseKeys = [...Object.values(corrections.text).flat(), ...corrections.positions].map((c) => c.verse);
  for (const key of verseKeys.filter((k) => !keys.has(k))) errors.push(`corrections: verse ${key} does not exist`);
  for (const c of corrections.surahNames.filter((c) => c.surah < 1 || c.surah > surahs.length))
    errors.push(`corrections: surah ${c.surah} does not exist`);
  const corrected = surahs.map((surah) => ({
    record: correctSurah(surah.record, corrections, errors),
    verses: surah.verses.map((verse) =>
      correctVerse(verse, `${verse.base.surah}:${verse.base.verse}`, corrections, errors),
    ),
  }));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: corrected };
}
