// The data tests' letter checks of a translation, written apart from the build's
// (scripts/build-content/translation-script.ts): every character is a letter or mark of the
// edition's script, a digit, common punctuation, its script's punctuation or an allowance
// of editions.json; and no sentence punctuation is glued between two words, except an
// abbreviation of single letters (i.e., s.a.w) or an allowed spelling.
import type { Allowance } from './translation-sources.ts';

// Script property classes (sc, where the build uses scx) and the punctuation each script writes.
const SCRIPT_CLASSES: Record<string, string> = {
  latin: '\\p{sc=Latin}¡¿',
  // ʼ writes the ʿayn in Cyrillic transliterations (ru.kalam 19:1).
  cyrillic: '\\p{sc=Cyrillic}\\u02bc',
  // The tatweel (kashida) lengthens a joined letter in Persian, Pashto and Sindhi typesetting;
  // ﴾ ﴿ are the ornate parentheses.
  arabic: '\\p{sc=Arabic}\\ufd3e\\ufd3f\\u0640\\u060c\\u061b\\u061f\\u200c\\u200d',
  thaana: '\\p{sc=Thaana}\\p{sc=Arabic}\\u0640\\u060c\\u061b\\u061f',
  bengali: '\\p{sc=Bengali}\\u0964\\u0965\\u200c\\u200d',
  devanagari: '\\p{sc=Devanagari}\\u0964\\u0965\\u200c\\u200d',
  malayalam: '\\p{sc=Malayalam}\\u200c\\u200d',
  tamil: '\\p{sc=Tamil}',
  ethiopic: '\\p{sc=Ethiopic}',
  thai: '\\p{sc=Thai}',
  hangul: '\\p{sc=Hangul}',
  han: '\\p{sc=Han}，。、：；？！（）《》〈〉「」『』【】〔〕─－．・…—',
  japanese: '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}，。、：；？！（）《》〈〉「」｢｣『』【】〔〕―−．・…ー',
};
const COMMON = ' 0-9.,;:!?\'"()\\[\\]\\-/–—…«»‹›“”‘’„‚';
const SENTENCE = '.,;:!?\\u0964\\u0965\\u060c\\u061b\\u061f\\u06d4\\u1361-\\u1366';
// The marks are found first (a few per verse) and their neighbours looked at: linear, and quick
// on the longest unspaced Thai runs.
const MARKS = new RegExp(`[${SENTENCE}]+`, 'g');
const WORD_END = /(?:\p{L}\p{M}*)+$/u;
const WORD_START = /^(?:\p{L}\p{M}*)+/u;
const ONE_LETTER = /^\p{L}\p{M}*$/u;
const LETTER = /^\p{L}$/u;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
const NEIGHBOURS = 40;
// Chinese and Japanese write sentences without spaces.
const UNSPACED = new Set(['han', 'japanese']);

const escape = (characters: string) => characters.replace(/[\\\]^-]/g, (c) => `\\${c}`);

export function letterProblems(
  verses: readonly string[][],
  script: string,
  allowances: readonly Allowance[] = [],
): string[] {
  const allowed = escape(allowances.map((a) => a.characters ?? '').join(''));
  // Combining marks a script shares (harakat, Latin accents) have Script Inherited.
  const foreign = new RegExp(`[^${SCRIPT_CLASSES[script]}\\p{sc=Inherited}${COMMON}${allowed}]`, 'gu');
  const spellings = allowances.flatMap((a) => a.glued ?? []);
  const problems: string[] = [];
  verses.forEach((surah, s) =>
    surah.forEach((text, v) => {
      const key = `${s + 1}:${v + 1}`;
      for (const [c] of text.matchAll(foreign))
        problems.push(`${key} U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`);
      if (UNSPACED.has(script)) return;
      const rest = spellings.reduce((t, spelling) => t.replaceAll(spelling, ' '), text);
      for (const { 0: marks, index } of rest.matchAll(MARKS)) {
        // Most marks have a space or nothing after them: only a letter on both sides needs the words.
        if (!LETTER_OR_MARK.test(rest[index - 1] ?? '') || !LETTER.test(rest[index + marks.length] ?? '')) continue;
        const before = WORD_END.exec(rest.slice(Math.max(0, index - NEIGHBOURS), index))?.[0];
        const after = WORD_START.exec(rest.slice(index + marks.length, index + marks.length + NEIGHBOURS))?.[0];
        if (before === undefined || after === undefined) continue;
        // An abbreviation: a full stop between two one-letter words.
        const abbreviation = marks === '.' && ONE_LETTER.test(before) && ONE_LETTER.test(after);
        if (!abbreviation) problems.push(`${key} glued ${before}${marks}`);
      }
    }),
  );
  return problems;
}
