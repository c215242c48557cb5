// How a verse object is written, the one place its JSON is spelled: the content build
// writes each verse's base and text pairs into quran/surah/NNN.json (recording their byte
// ranges), and the edge joins those slices into the verse objects it answers with,
// `{"id":…,"transliteration":"…","text":{"arabic":"…",…}[,"audio":[…]]}`.
import type { JsonPart } from './envelope.ts';

/** After the base (the verse object up to its text, without a closing brace). */
export const VERSE_TEXT_OPEN = ',"text":{';
/** Between two `"<language>":"…"` pairs, and between two verses of an array. */
export const VERSE_JSON_COMMA = ',';
/** The end of a verse as the content tree stores it: its text object, then the verse object. */
export const STORED_VERSE_CLOSE = '}}';

export interface VerseJson {
  /** `{"id":…,"transliteration":"…"`: the verse object up to its text. */
  base: JsonPart;
  /** Each `"<language>":"…"` pair, in the order to write them. */
  text: readonly JsonPart[];
  /** The `audio` array's JSON, or null to leave `audio` out. */
  audio: JsonPart | null;
}

/** Appends one verse object's parts to `out` (joined once, by the envelope). */
export function pushVerseJson(out: JsonPart[], verse: VerseJson): void {
  out.push(verse.base, VERSE_TEXT_OPEN);
  verse.text.forEach((pair, index) => {
    if (index > 0) out.push(VERSE_JSON_COMMA);
    out.push(pair);
  });
  if (verse.audio === null) {
    out.push(STORED_VERSE_CLOSE);
  } else {
    out.push('},"audio":', verse.audio, '}');
  }
}
