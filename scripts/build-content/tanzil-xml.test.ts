import { getAyahCountInSurah, type Surah } from 'quran-meta';
import { describe, expect, it } from 'vitest';
import { decodeXmlText, normalizeVerse, parseTanzilHeader, parseTanzilXml } from './tanzil-xml.ts';

const HEADER = `<?xml version="1.0" encoding="utf-8" ?>
<!--
#  Quran Translation
#  Name: Test
#  Translator: Muhammad Taqi=ud=Din al=Hilali
#  Language: English
#  ID: en.test
#  Last Update: June 4, 2010
#  Source: Tanzil.net
-->`;

/** A whole Tanzil file (CRLF, as the vendored ones) whose verse s:v reads `text(s, v)`. */
function tanzilFile(text: (s: number, v: number) => string | undefined = (s, v) => `verse ${s}:${v}`): string {
  const surahs: string[] = [];
  for (let s = 1; s <= 114; s++) {
    const verses: string[] = [];
    for (let v = 1; v <= getAyahCountInSurah(s as Surah); v++) {
      const verse = text(s, v);
      if (verse !== undefined) verses.push(`\t\t<aya index="${v}" text="${verse}"/>`);
    }
    surahs.push(`\t<sura index="${s}" name="">\r\n${verses.join('\r\n')}\r\n\t</sura>`);
  }
  return `${HEADER}\r\n<quran>\r\n${surahs.join('\r\n')}\r\n</quran>\r\n`;
}

describe('parseTanzilXml', () => {
  it('reads all 6,236 verses in order with the header', () => {
    const parsed = parseTanzilXml(tanzilFile(), 'en.test.xml');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.surahs.flat()).toHaveLength(6236);
    expect(parsed.value.surahs[1]?.[254]).toBe('verse 2:255');
    expect(parsed.value.header).toEqual({
      name: 'Test',
      translator: 'Muhammad Taqi=ud=Din al=Hilali',
      language: 'English',
      id: 'en.test',
      version: 'Last Update: June 4, 2010',
      source: 'Tanzil.net',
    });
  });

  it('refuses a file without 6,236 verses, naming the surah', () => {
    const parsed = parseTanzilXml(
      tanzilFile((s, v) => (s === 2 && v === 286 ? undefined : `verse ${s}:${v}`)),
      'x.xml',
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.errors).toEqual([
        'x.xml: 6235 verses, expected 6236',
        'x.xml: surah 2 has 285 verses, expected 286',
      ]);
  });

  it('refuses an empty verse, and one of only spaces', () => {
    const parsed = parseTanzilXml(
      tanzilFile((s, v) => (s === 108 && v === 3 ? ' ' : `verse ${s}:${v}`)),
      'x.xml',
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toEqual(['x.xml: verse 108:3 is empty']);
  });

  it('refuses verses out of order', () => {
    const swapped = tanzilFile().replace('<aya index="2" text="verse 1:2"/>', '<aya index="3" text="verse 1:2"/>');
    const parsed = parseTanzilXml(swapped, 'x.xml');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[0]).toBe('x.xml: surah 1 has verse 3 where verse 2 belongs');
  });
});

describe('parseTanzilHeader', () => {
  it('names the fields a header lacks', () => {
    const header = parseTanzilHeader(
      HEADER.replace('#  ID: en.test\n', '').replace(/# {2}Last Update.*\n/, ''),
      'x.xml',
    );
    expect(header).toEqual({ ok: false, errors: ['x.xml: the Tanzil header has no id, version'] });
  });
});

describe('verse text', () => {
  it('decodes XML entities, named and numeric', () => {
    expect(decodeXmlText('&quot;We&quot; &amp; &#2453; &#x41;&lt;&gt;&apos;')).toBe('"We" & ক A<>\'');
  });
  it('normalises to NFC and collapses whitespace', () => {
    expect(normalizeVerse('  a\u00a0 b\r\n c ')).toBe('a b c');
    expect(normalizeVerse('\u09a1\u09bc')).toBe('\u09a1\u09bc'.normalize('NFC'));
    expect(normalizeVerse('e\u0301')).toBe('\u00e9');
  });
});
