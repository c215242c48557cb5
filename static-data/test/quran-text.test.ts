// The Quran text as served, letter by letter: the Bengali without encoding damage, both
// translations with the punctuation of their original Tanzil files, the Arabic corrected
// against KFGQPC Hafs v2.0, and the ۞/۩ signs of the text agreeing with the positions.
// Expected figures come from the original files (tanzil.net en.sahih 2011-04-24 and
// bn.bengali 2011-04-30), counted independently of the build.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { distJson, quranJsonFile, surahPath } from './dist-files.ts';
import { walkQuotes } from './quote-marks.ts';

interface Verse {
  surah: number;
  verse: number;
  rub_el_hizb: number;
  sajda: false | { type: string; classification?: string };
  transliteration: string;
  text: { arabic: string; english: string; bengali: string };
}
interface Correction {
  verse: string;
  before: string;
  after: string;
  why: string;
}
type Chapters = { verses: { translation?: string; text: string }[] }[];

const surahs = distJson<{ number: number }[]>('quran/surahs.json');
const verses = surahs.flatMap((s) => distJson<{ verses: Verse[] }>(surahPath(s.number)).verses);
const key = (verse: Verse): string => `${verse.surah}:${verse.verse}`;
const byKey = new Map(verses.map((verse) => [key(verse), verse]));
const at = (k: string): Verse => byKey.get(k) as Verse;
const corrections = (file: string): Correction[] =>
  (
    JSON.parse(readFileSync(new URL(`../source/corrections/${file}`, import.meta.url), 'utf8')) as {
      corrections: Correction[];
    }
  ).corrections;

// The Bengali block, the dandas, and the punctuation the translation uses.
const BENGALI_TEXT = /^[\u0980-\u09ff\u0964\u0965 ,;:!?()'"‘’.-]+$/u;
const BROKEN_REFERENCE = /&#|#\d+;|\d+;/;
const EDGE_PUNCTUATION = /^[\s.,;:!?'"-]+|[\s.,;:!?'"-]+$/g;
const trim = (text: string): string => text.replace(EDGE_PUNCTUATION, '');

describe('Bengali text', () => {
  it('holds only the Bengali block and its punctuation, with no broken character reference', () => {
    const damaged = verses.filter((v) => !BENGALI_TEXT.test(v.text.bengali) || BROKEN_REFERENCE.test(v.text.bengali));
    expect(damaged.map(key)).toEqual([]);
    // A question mark inside a word stands for a lost character (4:11 দু?জন) or space (2:138).
    expect(verses.filter((v) => /[\u0980-\u09ff]\?[\u0980-\u09ff]/u.test(v.text.bengali)).map(key)).toEqual([]);
  });

  it('repairs the damaged words as the reviewed corrections say', () => {
    expect(at('2:230').text.bengali).toContain('আল্লাহ কর্তৃক নির্ধারিত সীমা;');
    expect(at('12:76').text.bengali).toContain('পারত না, কিন্তু আল্লাহ যদি ইচ্ছা করেন।');
    expect(at('4:11').text.bengali).toContain('একজন পুরুষের অংশ দু’জন নারীর অংশের সমান।');
    expect(at('2:138').text.bengali).toContain('আর কার হতে পারে? আমরা তাঁরই এবাদত করি।');
    const list = corrections('bengali.json');
    expect(list.length).toBeGreaterThanOrEqual(45);
    for (const c of list) {
      expect(at(c.verse).text.bengali, c.verse).toContain(c.after);
      expect(c.why.length, c.verse).toBeGreaterThan(10);
    }
  });
});

describe('translation punctuation', () => {
  it('keeps every verse of quran-json otherwise unchanged: trimmed, the served text is the package text', () => {
    const english = quranJsonFile<Chapters>('quran_en.json').flatMap((c) =>
      c.verses.map((v) => v.translation as string),
    );
    const bengali = quranJsonFile<Chapters>('quran_bn.json').flatMap((c) =>
      c.verses.map((v) => v.translation as string),
    );
    // The reviewed corrections are the only other change.
    const fixes = (file: string) => new Map(corrections(file).map((c) => [c.verse, c]));
    const [englishFixes, bengaliFixes] = [fixes('english.json'), fixes('bengali.json')];
    // An English correction adds, removes or moves a quote mark, or the space beside it: compare
    // those verses with every quote mark removed and no space before punctuation.
    const unquote = (text: string) =>
      text
        .replace(/["']/g, '')
        .replace(/\s+/g, ' ')
        .replace(/ (?=[.,;:!?])/g, '')
        .trim();
    const changed = verses.filter((verse, i) => {
      const upstreamEnglish = english[i] as string;
      const englishSame = englishFixes.has(key(verse))
        ? unquote(trim(verse.text.english)) === unquote(upstreamEnglish)
        : trim(verse.text.english) === upstreamEnglish;
      const bn = bengaliFixes.get(key(verse));
      const upstreamBengali = bn === undefined ? bengali[i] : (bengali[i] as string).replace(bn.before, bn.after);
      return !englishSame || trim(verse.text.bengali) !== upstreamBengali;
    });
    expect(verses).toHaveLength(6236);
    expect(changed.map(key)).toEqual([]);
  });

  it('ends the verses as the original files do', () => {
    expect(at('1:2').text.english).toBe('[All] praise is [due] to Allah, Lord of the worlds -');
    expect(at('1:6').text.english).toBe('Guide us to the straight path -');
    expect(at('2:77').text.english).toMatch(/what they conceal and what they declare\?$/);
    expect(at('2:76').text.english).toMatch(/your Lord\?" Then will you not reason\?$/);
    expect(at('26:123').text.english).toBe("'Aad denied the messengers");
    expect(at('42:2').text.english).toBe("'Ayn, Seen, Qaf.");
    expect(at('1:6').text.bengali).toBe('আমাদেরকে সরল পথ দেখাও,');
    // NFC: the file writes some vowel signs decomposed.
    expect(at('2:76').text.bengali.normalize('NFC')).toMatch(/তোমরা কি তা উপলব্ধি কর না\?$/);
    expect(at('2:77').text.bengali.normalize('NFC')).toMatch(/এবং যা প্রকাশ করে\?$/);
  });

  it('has the question marks, verse-final dashes and closing quotes of the original files', () => {
    const count = (re: RegExp, language: 'english' | 'bengali') =>
      verses.filter((v) => re.test(v.text[language])).length;
    // Counted in tanzil.net en.sahih and bn.bengali (see the header comment).
    expect(count(/\?["']*$/, 'english')).toBe(507);
    expect(count(/\?/, 'english')).toBe(894);
    expect(count(/\?\s*["']*$/, 'bengali')).toBe(424);
    expect(count(/\?/, 'bengali')).toBe(765 - 17); // 17 of the file's were encoding damage, now repaired
    expect(count(/-$/, 'english')).toBe(180);
    // 1,108 in the file; corrections/english.json closes 19 quotations at a verse end and removes
    // 9 verse-final quotes (4 that close a speech early or twice, 3 stray, 2 nested ones made single).
    expect(count(/"$/, 'english')).toBe(1108 + 19 - 9);
  });

  it('opens and closes every English quotation, walked through each surah', () => {
    // A quotation may run over several verses; nested ones take single quotes. Only 26:17
    // opens a third level (Allah's words, 26:15, quote what Moses and Aaron are to say,
    // 26:16, which quotes their demand), and that level takes double quotes again.
    const english = verses.map((v) => ({ surah: v.surah, verse: v.verse, text: v.text.english }));
    expect(walkQuotes(english, new Set(['26:17']))).toEqual([]);
    expect(at('4:77').text.english).toContain('Say, "The enjoyment of this world is little');
    expect(at('30:42').text.english).toMatch(/associators \[of others with Allah\]\."$/);
    const bengaliQuotes = verses.reduce((sum, v) => sum + (v.text.bengali.match(/"/g) ?? []).length, 0);
    expect(bengaliQuotes % 2).toBe(0);
  });
});

describe('Arabic text', () => {
  it('separates words with single spaces (U+0020) only', () => {
    const odd = verses.filter((v) => /[^\S ]| {2}|^ | $/u.test(v.text.arabic));
    expect(odd.map(key)).toEqual([]);
  });

  it('writes the four corrected verses as KFGQPC Hafs v2.0 does', () => {
    // fa-iddara'tum, one word (the upstream split it with U+2009).
    expect(at('2:72').text.arabic.split(' ')[3]).toBe(
      '\u0641\u064e\u0671\u062f\u0651\u064e\u0640\u0670\u0631\u064e\u0670\u0654\u062a\u064f\u0645\u06e1',
    );
    // wa-ma minna (37:164) and ma minna (41:47): two words each.
    expect(at('37:164').text.arabic.split(' ').slice(0, 2)).toEqual([
      '\u0648\u064e\u0645\u064e\u0627',
      '\u0645\u0650\u0646\u0651\u064e\u0627\u0653',
    ]);
    expect(at('41:47').text.arabic.split(' ').slice(-4, -2)).toEqual([
      '\u0645\u064e\u0627',
      '\u0645\u0650\u0646\u0651\u064e\u0627',
    ]);
    expect(at('11:41').text.arabic).toContain('\u0631\u06ea\u0649\u0670');
    expect(verses.filter((v) => v.text.arabic.includes('\u065c')).map(key)).toEqual([]);
  });
});

describe('positions against the signs in the text', () => {
  const quarterStarts = new Set(
    verses.filter((v, i) => i === 0 || v.rub_el_hizb !== verses[i - 1]?.rub_el_hizb).map(key),
  );

  it('starts a quarter (rub el hizb) at every verse carrying ۞, and every other quarter at a surah start', () => {
    const marked = verses.filter((v) => v.text.arabic.includes('\u06de'));
    expect(marked.filter((v) => !quarterStarts.has(key(v))).map(key)).toEqual([]);
    const unmarked = verses.filter(
      (v) => quarterStarts.has(key(v)) && v.verse !== 1 && !v.text.arabic.includes('\u06de'),
    );
    expect(unmarked.map(key)).toEqual([]);
    expect(at('15:49').rub_el_hizb).toBe(106);
    expect(at('15:48').rub_el_hizb).toBe(105);
  });

  it('marks a verse as sajda exactly when it carries ۩, naming whose classification the type is', () => {
    const mismatched = verses.filter((v) => v.text.arabic.includes('\u06e9') !== (v.sajda !== false));
    expect(mismatched.map(key)).toEqual([]);
    const sajdas = verses.filter((v) => v.sajda !== false);
    for (const verse of sajdas) expect(verse.sajda, key(verse)).toMatchObject({ classification: 'jafari' });
    // Ja'fari fiqh: prostration is obligatory at exactly these four.
    expect(sajdas.filter((v) => v.sajda && v.sajda.type === 'obligatory').map(key)).toEqual([
      '32:15',
      '41:38',
      '53:62',
      '96:19',
    ]);
  });
});

describe('names and transliteration', () => {
  const list = distJson<{ number: number; name: Record<string, string> }[]>('quran/surahs.json');
  const name = (n: number) => list[n - 1]?.name ?? {};

  it('spells the corrected surah names as KFGQPC and common usage do', () => {
    expect([14, 76, 82, 84].map((n) => name(n).arabic)).toEqual(['إبراهيم', 'الإنسان', 'الانفطار', 'الانشقاق']);
    expect(name(21).transliteration).toBe('Al-Anbiya');
    expect(name(86).english).toBe('The Nightcomer');
  });

  it('has no stray letter in the transliteration of 114:6', () => {
    expect(at('114:6').transliteration).toBe('Mina aljinnati wa alnnasi');
  });
});

describe('manifest sources', () => {
  const sources = distJson<{ sources: Record<string, string> }>('manifest.json').sources;

  it('names each dataset with its version or date', () => {
    expect(sources.english).toMatch(/Saheeh International.*en\.sahih.*2011/);
    expect(sources.bengali).toMatch(/Muhiuddin Khan.*bn\.bengali.*2011/);
    expect(sources.arabic).toMatch(/quranenc\.com.*quran-json \d+\.\d+\.\d+/);
    expect(sources.positions).toMatch(/Tanzil.*quran-meta \d+\.\d+\.\d+/);
    expect(sources['punctuation-english']).toMatch(/en\.sahih \(Last Update: April 24, 2011\).*quran-db 1\.2\.4/);
    expect(sources['punctuation-bengali']).toMatch(/bn\.bengali \(Last Update: April 30, 2011\)/);
    for (const file of ['arabic', 'english', 'bengali', 'transliteration', 'surah-names', 'positions']) {
      expect(sources[`corrections-${file}`], file).toMatch(/^\d+ reviewed corrections/);
    }
  });
});
