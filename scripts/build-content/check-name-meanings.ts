// Every one of the 99 Names must have its own meaning, in English and in Bengali. Two
// measures catch a copied or paraphrased text (static-data/source/names-sources.md):
// - a shared sentence: the same sentence (folded: case, punctuation, diacritics) in the
//   meanings of two names, e.g. "Nothing is above Him." under both 36 and 75;
// - a near-duplicate: two meanings sharing at least MIN_SHARED_WORDS content words
//   (stop words removed, English endings trimmed) that make up MAX_CONTENT_OVERLAP or
//   more of the shorter meaning's content words. The paraphrased pairs this was written
//   for stood at 0.45 to 0.60 (32/99, 36/78, 74/96, and 71/72 in Bengali); the figures
//   before and after the review are in names-sources.md.
import { foldForSearch } from '@ira/core/text/fold';
import type { NameSource } from './content-types.ts';

export const MAX_CONTENT_OVERLAP = 0.45;
// Two or fewer shared words ("creation", "power") is a coincidence of short texts.
const MIN_SHARED_WORDS = 3;
// A sentence this short ("He is Allah.", three words) may repeat without copying anything;
// "Nothing is above Him." (four) may not.
const MIN_SHARED_SENTENCE_WORDS = 4;
const SENTENCE_END = /[.!?।]+/u;

// Function words that say nothing about a name: English, then Bengali (pronouns of
// respect, case words and auxiliaries that every meaning uses).
// Folded like the meanings, since NFKD splits Bengali vowel signs (কোনো).
const STOP_WORDS: Readonly<Record<'en' | 'bn', ReadonlySet<string>>> = {
  en: foldedSet(
    (
      'the a an and or but of to in on for with by from as at is are be been was were will would who whom ' +
      'whose which that this these those his him he himself its it their them they there what whatever ' +
      'whoever whomever all any every each everything no not nor nothing none one so such than then too ' +
      'very can could may might must shall should do does did has have had out up down over under above ' +
      'about into upon also even only just more most other own same some both between through after before ' +
      'while until without within alone yet if when whenever will wills thing things according'
    ).split(' '),
  ),
  bn: foldedSet(
    (
      'যিনি যাঁর যাঁকে যাঁরা তিনি তিনিই তাঁর তাঁরই তাঁকে তাঁকেই তাঁর তাঁদের এবং ও বা আর না নয় নন নেই কোনো ' +
      'কোনোভাবে কিছু কিছুই সব সকল সবকিছু সবকিছুর সবকিছুকে সমগ্র প্রতিটি প্রত্যেক প্রত্যেককে যা যে যাকে যার ' +
      'তা তাকে তার তাদের তারা এই এ এমন করে করেন করেছেন থেকে জন্য সাথে মধ্যে ওপর প্রতি কাছে হয় হন হয়ে ' +
      'পারে পারেন দিয়ে কেবল একমাত্র অথচ তবু তবে কেননা যেন যাতে'
    ).split(' '),
  ),
};

type Lang = 'en' | 'bn';

interface Indexed {
  number: number;
  name: string;
  sentences: Map<string, string>;
  words: Set<string>;
}

/** Problems as "names.json: record N (Name): …", naming both records of each pair. */
export function checkMeaningsDistinct(records: readonly NameSource[]): string[] {
  const problems: string[] = [];
  for (const lang of ['en', 'bn'] as const) {
    const indexed = records.map((record) => index(record, lang));
    problems.push(...sharedSentences(indexed, lang), ...nearDuplicates(indexed, lang));
  }
  return problems;
}

function index(record: NameSource, lang: Lang): Indexed {
  const sentences = new Map<string, string>();
  for (const sentence of record[lang].meaning.split(SENTENCE_END)) {
    const folded = foldForSearch(sentence);
    if (folded.split(' ').length >= MIN_SHARED_SENTENCE_WORDS) sentences.set(folded, sentence.trim());
  }
  return { number: record.number, name: record.name, sentences, words: contentWords(record[lang].meaning, lang) };
}

function sharedSentences(records: Indexed[], lang: Lang): string[] {
  const firstSeen = new Map<string, Indexed>();
  const problems: string[] = [];
  for (const record of records) {
    for (const [folded, original] of record.sentences) {
      const first = firstSeen.get(folded);
      if (first === undefined) firstSeen.set(folded, record);
      else
        problems.push(
          `${label(record)}: ${lang}.meaning repeats the sentence "${original}" ` +
            `of record ${first.number} (${first.name})`,
        );
    }
  }
  return problems;
}

function nearDuplicates(records: Indexed[], lang: Lang): string[] {
  const problems: string[] = [];
  records.forEach((a, i) => {
    for (const b of records.slice(i + 1)) {
      const { shared, ratio } = overlap(a.words, b.words);
      if (shared.length >= MIN_SHARED_WORDS && ratio >= MAX_CONTENT_OVERLAP) {
        problems.push(
          `${label(b)}: ${lang}.meaning nearly repeats record ${a.number} (${a.name}): ` +
            `${Math.round(ratio * 100)}% of content words shared ` +
            `(limit ${Math.round(MAX_CONTENT_OVERLAP * 100)}%: ${shared.join(', ')})`,
        );
      }
    }
  });
  return problems;
}

export function foldedSet(words: string[]): ReadonlySet<string> {
  return new Set(words.map((word) => foldForSearch(word)));
}

function contentWords(text: string, lang: Lang): Set<string> {
  const stop = STOP_WORDS[lang];
  const words = foldForSearch(text)
    .split(' ')
    .filter((word) => word !== '' && !stop.has(word));
  return new Set(lang === 'en' ? words.map(trimEnglishEnding) : words);
}

// A light stemmer: "punishes"/"punished"/"punishing" count as one word.
function trimEnglishEnding(word: string): string {
  return word.length > 4 ? word.replace(/(?:ing|ed|es|s|ly)$/u, '') : word;
}

/** |A ∩ B| / min(|A|, |B|). */
function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): { shared: string[]; ratio: number } {
  const shared = [...a].filter((word) => b.has(word));
  const smaller = Math.min(a.size, b.size);
  return { shared, ratio: smaller === 0 ? 0 : shared.length / smaller };
}

function label(record: Indexed): string {
  return `names.json: record ${record.number} (${record.name})`;
}
