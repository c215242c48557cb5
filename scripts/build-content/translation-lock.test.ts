import { createHash } from 'node:crypto';
import { getAyahCountInSurah, type Surah } from 'quran-meta';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  checkTranslationLock,
  readVendoredTranslation,
  TANZIL_TRANSLATION_TERMS,
  type TranslationLockEntry,
} from './translation-lock.ts';

function xml(id: string, version: string): Buffer {
  const surahs = Array.from({ length: 114 }, (_, s) => {
    const verses = Array.from(
      { length: getAyahCountInSurah((s + 1) as Surah) },
      (_, v) => `<aya index="${v + 1}" text="v"/>`,
    );
    return `<sura index="${s + 1}" name="">${verses.join('\n')}</sura>`;
  });
  const fields = [
    'Name: T',
    'Translator: T',
    'Language: English',
    `ID: ${id}`,
    `Last Update: ${version}`,
    'Source: Tanzil.net',
  ];
  const header = `<!--\n${fields.map((field) => `#  ${field}`).join('\n')}\n-->`;
  return Buffer.from(`${header}\n<quran>\n${surahs.join('\n')}\n</quran>\n`);
}

function entry(bytes: Buffer, overrides: Partial<TranslationLockEntry> = {}): TranslationLockEntry {
  return {
    id: 'en.test',
    file: 'en.test.xml.gz',
    version: 'Last Update: June 4, 2010',
    header: { name: 'T', translator: 'T', language: 'English' },
    source: { repository: 'github.com/owner/repo', commit: 'a'.repeat(40), path: 'en.test.xml' },
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
    licence: TANZIL_TRANSLATION_TERMS,
    ...overrides,
  };
}

describe('readVendoredTranslation', () => {
  const bytes = xml('en.test', 'June 4, 2010');

  it('reads the file its entry pins', () => {
    const read = readVendoredTranslation(entry(bytes), gzipSync(bytes));
    expect(read.ok && read.value.surahs.flat().length).toBe(6236);
  });

  it('refuses bytes other than the pinned ones', () => {
    const changed = Buffer.from(bytes.toString('utf8').replace('text="v"', 'text="w"'));
    const read = readVendoredTranslation(entry(bytes), gzipSync(changed));
    expect(read.ok).toBe(false);
    if (!read.ok)
      expect(read.errors[0]).toMatch(
        /^translations\/en\.test\.xml\.gz: the XML has sha256 [0-9a-f]{64} \(\d+ bytes\); the lock pins /,
      );
  });

  it('refuses a header naming another edition or version', () => {
    const other = xml('en.other', 'June 4, 2010');
    const read = readVendoredTranslation(entry(other), gzipSync(other));
    expect(read).toEqual({
      ok: false,
      errors: [
        'translations/en.test.xml.gz: the header says en.other (Last Update: June 4, 2010); ' +
          'the lock says en.test (Last Update: June 4, 2010)',
      ],
    });
  });
});

describe('checkTranslationLock', () => {
  const bytes = xml('en.test', 'June 4, 2010');
  it('names the edition and the field that is wrong', () => {
    const lock = {
      about: 'x',
      editions: [entry(bytes, { licence: 'free', source: { repository: 'x', commit: 'a', path: 'p' } })],
    };
    expect(checkTranslationLock(lock)).toEqual({
      ok: false,
      errors: [
        'translations/translations.lock.json: edition 1 (en.test): ' +
          'source needs repository (github.com/OWNER/NAME), a 40-digit commit and a path',
        "translations/translations.lock.json: edition 1 (en.test): licence must be Tanzil's terms for translations",
      ],
    });
  });
  it('refuses an edition listed twice', () => {
    const checked = checkTranslationLock({ about: 'x', editions: [entry(bytes), entry(bytes)] });
    expect(!checked.ok && checked.errors).toEqual(['translations/translations.lock.json: en.test listed twice']);
  });
});
