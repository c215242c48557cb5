import { describe, expect, it } from 'vitest';
import { API_KEY_LENGTH, API_KEY_PREFIX, displayStart, generateApiKey, hashKey, isWellFormedKey } from './api-key.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Replaces the character at `index` with a different base62 character. */
function changeCharAt(key: string, index: number): string {
  const current = key[index]!;
  const replacement = BASE62[(BASE62.indexOf(current) + 1) % BASE62.length]!;
  return key.slice(0, index) + replacement + key.slice(index + 1);
}

describe('generateApiKey', () => {
  it('has the prefix, a fixed length of 58 and only base62 after the prefix', () => {
    for (let i = 0; i < 50; i += 1) {
      const key = generateApiKey();
      expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
      expect(key).toHaveLength(58);
      expect(API_KEY_LENGTH).toBe(58);
      expect(key.slice(API_KEY_PREFIX.length)).toMatch(/^[0-9A-Za-z]{49}$/);
    }
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
    expect(keys.size).toBe(1000);
  });
});

describe('isWellFormedKey', () => {
  it('accepts a generated key', () => {
    expect(isWellFormedKey(generateApiKey())).toBe(true);
  });

  it('rejects a key with any single character changed (the checksum catches it)', () => {
    const key = generateApiKey();
    for (let index = API_KEY_PREFIX.length; index < key.length; index += 1) {
      expect(isWellFormedKey(changeCharAt(key, index)), `changed at ${index}`).toBe(false);
    }
  });

  it('rejects a wrong prefix, wrong length, bad characters and non-strings', () => {
    const key = generateApiKey();
    expect(isWellFormedKey(key.replace('ira_live_', 'ira_test_'))).toBe(false);
    expect(isWellFormedKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedKey(`${key}0`)).toBe(false);
    expect(isWellFormedKey(`${key.slice(0, 20)}-${key.slice(21)}`)).toBe(false);
    expect(isWellFormedKey('')).toBe(false);
    expect(isWellFormedKey(undefined as unknown as string)).toBe(false);
  });
});

describe('hashKey', () => {
  it('is the hex SHA-256 of the key', () => {
    // sha256("abc") from FIPS 180-2, appendix B.1.
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('displayStart', () => {
  it('is the prefix plus four characters of the random part', () => {
    const key = generateApiKey();
    expect(displayStart(key)).toBe(key.slice(0, 13));
    expect(displayStart(key)).toMatch(/^ira_live_[0-9A-Za-z]{4}$/);
  });
});
