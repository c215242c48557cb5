// How a verse object is written, the one place its JSON is spelled: the content build
// writes each verse's base and text pairs into quran/surah/NNN.json (recording their byte
// ranges), and the edge joins those slices into the verse objects it answers with,
// `{"id":…,"transliteration":"…","text":{"arabic":"…",…}[,"translations":[…]][,"audio":[…]]}`.
// A translation is `{"id":"<edition>","text":"…"}`, its text the JSON string the tree stores
// on one line of quran/translations/<edition>/NNN.json.
import type { JsonPart } from './envelope.ts';

/** After the base (the verse object up to its text, without a closing brace). */
export const VERSE_TEXT_OPEN = ',"text":{';
/** Between two `"<language>":"…"` pairs, and between two verses of an array. */
export const VERSE_JSON_COMMA = ',';
/** The end of a verse as the content tree stores it: its text object, then the verse object. */
export const STORED_VERSE_CLOSE = '}}';

/** One translation of a verse: `prefix` is translationPrefix(edition), `text` its JSON string. */
export interface VerseTranslationJson {
  prefix: JsonPart;
  text: JsonPart;
}

export interface VerseJson {
  /** `{"id":…,"transliteration":"…"`: the verse object up to its text. */
  base: JsonPart;
  /** Each `"<language>":"…"` pair, in the order to write them. */
  text: readonly JsonPart[];
  /** The translations asked for, in order; null (or absent) leaves `translations` out. */
  translations?: readonly VerseTranslationJson[] | null;
  /** The `audio` array's JSON, or null to leave `audio` out. */
  audio: JsonPart | null;
}

/** `{"id":"<edition>","text":`, before a translation's text: computed once per edition (ids are [a-z.]). */
export function translationPrefix(edition: string): string {
  return `{"id":${JSON.stringify(edition)},"text":`;
}

function pushTranslations(out: JsonPart[], translations: readonly VerseTranslationJson[]): void {
  out.push(',"translations":[');
  translations.forEach((translation, index) => {
    if (index > 0) out.push(VERSE_JSON_COMMA);
    out.push(translation.prefix, translation.text, '}');
  });
  out.push(']');
}

/** Appends one verse object's parts to `out` (joined once, by the envelope). */
export function pushVerseJson(out: JsonPart[], verse: VerseJson): void {
  out.push(verse.base, VERSE_TEXT_OPEN);
  verse.text.forEach((pair, index) => {
    if (index > 0) out.push(VERSE_JSON_COMMA);
    out.push(pair);
  });
  const translations = verse.translations ?? null;
  if (translations === null && verse.audio === null) {
    out.push(STORED_VERSE_CLOSE);
    return;
  }
  out.push('}');
  if (translations !== null) pushTranslations(out, translations);
  if (verse.audio !== null) out.push(',"audio":', verse.audio);
  out.push('}');
}
