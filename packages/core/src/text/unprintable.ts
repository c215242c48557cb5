// Characters that change how a terminal or a page shows what follows them rather than being
// shown: control characters (C0, DEL, C1: an ESC starts a terminal escape sequence) and the
// bidirectional formatting characters (Unicode's Bidi_Control: U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069), which can make a name read backwards.
const UNPRINTABLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const CONTROL = /\p{Cc}/u;
const EACH_UNPRINTABLE = new RegExp(UNPRINTABLE.source, 'gu');

/**
 * A control character: nothing a search is for, and NUL separates fields in the Names index.
 * (Bidi marks are left to searches: Arabic text pasted from elsewhere often holds them.)
 */
export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

export function hasUnprintable(text: string): boolean {
  return UNPRINTABLE.test(text);
}

/** `text` with each such character written as a visible escape (`\u{1B}`). */
export function printable(text: string): string {
  return text.replace(EACH_UNPRINTABLE, (char) => `\\u{${char.codePointAt(0)!.toString(16).toUpperCase()}}`);
}
