import { describe, expect, it } from 'vitest';
import { hasControlCharacter, hasUnprintable, printable } from './unprintable.ts';

describe('hasUnprintable and printable', () => {
  it.each([
    '\u001b[31mred',
    'tab\there',
    'nul\u0000',
    '\u007f',
    '\u0085',
    'right\u202eto left',
    '\u2066isolate',
    '\u200e',
  ])('finds and escapes %j', (text) => {
    expect(hasUnprintable(text)).toBe(true);
    expect(hasUnprintable(printable(text))).toBe(false);
  });

  it('leaves ordinary text of any script alone', () => {
    for (const text of ['my app', 'تطبيقي', 'আমার অ্যাপ', 'app — v2 (test)', 'emoji 🕌'])
      expect([hasUnprintable(text), printable(text)]).toEqual([false, text]);
  });

  it('writes each escape with its code point', () => {
    expect(printable('a\u001b[0mb\u202e')).toBe('a\\u{1B}[0mb\\u{202E}');
  });
});

describe('hasControlCharacter', () => {
  it('finds C0, DEL and C1 controls but leaves bidi marks to the text', () => {
    for (const text of ['\u0000', 'a\nb', '\u007f', '\u0085']) expect(hasControlCharacter(text), text).toBe(true);
    for (const text of ['الرحمن\u200f', 'mercy', 'রহমান']) expect(hasControlCharacter(text), text).toBe(false);
  });
});
