// `npm run build` of @ira/static-data: builds static-data/dist from the sources.
// Options (for tests and tooling): --source DIR, --out DIR.
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildContent } from './build.ts';
import { placesReportLines } from './places/build-places.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const { values } = parseArgs({
  options: {
    source: { type: 'string', default: resolve(REPO_ROOT, 'static-data/source') },
    out: { type: 'string', default: resolve(REPO_ROOT, 'static-data/dist') },
  },
});

const startedMs = performance.now();
const outDir = resolve(values.out);
const result = await buildContent({ sourceDir: resolve(values.source), outDir });
if (!result.ok) {
  for (const error of result.errors) console.error(error);
  console.error(
    `build-content: failed with ${result.errors.length} problem(s); ` +
      `${relative(process.cwd(), outDir) || '.'} left unchanged`,
  );
  process.exit(1);
}
const elapsedMs = Math.round(performance.now() - startedMs);
console.log(
  `build-content: ${result.value.files} files, ${result.value.bytes} bytes in ${elapsedMs} ms -> ` +
    `${relative(process.cwd(), outDir) || '.'}`,
);
for (const line of placesReportLines(result.value.places)) console.log(`build-content: ${line}`);
