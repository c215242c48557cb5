import { codeToHtml } from 'shiki';
import { describe, expect, it } from 'vitest';
import { wholeLines } from './whole-lines.ts';

// A line long enough that colouring it takes well over a millisecond on any machine.
const LONG_LINE = Array.from({ length: 600 }, (_, i) => `const a${i} = 'text ${i}';`).join(' ');
const THEME = 'github-light-high-contrast';
/** Shiki's colour for TypeScript strings in that theme. */
const STRING_SPAN = '<span style="color:#032563">';
const stringsColoured = (html: string) => html.split(STRING_SPAN).length - 1;

describe('wholeLines', () => {
  it('colours a line to its end however long the machine takes (the time limit a build under load hit)', async () => {
    const limited = { lang: 'ts', theme: THEME, tokenizeTimeLimit: 1 };
    // Without it, Shiki gives up on the line after its time limit and leaves the rest in one colour.
    expect(stringsColoured(await codeToHtml(LONG_LINE, limited))).toBeLessThan(600);
    expect(stringsColoured(await codeToHtml(LONG_LINE, { ...limited, transformers: [wholeLines] }))).toBe(600);
  });
});
