import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildContent } from './build.ts';

const SOURCE_DIR = fileURLToPath(new URL('../../static-data/source/', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
// Generous bounds for a build on a slow CI machine; speed itself is never asserted. The full
// build renders 102 translation editions; the other tests build three (smallSources).
const BUILD_TIMEOUT_MS = 120_000;
const FULL_BUILDS_TIMEOUT_MS = 600_000;
// The editions the small sources keep: the two every verse serves, and one more.
const SMALL_EDITIONS = ['bn.bengali', 'en.sahih', 'id.indonesian'];

const work = mkdtempSync(join(tmpdir(), 'ira-build-content-'));
// Two full trees of ~12,000 files each take a while to delete on a busy disk.
afterAll(() => rmSync(work, { recursive: true, force: true }), 300_000);

interface Lock {
  about: string;
  editions: { id: string; file: string }[];
}
interface Editions {
  about: string;
  languages: { code: string; script: string }[];
  allowances: Record<string, unknown>;
}

/** A copy of the real sources with three translation editions, the lock and editions.json cut to them. */
function smallSources(name: string): string {
  const dir = join(work, name);
  const translations = join(dir, 'translations');
  const keep = (path: string) =>
    !path.endsWith('.xml.gz') || SMALL_EDITIONS.some((id) => path.endsWith(`${id}.xml.gz`));
  cpSync(SOURCE_DIR, dir, { recursive: true, filter: keep });
  const lock = JSON.parse(readFileSync(join(translations, 'translations.lock.json'), 'utf8')) as Lock;
  lock.editions = lock.editions.filter((entry) => SMALL_EDITIONS.includes(entry.id));
  writeFileSync(join(translations, 'translations.lock.json'), JSON.stringify(lock));
  const editions = JSON.parse(readFileSync(join(translations, 'editions.json'), 'utf8')) as Editions;
  editions.languages = editions.languages.filter((language) => ['bn', 'en', 'id'].includes(language.code));
  editions.allowances = {};
  writeFileSync(join(translations, 'editions.json'), JSON.stringify(editions));
  return dir;
}

/** Relative path → bytes for every file under `dir`. */
function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const full = join(entry.parentPath, entry.name);
      files.set(relative(dir, full), readFileSync(full));
    }
  }
  return files;
}

/** A copy of the real sources with names.json record 17's bn.meaning emptied. */
function brokenSources(): string {
  const dir = smallSources('broken-source');
  const names = JSON.parse(readFileSync(join(dir, 'names.json'), 'utf8')) as {
    name: string;
    bn: { meaning: string };
  }[];
  (names[16] as { bn: { meaning: string } }).bn.meaning = '';
  writeFileSync(join(dir, 'names.json'), JSON.stringify(names));
  return dir;
}

/** A copy of the real sources with surah-names-bn.json record 36 written in Latin letters. */
function latinSurahNameSources(): string {
  const dir = smallSources('latin-surah-name-source');
  const names = JSON.parse(readFileSync(join(dir, 'surah-names-bn.json'), 'utf8')) as { bengali: string }[];
  (names[35] as { bengali: string }).bengali = 'Ya-Sin';
  writeFileSync(join(dir, 'surah-names-bn.json'), JSON.stringify(names));
  return dir;
}

describe('buildContent', () => {
  it(
    'is deterministic: two builds into two directories are byte-identical',
    { timeout: FULL_BUILDS_TIMEOUT_MS },
    async () => {
      const first = await buildContent({ sourceDir: SOURCE_DIR, outDir: join(work, 'a') });
      const second = await buildContent({ sourceDir: SOURCE_DIR, outDir: join(work, 'b') });
      expect(first.ok && second.ok).toBe(true);
      const a = readTree(join(work, 'a'));
      const b = readTree(join(work, 'b'));
      expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
      for (const [path, bytes] of a) expect(bytes.equals(b.get(path) as Buffer), path).toBe(true);
      if (first.ok) {
        expect(first.value).toMatchObject({ files: a.size, bytes: [...a.values()].reduce((n, f) => n + f.length, 0) });
        expect(first.value.places.bytes).toBe(a.get('places/places.json')?.length);
      }
    },
  );

  it(
    'replaces an existing tree whole, leaving no stale files or staging directories',
    { timeout: BUILD_TIMEOUT_MS },
    async () => {
      const outDir = join(work, 'replace', 'dist');
      mkdirSync(join(outDir, 'old'), { recursive: true });
      writeFileSync(join(outDir, 'old', 'stale.json'), '{}');
      const result = await buildContent({ sourceDir: smallSources('replace-source'), outDir });
      expect(result.ok).toBe(true);
      expect(readdirSync(join(work, 'replace'))).toEqual(['dist']);
      expect(readdirSync(outDir).sort()).toEqual(['manifest.json', 'names', 'places', 'quran']);
      expect(statSync(outDir).mode & 0o777).toBe(0o755); // readable by the edge and a CDN sync, not 0700
    },
  );

  it(
    'fails on bad source data naming record and field, and leaves the current tree untouched',
    { timeout: BUILD_TIMEOUT_MS },
    async () => {
      const outDir = join(work, 'kept', 'dist');
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'manifest.json'), 'previous');
      const result = await buildContent({ sourceDir: brokenSources(), outDir });
      expect(result).toEqual({
        ok: false,
        errors: [expect.stringMatching(/^names\.json: record 17 \(.+\): bn\.meaning is empty$/)],
      });
      expect(readdirSync(join(work, 'kept'))).toEqual(['dist']);
      expect(readFileSync(join(outDir, 'manifest.json'), 'utf8')).toBe('previous');
    },
  );

  it('fails on a Bengali surah name not in Bengali script, naming record and field', async () => {
    const result = await buildContent({ sourceDir: latinSurahNameSources(), outDir: join(work, 'never-latin') });
    expect(result).toEqual({
      ok: false,
      errors: ['surah-names-bn.json: record 36: bengali must be in Bengali script'],
    });
  });

  it(
    'writes the Bengali surah names from surah-names-bn.json into surahs.json and the surah documents',
    { timeout: BUILD_TIMEOUT_MS },
    async () => {
      const outDir = join(work, 'bengali-names');
      expect((await buildContent({ sourceDir: smallSources('bengali-names-source'), outDir })).ok).toBe(true);
      const source = JSON.parse(readFileSync(join(SOURCE_DIR, 'surah-names-bn.json'), 'utf8')) as { bengali: string }[];
      const surahs = readFileSync(join(outDir, 'quran', 'surahs.json'), 'utf8');
      const records = JSON.parse(surahs) as { name: { bengali: string } }[];
      expect(records.map((record) => record.name.bengali)).toEqual(source.map((record) => record.bengali));
      const fatiha = JSON.parse(readFileSync(join(outDir, 'quran', 'surah', '001.json'), 'utf8')) as {
        surah: { name: { bengali: string } };
      };
      expect(fatiha.surah.name.bengali).toBe('আল-ফাতিহা');
      expect(surahs).not.toContain('সূচনা');
    },
  );

  it('reports a missing surah-names-bn.json by name', async () => {
    const dir = smallSources('no-surah-names');
    rmSync(join(dir, 'surah-names-bn.json'));
    const result = await buildContent({ sourceDir: dir, outDir: join(work, 'never-missing') });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toEqual([
        expect.stringMatching(/^surah-names-bn\.json: cannot read .*surah-names-bn\.json \(ENOENT\)$/),
      ]);
  });

  it('fails when a reviewed correction no longer matches the upstream text, naming file and verse', async () => {
    const dir = smallSources('stale-correction');
    const file = join(dir, 'corrections', 'bengali.json');
    const corrections = JSON.parse(readFileSync(file, 'utf8')) as { corrections: { verse: string; before: string }[] };
    (corrections.corrections[0] as { before: string }).before = 'এই লেখা নেই';
    writeFileSync(file, JSON.stringify(corrections));
    const result = await buildContent({ sourceDir: dir, outDir: join(work, 'never-stale') });
    const verse = corrections.corrections[0]?.verse;
    expect(result).toEqual({
      ok: false,
      errors: [`corrections/bengali.json ${verse}: before "এই লেখা নেই" occurs 0 times, expected once`],
    });
  });

  it('fails on a vendored translation that is not the bytes its lock pins, naming the file', async () => {
    const dir = smallSources('changed-translation');
    const file = join(dir, 'translations', 'id.indonesian.xml.gz');
    const xml = gunzipSync(readFileSync(file)).toString('utf8');
    writeFileSync(file, gzipSync(xml.replace('Dengan menyebut', 'Dengan menyebutkan')));
    const result = await buildContent({ sourceDir: dir, outDir: join(work, 'never-changed') });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toEqual([
        expect.stringMatching(/^translations\/id\.indonesian\.xml\.gz: the XML has sha256 /),
      ]);
  });

  it('fails on a translation verse outside its script, naming edition, verse and character', async () => {
    const dir = smallSources('foreign-letter');
    const editions = JSON.parse(readFileSync(join(dir, 'translations', 'editions.json'), 'utf8')) as Editions;
    (editions.languages.find((language) => language.code === 'id') as { script: string }).script = 'cyrillic';
    writeFileSync(join(dir, 'translations', 'editions.json'), JSON.stringify(editions));
    const result = await buildContent({ sourceDir: dir, outDir: join(work, 'never-foreign') });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[0]).toBe('id.indonesian 1:1: U+0044 "D" is outside the edition\'s script and punctuation');
      expect(result.errors.at(-1)).toMatch(/^id\.indonesian: and \d+ more problems$/);
    }
  });

  it('reports a missing source file by name', async () => {
    const result = await buildContent({ sourceDir: join(work, 'nowhere'), outDir: join(work, 'never') });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toContainEqual(
        expect.stringMatching(/^names\.json: cannot read .*names\.json \(ENOENT\)$/),
      );
    }
  });
});

describe('main.ts', () => {
  const run = promisify(execFile);

  it(
    'prints a summary line with files, bytes and ms, then the places kept and the zone disagreements',
    {
      timeout: BUILD_TIMEOUT_MS,
    },
    async () => {
      const source = smallSources('cli-source');
      const { stdout } = await run(process.execPath, [MAIN, '--source', source, '--out', join(work, 'cli')]);
      const [summary, kept, zones] = stdout.split('\n');
      // 345 files, and per edition its 114 surahs and search index, and the editions list
      expect(summary).toMatch(new RegExp(`^build-content: ${345 + 3 * 115 + 1} files, \\d+ bytes in \\d+ ms -> .+$`));
      expect(kept).toMatch(/^build-content: places: \d+ kept \(\d+ without a region name\), \d+ bytes$/);
      expect(zones).toMatch(
        /^build-content: places: the zone at the coordinates \(geo-tz, served\) differs from GeoNames' at \d+: /,
      );
    },
  );

  it('exits 1 and prints the problem when the sources are bad', { timeout: BUILD_TIMEOUT_MS }, async () => {
    const failed = run(process.execPath, [MAIN, '--source', brokenSources(), '--out', join(work, 'cli-bad')]);
    await expect(failed).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^names\.json: record 17 \(.+\): bn\.meaning is empty\n/),
    });
  });
});
