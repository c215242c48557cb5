// Lint for every workspace: ESLint's and typescript-eslint's recommended rules, plus
// the architecture's import boundaries (docs/architecture.md "What may import what").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const app = (name) => [`@ira/${name}`, `@ira/${name}/*`, `**/apps/${name}/**`];
// Tests and their harnesses: with the bench, the only files that may import the test helpers (@ira/testing).
const testFiles = ['**/*.test.ts', '**/test/**', '**/test-support/**', '**/testing/**'];
const benchFiles = ['scripts/bench.ts', 'scripts/bench-instructions.ts', 'scripts/bench/**'];

function boundary(files, forbidden, why) {
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message: why }] }],
    },
  };
}

export default tseslint.config(
  {
    // Directory patterns (trailing slash) keep ESLint from walking into trees that builds
    // running beside lint in `npm test` create, swap and delete (the content build's staging dir).
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/.astro/',
      '**/.turbo/',
      '.data/',
      '**/.*-staging-*/',
      'apps/portal/src/generated/',
      'packages/client/src/schema.ts',
      '**/.schema.*.tmp',
      'apps/portal/src/env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
        RequestInit: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        structuredClone: 'readonly',
        performance: 'readonly',
        queueMicrotask: 'readonly',
        setImmediate: 'readonly',
        NodeJS: 'readonly',
        document: 'readonly',
        window: 'readonly',
        navigator: 'readonly',
        localStorage: 'readonly',
        sessionStorage: 'readonly',
        HTMLElement: 'readonly',
        Intl: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Prettier formats to 120 but cannot break strings or comments; this holds every line to it.
      // .astro files are checked by apps/portal/src/line-width.test.ts; generated files are ignored above.
      'max-len': ['error', { code: 120, tabWidth: 2 }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Only packages/core/src/runtime/config.ts reads the environment; take settings from Config.',
        },
      ],
    },
  },
  boundary(
    ['packages/core/**'],
    [...app('edge'), ...app('calc'), ...app('portal'), '@ira/scripts', '@ira/scripts/*', '**/scripts/**'],
    'core is shared by every app and imports none of them.',
  ),
  boundary(
    ['apps/edge/**'],
    [...app('calc'), ...app('portal')],
    'the edge forwards to calc over HTTP and never imports calc or the portal.',
  ),
  boundary(
    ['apps/calc/**'],
    [...app('edge'), ...app('portal')],
    'calc is deployable on its own and never imports the edge or the portal.',
  ),
  boundary(
    ['apps/portal/src/**'],
    [...app('edge'), ...app('calc')],
    'the portal talks to the API over HTTP; the API apps are only started by its tests.',
  ),
  boundary(
    ['packages/testing/**'],
    ['@ira/*', '**/packages/core/**', '**/apps/**', '**/scripts/**'],
    "the test helpers serve core's own tests, so they import no workspace (turbo rejects the cycle).",
  ),
  {
    // A second rule name, so it adds to the boundaries above instead of replacing them.
    files: ['**/*.ts'],
    ignores: [...testFiles, ...benchFiles],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ira/testing', '@ira/testing/*'],
              message: '@ira/testing is a devDependency: only tests, their harnesses and the bench import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one reader of the environment, and processes that hand an environment to children or read CI/TZ for tests.
    files: [
      'packages/core/src/runtime/config.ts',
      'scripts/**',
      '**/scripts/**',
      ...testFiles,
      'apps/portal/astro.config.*',
      'apps/portal/src/lib/portal-config.ts',
      'apps/portal/src/server-entry.ts',
      '**/vitest.config.*',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tests and their harnesses read JSON bodies whose shapes are what they assert.
    files: testFiles,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
