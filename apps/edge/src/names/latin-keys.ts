// The ways people write one of the 99 Names in Latin script, folded to shared keys
// (rules in apps/edge/README.md "Names search"). Three forms of a text:
// - exact: lower case, long vowels kept as written (ā → aa), article with and without;
// - loose: vowel length, doubled letters, the article, e/i and o/u, q/k, gh/g, y/i
//   endings and dhu/zul/dhul folded away, so "Ar Raheem" and "Ar-Rahim" share a key;
// - spelling: the exact form with ee/oo read as ii/uu, to rank close spellings first.

// Letters of the scholarly (DIN 31635 / ALA-LC) schemes that stand for a digraph.
const DIGRAPH_LETTERS: Readonly<Record<string, string>> = { ṯ: 'th', ḏ: 'dh', ẕ: 'dh', ḫ: 'kh', š: 'sh', ġ: 'gh' };
const DIGRAPH_LETTER = /[ṯḏẕḫšġ]/gu;
// A vowel with a macron or circumflex is a long vowel: written twice.
const LONG_VOWEL = /([aeiou])[\u0302\u0304]/gu;
const COMBINING = /[\u0300-\u036f]/gu;
// ʿayn and hamza marks join the word ("Mu'min", "Muʾmin", "Mu`min").
const APOSTROPHES = /['`\u2018\u2019\u02bb\u02bc\u02be\u02bf\u00b4]/gu;
const NOT_LATIN = /[^a-z]+/gu;
const LATIN_LETTER = /[a-z]/u;

// Articles ("al", the sun-letter forms "ar", "ash", Indonesian "asy", "adz") and the
// connector "wa"/"wal" are left out of keys; "ya" is the vocative ("Ya Rahman").
const ARTICLES = new Set([
  'al',
  'el',
  'il',
  'ul',
  'ar',
  'ur',
  'as',
  'ash',
  'asy',
  'at',
  'ath',
  'ats',
  'ad',
  'adh',
  'adz',
  'an',
  'az',
  'azh',
]);
const CONNECTORS = new Set(['wa', 'wal', 'wel', 'w', 'l']);
const VOCATIVE = new Set(['ya', 'yaa']);
// "Arrahman", "Alrahman", "Ashshakur": an article written joined to the word.
const JOINED_ARTICLE = /^(?:[aeu]l(?=[a-z]{3})|[aeu](sh|th|dh|zh|[tdrzsn])(?=\1))/u;
// "Malikul Mulk": the article joined to the end of the word before.
const TRAILING_ARTICLE = /(?<=[a-z]{3})[ui]l$/u;

/** Lower case, long vowels doubled, marks and apostrophes dropped; words split on anything else. */
export function latinWords(text: string): string[] {
  const base = text
    .toLowerCase()
    .replace(DIGRAPH_LETTER, (letter) => DIGRAPH_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(LONG_VOWEL, '$1$1')
    .replace(COMBINING, '')
    .replace(APOSTROPHES, '');
  return base.split(NOT_LATIN).filter(Boolean);
}

export function hasLatin(text: string): boolean {
  return LATIN_LETTER.test(text.toLowerCase().normalize('NFD'));
}

/** The words of a name without articles, connectors and a leading "ya" (all of them if nothing else is left). */
export function contentWords(words: readonly string[]): string[] {
  const start = words.length > 1 && VOCATIVE.has(words[0]!) ? 1 : 0;
  const kept = words.slice(start).filter((word) => !ARTICLES.has(word) && !CONNECTORS.has(word));
  return kept.length > 0 ? kept : words.slice(start);
}

/** Exact forms: the words joined, with and without the articles. */
export function exactForms(words: readonly string[]): string[] {
  return [...new Set([words.join(''), contentWords(words).join('')])].filter(Boolean);
}

/** What is left to compare once spelling conventions are folded away. */
export function foldLoose(joined: string): string {
  return joined
    .replace(/sy/gu, 'sh')
    .replace(/dz/gu, 'dh')
    .replace(/ts/gu, 'th')
    .replace(/q/gu, 'k')
    .replace(/gh/gu, 'g')
    .replace(/v/gu, 'w')
    .replace(/e/gu, 'i')
    .replace(/o/gu, 'u')
    .replace(/ai/gu, 'ay')
    .replace(/(kh|sh|th|dh|zh)\1/gu, '$1')
    .replace(/([a-z])\1+/gu, '$1')
    .replace(/iy|yi/gu, 'i')
    .replace(/^(?:dh|th|z|d)ul?(?=[a-z])/u, 'dhu');
}

/** Loose keys of a query: as typed, without articles, without joined articles. */
export function looseQueryKeys(words: readonly string[]): string[] {
  const content = contentWords(words);
  const candidates = [words.join(''), content.join('')];
  // "Malikul Mulk" → "malik" + "mulk"; only words followed by another lose "ul".
  candidates.push(
    content.map((word, i) => (i < content.length - 1 ? word.replace(TRAILING_ARTICLE, '') : word)).join(''),
  );
  for (const joined of [...candidates]) candidates.push(joined.replace(JOINED_ARTICLE, ''));
  return [...new Set(candidates.filter(Boolean).map(foldLoose))];
}

/** Loose keys of a name, from its transliteration and the Latin spellings of its Arabic letters. */
export function looseNameKeys(
  words: readonly string[],
  consonantSpellings: ReadonlyArray<readonly [string, readonly string[]]>,
): string[] {
  const bases = [words.join(''), contentWords(words).join('')];
  const keys = new Set<string>();
  for (const base of bases) for (const spelled of respell(base, consonantSpellings)) keys.add(foldLoose(spelled));
  keys.delete('');
  return [...keys];
}

/** The exact form with ee/oo read as the long vowels ii/uu; used only to order close matches. */
export function spellingForm(words: readonly string[]): string {
  return contentWords(words).join('').replace(/ee/gu, 'ii').replace(/oo/gu, 'uu');
}

/** Every combination of the alternative spellings of the name's ambiguous consonants. */
function respell(base: string, consonantSpellings: ReadonlyArray<readonly [string, readonly string[]]>): string[] {
  let spellings = [base];
  for (const [written, alternatives] of consonantSpellings) {
    if (!base.includes(written)) continue;
    spellings = spellings.flatMap((spelled) => [
      spelled,
      ...alternatives.map((alternative) => spelled.replaceAll(written, alternative)),
    ]);
  }
  return spellings;
}
