// The guides' examples show the deployment's own base URL, whatever the build saw.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillGuide, GUIDES } from './guides.ts';

const GUIDE_DIR = new URL('../pages/docs/guides/', import.meta.url);
const sources = Object.fromEntries(
  readdirSync(GUIDE_DIR).map((file) => [file.replace(/\.md$/, ''), readFileSync(new URL(file, GUIDE_DIR), 'utf8')]),
);

const deployment = { publicUrl: 'https://api.example.org', responseLayout: 'flat' };

describe('fillGuide', () => {
  it('puts the deployment URL in place of every {PUBLIC_URL} and its layout in place of {RESPONSE_LAYOUT}', () => {
    const html = '<code>curl "{PUBLIC_URL}/api/v1/qibla"</code> <a href="%7BPUBLIC_URL%7D/docs">{RESPONSE_LAYOUT}</a>';
    expect(fillGuide(html, deployment)).toBe(
      '<code>curl "https://api.example.org/api/v1/qibla"</code> <a href="https://api.example.org/docs">flat</a>',
    );
  });

  it('escapes what HTML would read as markup', () => {
    expect(fillGuide('<code>{PUBLIC_URL}</code>', { ...deployment, publicUrl: 'https://x.example/"<a>&' })).toBe(
      '<code>https://x.example/&quot;&lt;a&gt;&amp;</code>',
    );
  });
});

describe('the guides', () => {
  it('are every Markdown page of /docs/guides, in the navigation', () => {
    expect(Object.keys(sources).sort()).toEqual(GUIDES.map((guide) => guide.slug).sort());
  });

  it('call the API at {PUBLIC_URL}, never at a hardcoded base URL', () => {
    for (const [slug, text] of Object.entries(sources)) {
      expect(text.match(/https?:\/\/[\w.:-]+\/api\/v1/g), slug).toBeNull();
      // A shell command may go on over lines ending in a backslash.
      const commands = text.replaceAll('\\\n', ' ').split('\n');
      for (const line of commands.filter((command) => /^\s*(curl|const response = await fetch)\b/.test(command)))
        expect(line, `${slug}: ${line}`).toContain('{PUBLIC_URL}');
    }
  });
});
