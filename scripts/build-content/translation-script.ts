// The letter checks of the translations: every character of an edition belongs to its
// script, to the punctuation every edition may use, to its script's own punctuation or
// to what the edition's record allows (each allowance with its reason); and no
// sentence punctuation sits glued between two words ("হে ঈমানদারগণ!তোমরা"), except
// an abbreviation of single letters ("i.e.", "s.a.w", "т.е.") or what the edition allows.
// Chinese and Japanese set sentences without spaces, so the glue check skips them. Each
// script also names the search fold of its editions (@ira/core/text/translation-fold).
import type { TranslationFold } from '@ira/core/text/translation-fold';

interface Script {
  /** Unicode Script_Extensions names whose letters and marks the script writes. */
  scripts: readonly string[];
  /** Punctuation of the script beyond the common set (Script Common or Inherited). */
  punctuation: string;
  glued: boolean;
  fold: TranslationFold;
}

/** The writing systems of the editions. */
export const SCRIPTS = {
  // Spanish opens questions and exclamations with ¿ and ¡.
  latin: { scripts: ['Latin'], punctuation: '¡¿', glued: true, fold: 'latin' },
  cyrillic: { scripts: ['Cyrillic'], punctuation: '', glued: true, fold: 'cyrillic' },
  // Arabic letters, harakat and the Arabic-Indic digits; ZWNJ writes Persian and Urdu word parts.
  arabic: { scripts: ['Arabic'], punctuation: '\u200c\u200d', glued: true, fold: 'arabic' },
  bengali: { scripts: ['Bengali'], punctuation: '\u200c\u200d', glued: true, fold: 'abugida' },
  devanagari: { scripts: ['Devanagari'], punctuation: '\u200c\u200d', glued: true, fold: 'abugida' },
  // Malayalam writes chillu letters and stops conjuncts with ZWJ and ZWNJ in older text.
  malayalam: { scripts: ['Malayalam'], punctuation: '\u200c\u200d', glued: true, fold: 'abugida' },
  tamil: { scripts: ['Tamil'], punctuation: '', glued: true, fold: 'abugida' },
  // Divehi quotes the Arabic of the verses in Arabic script.
  thaana: { scripts: ['Thaana', 'Arabic'], punctuation: '', glued: true, fold: 'arabic' },
  ethiopic: { scripts: ['Ethiopic'], punctuation: '', glued: true, fold: 'abugida' },
  thai: { scripts: ['Thai'], punctuation: '', glued: true, fold: 'bigram' },
  hangul: { scripts: ['Hangul'], punctuation: '', glued: true, fold: 'bigram' },
  // Full-width punctuation and the CJK brackets, whose Script is Common.
  han: {
    scripts: ['Han'],
    punctuation: '，。、：；？！（）《》〈〉「」『』【】〔〕─－．・…—',
    glued: false,
    fold: 'bigram',
  },
  japanese: {
    scripts: ['Han', 'Hiragana', 'Katakana'],
    punctuation: '，。、：；？！（）《》〈〉「」『』【】〔〕―−．・…ー',
    glued: false,
    fold: 'bigram',
  },
} as const satisfies Record<string, Script>;
export type ScriptName = keyof typeof SCRIPTS;

/** What every edition may use beside its letters: spaces, digits, and common punctuation. */
const COMMON = ' 0123456789.,;:!?\'"()[]-–—…«»‹›“”‘’„‚/';
/** Punctuation that ends a sentence or clause: never glued between two words. */
const SENTENCE_MARKS = '.,;:!?\u0964\u0965\u060c\u061b\u061f\u06d4\u1361-\u1366';
// The marks themselves, between a letter (with its marks) and a letter: linear in the text.
const GLUED = new RegExp(`(?<=\\p{L}\\p{M}*)[${SENTENCE_MARKS}]+(?=\\p{L})`, 'gu');
const WORD_BEFORE = /(?:\p{L}\p{M}*)+$/u;
const WORD_AFTER = /^(?:\p{L}\p{M}*)+/u;
const CONTEXT_CHARS = 40;
const SINGLE_LETTER = /^\p{L}\p{M}*$/u;
const OUTSIDE = "is outside the edition's script and punctuation";

export interface ScriptAllowances {
  /** Characters beyond the script and the common set, each listed with why in the edition's record. */
  characters: string;
  /** Exact strings whose glued punctuation is the edition's spelling ("Al.lah"). */
  glued: readonly string[];
}

export interface ScriptProblem {
  verse: string;
  problem: string;
}

function escapeClass(characters: string): string {
  return characters.replace(/[\\\]^-]/g, (c) => `\\${c}`);
}

/** A pattern matching one character the edition may not hold. */
export function foreignCharacter(script: ScriptName, allowed: string): RegExp {
  const { scripts, punctuation } = SCRIPTS[script];
  const letters = scripts.map((name) => `\\p{scx=${name}}`).join('');
  return new RegExp(`[^${letters}${escapeClass(COMMON + punctuation + allowed)}]`, 'gu');
}

function codePoint(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The punctuation glued between two words of `text`, with the words; abbreviations and allowed spellings left out. */
export function gluedPunctuation(text: string, allowed: readonly string[]): string[] {
  let rest = text;
  for (const spelling of allowed) rest = rest.replaceAll(spelling, ' ');
  const found: string[] = [];
  for (const { 0: marks, index } of rest.matchAll(GLUED)) {
    const before = WORD_BEFORE.exec(rest.slice(Math.max(0, index - CONTEXT_CHARS), index))?.[0] ?? '';
    const after = WORD_AFTER.exec(rest.slice(index + marks.length, index + marks.length + CONTEXT_CHARS))?.[0] ?? '';
    const abbreviation = marks === '.' && SINGLE_LETTER.test(before) && SINGLE_LETTER.test(after);
    if (!abbreviation) found.push(before + marks + after);
  }
  return found;
}

/** Every character outside the script and every glued punctuation mark, verse by verse. */
export function scriptProblems(
  surahs: readonly (readonly string[])[],
  script: ScriptName,
  allowances: ScriptAllowances,
): ScriptProblem[] {
  const foreign = foreignCharacter(script, allowances.characters);
  const problems: ScriptProblem[] = [];
  surahs.forEach((verses, s) =>
    verses.forEach((text, v) => {
      const verse = `${s + 1}:${v + 1}`;
      for (const [character] of text.matchAll(foreign)) {
        problems.push({
          verse,
          problem: `${codePoint(character)} ${JSON.stringify(character)} ${OUTSIDE}`,
        });
      }
      if (!SCRIPTS[script].glued) return;
      for (const glued of gluedPunctuation(text, allowances.glued))
        problems.push({ verse, problem: `punctuation glued between two words: ${JSON.stringify(glued)}` });
    }),
  );
  return problems;
}
