// Validates static-data/source/surah-names-bn.json: the surah names written in Bengali
// script (names, not translations: 1 is "আল-ফাতিহা", not "সূচনা"). Every problem names the
// record and the field, e.g. `surah-names-bn.json: record 36: bengali must be in Bengali script`.
import type { Checked } from './content-types.ts';

const FILE = 'surah-names-bn.json';
export const SURAH_COUNT = 114;
const RECORD_KEYS = ['number', 'bengali'];

// Words of the Bengali block U+0980–U+09FF joined by single spaces or hyphens. This also
// rules out Latin letters, digits, apostrophes and stray leading or trailing separators.
const BENGALI_NAME = /^[\u0980-\u09ff]+(?:[ -][\u0980-\u09ff]+)*$/;
const BENGALI_LETTER = /[\u0985-\u09b9\u09dc-\u09df]/;

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkBengali(value: unknown): string[] {
  if (value === undefined) return ['bengali is missing'];
  if (typeof value !== 'string') return ['bengali must be a string'];
  if (value.trim() === '') return ['bengali is empty'];
  if (!BENGALI_NAME.test(value) || !BENGALI_LETTER.test(value)) return ['bengali must be in Bengali script'];
  // য়, ড় and ঢ় have precomposed code points that NFC decomposes; one spelling only, so the
  // same name always has the same bytes (and matches the NFC text of names.json).
  if (value !== value.normalize('NFC')) return ['bengali must be NFC-normalized'];
  return [];
}

/** Problems of one record, each as "<field> <what is wrong>". */
function checkRecord(record: Fields, position: number): string[] {
  const problems = Object.keys(record)
    .filter((key) => !RECORD_KEYS.includes(key))
    .map((key) => `unknown field ${key}`);
  if (record.number !== position) problems.push(`number must be ${position}, found ${JSON.stringify(record.number)}`);
  return [...problems, ...checkBengali(record.bengali)];
}

/** The Bengali name of surah n at index n - 1. */
export function checkSurahNamesBn(raw: unknown): Checked<string[]> {
  if (!Array.isArray(raw)) return { ok: false, errors: [`${FILE}: must be a JSON array of surah name records`] };
  const errors: string[] = [];
  if (raw.length !== SURAH_COUNT) errors.push(`${FILE}: expected ${SURAH_COUNT} records, found ${raw.length}`);
  raw.forEach((record: unknown, index) => {
    const position = index + 1;
    if (!isObject(record)) errors.push(`${FILE}: record ${position}: must be an object`);
    else for (const problem of checkRecord(record, position)) errors.push(`${FILE}: record ${position}: ${problem}`);
  });
  if (errors.length > 0) return { ok: false, errors };
  const names = (raw as { bengali: string }[]).map((record) => record.bengali);
  const seen = new Map<string, number>();
  names.forEach((name, index) => {
    const first = seen.get(name);
    if (first === undefined) seen.set(name, index + 1);
    else errors.push(`${FILE}: record ${index + 1}: bengali duplicates record ${first}`);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: names };
}
