// The SDK as a user gets it: `npm pack` of packages/client, installed from the tarball
// into an empty folder, and a plain .mjs script (packages/client/test/installed-package.mjs)
// run by the machine's own Node (not the repo's Node 24) against the running API.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { startStack, type Stack } from './stack.ts';

const execFileAsync = promisify(execFile);

/** execFile whose failure shows what the command printed (tsc and npm report on stdout). */
async function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  try {
    return await execFileAsync(command, args, options);
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`, { cause: error });
  }
}
const CLIENT_DIR = path.dirname(createRequire(import.meta.url).resolve('@islamic-reference-api/client/package.json'));
const NODE_FOR_NPM_SCRIPTS = /node_modules/;

/** The first `node` on PATH outside node_modules: the machine's own, which npm scripts put behind Node 24. */
function machineNode(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '' || NODE_FOR_NPM_SCRIPTS.test(dir)) continue;
    const candidate = path.join(dir, 'node');
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The environment without the npm_* variables of the `npm test` this runs under (a workspace, a prefix). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return { ...env, ...extra };
}

async function timed<T>(label: string, timings: string[], step: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await step();
  timings.push(`${label} ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

const node = machineNode();
if (node === null && process.env.CI !== 'true')
  console.warn('skipping the packed SDK test: no node outside node_modules');

describe.runIf(node !== null || process.env.CI === 'true')('the packed SDK, installed and run by plain Node', () => {
  let stack: Stack;
  let work: string;

  beforeAll(async () => {
    stack = await startStack();
    work = await mkdtemp(path.join(tmpdir(), 'ira-sdk-package-'));
  });
  afterAll(async () => {
    await stack?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('packs, installs into an empty folder and returns the resources themselves', { timeout: 180_000 }, async () => {
    expect(node, 'the machine has a node outside node_modules (CI=true requires it)').not.toBeNull();
    const { stdout: version } = await run(node!, ['--version']);
    expect(Number(/^v(\d+)\./.exec(version)![1])).toBeGreaterThanOrEqual(18);
    const timings: string[] = [];

    const packed = await timed('pack', timings, () =>
      run('npm', ['pack', '--json', '--pack-destination', work], { cwd: CLIENT_DIR, env: cleanEnv() }),
    );
    const [tarball] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
    const files = tarball.files.map((file) => file.path).sort();
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'dist/index.d.ts', 'dist/index.js']));
    expect(
      files.filter((file) => !file.startsWith('dist/') && !['LICENSE', 'README.md', 'package.json'].includes(file)),
    ).toEqual([]);
    await assertShippable(path.join(CLIENT_DIR, 'dist'));

    const project = path.join(work, 'project');
    await mkdir(project);
    await writeFile(path.join(project, 'package.json'), '{ "name": "sdk-user", "private": true, "type": "module" }\n');
    await timed('install', timings, () =>
      run('npm', ['install', '--no-audit', '--no-fund', path.join(work, tarball.filename)], {
        cwd: project,
        env: cleanEnv(),
      }),
    );
    await copyFile(path.join(CLIENT_DIR, 'test', 'installed-package.mjs'), path.join(project, 'check.mjs'));

    const { key } = await issueKey(stack.deps.store, { userId: null, name: 'sdk-package', limits: {} });
    const script = await timed('script', timings, () =>
      run(node!, ['check.mjs'], {
        cwd: project,
        env: cleanEnv({ IRA_BASE_URL: stack.config.publicUrl, IRA_API_KEY: key }),
      }),
    );
    await timed('types', timings, () => typecheckAsUser(project));
    const summary = JSON.parse(script.stdout.trim()) as Record<string, unknown>;
    expect(summary).toMatchObject({ node: version.trim(), name: 'Ar-Rahman', verse: '002255' });
    expect(typeof summary.compass_bearing).toBe('number');
    expect(summary.error).toBe('404 Name number 120 not found');
    console.log(`packed SDK under ${version.trim()}: ${timings.join(', ')}`);
  });
});

/**
 * What ships uses no Node-only API, so it runs in Deno, Bun and browsers too, and its
 * declarations name the files that ship (tsc leaves `.ts` in them: scripts/declaration-extensions.ts).
 */
async function assertShippable(dist: string): Promise<void> {
  for (const file of await readdir(dist)) {
    const source = await readFile(path.join(dist, file), 'utf8');
    if (file.endsWith('.d.ts')) expect(source, file).not.toMatch(/from '\.{1,2}\/[^']+\.ts'/);
    else if (file.endsWith('.js')) expect(source, file).not.toMatch(/from ['"]node:|require\(|\bBuffer\b|\bprocess\./);
  }
}

// A user's strict TypeScript against the installed declarations (no skipLibCheck, no Node types).
const USER_TS = `import { ApiError, IslamicReferenceApi, type QiblaResult } from '@islamic-reference-api/client';
const api = new IslamicReferenceApi({ baseUrl: 'https://api.example.org', apiKey: 'KEY', retries: 2 });
const qibla: QiblaResult = await api.qibla({ lat: 51.5, lon: -0.13 });
const bearing: number = qibla.compass_bearing;
const fajr: string | null = (await api.prayerTime({ lat: 23.81, lon: 90.41, method: 'Karachi' })).times.fajr.local;
const english: string | undefined = (await api.verse('2:255', { lang: 'english' })).text.english;
// @ts-expect-error a Name's number is a number
const wrong: string = (await api.name(1)).number;
const error: unknown = null;
if (error instanceof ApiError) console.log(error.status, error.message, error.retryAfter);
console.log(bearing, fajr, english, wrong);
`;
const USER_TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'es2022',
    module: 'nodenext',
    noEmit: true,
    lib: ['es2022', 'dom'],
    types: [],
  },
  files: ['user.ts'],
};

async function typecheckAsUser(project: string): Promise<void> {
  await writeFile(path.join(project, 'user.ts'), USER_TS);
  await writeFile(path.join(project, 'tsconfig.json'), JSON.stringify(USER_TSCONFIG));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  await run(process.execPath, [tsc, '-p', project], { cwd: project, env: cleanEnv() });
}
