import { describe, expect, it } from 'vitest';
import { pushVerseJson, translationPrefix, type VerseJson } from './verse-json.ts';

const written = (verse: VerseJson) => {
  const out: (string | Buffer)[] = [];
  pushVerseJson(out, verse);
  return JSON.parse(out.map(String).join('')) as Record<string, unknown>;
};
const base = '{"id":"002255","transliteration":"Allahu"';
const text = ['"arabic":"ٱللَّهُ"', '"english":"Allah"'];

describe('pushVerseJson', () => {
  it('writes the text, then the translations asked for in order, then the audio', () => {
    const translations = [
      { prefix: translationPrefix('id.indonesian'), text: Buffer.from('"Allah, tidak ada Tuhan"') },
      { prefix: translationPrefix('ur.jalandhry'), text: '"خدا"' },
    ];
    const verse = written({ base, text, translations, audio: '[]' });
    expect(verse).toEqual({
      id: '002255',
      transliteration: 'Allahu',
      text: { arabic: 'ٱللَّهُ', english: 'Allah' },
      translations: [
        { id: 'id.indonesian', text: 'Allah, tidak ada Tuhan' },
        { id: 'ur.jalandhry', text: 'خدا' },
      ],
      audio: [],
    });
    expect(Object.keys(verse)).toEqual(['id', 'transliteration', 'text', 'translations', 'audio']);
  });

  it('writes exactly the bytes it wrote before translations existed, when none are asked for', () => {
    const join = (verse: VerseJson) => {
      const out: (string | Buffer)[] = [];
      pushVerseJson(out, verse);
      return out.map(String).join('');
    };
    expect(join({ base, text, audio: '[1]' })).toBe(`${base},"text":{${text.join(',')}},"audio":[1]}`);
    expect(join({ base, text, translations: null, audio: null })).toBe(`${base},"text":{${text.join(',')}}}`);
  });
});
