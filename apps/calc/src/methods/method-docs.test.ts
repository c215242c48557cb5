// The docs must list every method with its parameters and source: the portal guide's
// method table has one row per registry entry, with the same Aladhan id.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { METHOD_DEFINITIONS } from './method-registry.ts';

const GUIDE = readFileSync(new URL('../../../portal/src/pages/docs/guides/prayer-times.md', import.meta.url), 'utf8');
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the prayer-times guide documents every method', () => {
  it.each(METHOD_DEFINITIONS.map((m) => [m.name, m.aladhanId] as const))(
    '%s (Aladhan %s) has a row; an id Aladhan does not have is –',
    (name, id) => {
      const row = GUIDE.split('\n').find((line) => line.startsWith(`| \`${name}\``));
      expect(row, `no table row for ${name}`).toBeDefined();
      expect(row!.split('|')[2]!.trim()).toBe(id === null ? '–' : String(id));
    },
  );

  it('the calc README points at the registry and the guide', () => {
    expect(README).toContain('method-registry.ts');
    expect(README).toContain('apps/portal/src/pages/docs/guides/prayer-times.md');
  });
});
