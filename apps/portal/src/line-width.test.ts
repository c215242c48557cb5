// ESLint and Prettier do not read .astro files here, so this is their line-width check for the templates.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_LINE_CHARS = 120;
const SRC_DIR = import.meta.dirname;

function astroFiles(): string[] {
  return readdirSync(SRC_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.astro'))
    .sort();
}

/** `file:line (n characters)` for each line over the limit, counted in characters (not UTF-8 bytes). */
function longLines(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const chars = [...line].length;
    return chars > MAX_LINE_CHARS ? [`${file}:${index + 1} (${chars} characters)`] : [];
  });
}

describe('.astro templates', () => {
  it('are found in every folder under src', () => {
    const files = astroFiles();
    expect(files).toContain(path.join('pages', 'index.astro'));
    expect(files).toContain(path.join('components', 'TryIt.astro'));
    expect(files).toContain(path.join('layouts', 'Base.astro'));
  });

  it(`have no line over ${MAX_LINE_CHARS} characters`, () => {
    const long = astroFiles().flatMap((file) =>
      longLines(path.join('apps/portal/src', file), readFileSync(path.join(SRC_DIR, file), 'utf8')),
    );
    expect(long).toEqual([]);
  });

  it('names the file and line of a long one, counting characters', () => {
    const text = ['short', 'a'.repeat(MAX_LINE_CHARS + 1), '·'.repeat(MAX_LINE_CHARS)].join('\n');
    expect(longLines('x.astro', text)).toEqual([`x.astro:2 (${MAX_LINE_CHARS + 1} characters)`]);
  });
});
