// Sorting a place's alternate names by script, and choosing its name in Arabic and in
// Bengali. cities500.txt lists alternate names without their language, so the display
// names are chosen by spelling: see `displayName`.

export type NameScript = 'latin' | 'arabic' | 'bengali';

const LETTER = /\p{L}/u;
const SCRIPT_OF_LETTER: ReadonlyArray<[NameScript, RegExp]> = [
  ['latin', /\p{Script=Latin}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['bengali', /\p{Script=Bengali}/u],
];
// Links (https://en.wikipedia.org/…), codes with digits and other non-names among the
// alternates, and pairs of a name and its transliteration ("Cairo - alqahrt").
const NOT_A_NAME = /[\d/:@?=#%]| - /;
// Airport and other codes: two to four capitals alone ("DAC", "LHR").
const CODE = /^[A-Z]{2,4}$/;
const UPPER_CASE = /\p{Lu}/u;

/**
 * The one script all letters of `name` are written in, or null for a name in another
 * script, in mixed scripts ("Dacca ঢাকা"), a code or a link. A Latin name must have a
 * capital: the alternates in lower case alone are letter-by-letter transliterations of
 * names in other scripts ("la ma di", "dhakka", "kwnsypshywn"), not spellings in use.
 */
export function scriptOf(name: string): NameScript | null {
  if (NOT_A_NAME.test(name) || CODE.test(name)) return null;
  let script: NameScript | null = null;
  for (const char of name) {
    if (!LETTER.test(char)) continue;
    const found = SCRIPT_OF_LETTER.find(([, pattern]) => pattern.test(char))?.[0] ?? null;
    if (found === null || (script !== null && found !== script)) return null;
    script = found;
  }
  return script === 'latin' && !UPPER_CASE.test(name) ? null : script;
}

// The letters of the Arabic alphabet (hamza … yeh, U+0621–U+064A, without tatweel) and
// the harakat and superscript alef (U+064B–U+0652, U+0670). Names with letters only
// Persian, Urdu, Kurdish or Pashto use (پ چ ژ گ ک ی ە ہ ڈ …) stay searchable but are
// never chosen as the Arabic name.
// Each combining mark is matched on its own, never as part of a sequence.
// eslint-disable-next-line no-misleading-character-class
const ARABIC_LANGUAGE = /^[\u0621-\u063a\u0641-\u064a\u064b-\u0652\u0670 ]+$/;
const ARABIC_HARAKAT = /[\u064b-\u0652\u0670]/;
// Spellings only Arabic has: the article and ta marbuta (Persian and Urdu write neither:
// قاهره beside القاهرة, رياض beside الرياض).
const ARABIC_ONLY_SPELLING = /^\u0627\u0644|\u0629/;
// Alef maqsura where standard spelling has yeh (دبى beside دبي).
const ALEF_MAQSURA = /\u0649/g;
// Assamese writes the Bengali script with its own ra and wa (ৰ ৱ, U+09F0–U+09F1).
// eslint-disable-next-line no-misleading-character-class
const BENGALI_LANGUAGE = /^[\u0980-\u09ef\u200c\u200d ]+$/;

const LANGUAGE_SPELLING: Record<'ar' | 'bn', RegExp> = { ar: ARABIC_LANGUAGE, bn: BENGALI_LANGUAGE };

/**
 * The place's name in Arabic or Bengali, chosen among its alternate names in that
 * script. The spellings that use only the language's own letters are grouped by their
 * folded form; the largest group wins (several sources spelling a name alike outweigh
 * one odd spelling), then a group with a spelling only Arabic has, then the shorter
 * form, then code-unit order, so the choice is reproducible. Within the group the
 * spelling without harakat, then with the fewest alef maqsura, is shown. Null when no
 * alternate qualifies.
 */
export function displayName(
  alternates: readonly string[],
  language: 'ar' | 'bn',
  fold: (text: string) => string,
): string | null {
  const groups = new Map<string, string[]>();
  for (const name of alternates) {
    const trimmed = name.trim();
    if (!LANGUAGE_SPELLING[language].test(trimmed)) continue;
    const key = fold(trimmed);
    if (key === '') continue;
    groups.set(key, [...(groups.get(key) ?? []), trimmed]);
  }
  const arabicOnly = (spellings: string[]): number =>
    Number(spellings.some((spelling) => ARABIC_ONLY_SPELLING.test(spelling)));
  const ranked = [...groups].sort(
    ([keyA, a], [keyB, b]) =>
      b.length - a.length || arabicOnly(b) - arabicOnly(a) || keyA.length - keyB.length || compareCodeUnits(keyA, keyB),
  );
  const best = ranked[0]?.[1];
  return best === undefined ? null : ([...best].sort(compareSpellings)[0] ?? null);
}

function compareSpellings(a: string, b: string): number {
  const maqsura = (text: string): number => text.match(ALEF_MAQSURA)?.length ?? 0;
  return (
    Number(ARABIC_HARAKAT.test(a)) - Number(ARABIC_HARAKAT.test(b)) ||
    maqsura(a) - maqsura(b) ||
    a.length - b.length ||
    compareCodeUnits(a, b)
  );
}

/** Plain code-unit order, never locale-dependent, so the output is reproducible. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
