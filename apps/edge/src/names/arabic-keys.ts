// Arabic forms of a name for search. The text is already folded by foldForSearch
// (harakat, tatweel, alef forms, hamza seats, ta marbuta and Persian letters), so
// "الرؤوف", "الرءوف" and "ٱلرَّءُوفُ" are one spelling apart at most.

const ARABIC_ARTICLE = 'ال';
const ALEF = /ا/gu;
const REPEATED_LETTER = /(.)\1+/gu;
// How the Latin transliteration writes the Arabic letters that people spell in more
// than one way: ط as t or th (Indonesian), ص as s or sh (Indonesian), ث as th or s
// (South Asian), ض as d, dh or z, ظ as z, dh or zh, ذ as dh or z.
const CONSONANT_SPELLINGS: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  ['ط', 't', ['th']],
  ['ص', 's', ['sh']],
  ['ث', 'th', ['s']],
  ['ض', 'd', ['dh', 'z']],
  ['ظ', 'z', ['dh', 'zh']],
  ['ذ', 'dh', ['z']],
];

/** The folded Arabic without spaces, with and without the article ال. */
export function arabicExactForms(folded: string): string[] {
  const whole = folded.replaceAll(' ', '');
  return whole.startsWith(ARABIC_ARTICLE) && whole.length > ARABIC_ARTICLE.length + 1
    ? [whole, whole.slice(ARABIC_ARTICLE.length)]
    : [whole];
}

/** Long alef and repeated letters dropped: "الرحمان" and "الرحمن", "الرووف" and "الروف" meet. */
export function arabicLooseKey(form: string): string {
  return (form.slice(0, 1) + form.slice(1).replace(ALEF, '')).replace(REPEATED_LETTER, '$1');
}

/** For each ambiguous letter in the name: its Latin spelling in the transliteration and the alternatives. */
export function consonantSpellings(foldedArabic: string): Array<readonly [string, readonly string[]]> {
  return CONSONANT_SPELLINGS.filter(([letter]) => foldedArabic.includes(letter)).map(
    ([, written, others]) => [written, others] as const,
  );
}
