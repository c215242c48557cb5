// tsc rewrites `./x.ts` imports to `./x.js` in the JavaScript it emits, not in the .d.ts files
// (microsoft/TypeScript#61037). TypeScript reads either, but editors and other tools look for
// the file named: point the declarations at the files that ship.
import { readdir, readFile, writeFile } from 'node:fs/promises';

const dist = new URL('../dist/', import.meta.url);
const RELATIVE_TS_IMPORT = /(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g;

for (const file of (await readdir(dist)).filter((name) => name.endsWith('.d.ts'))) {
  const url = new URL(file, dist);
  const source = await readFile(url, 'utf8');
  const rewritten = source.replace(RELATIVE_TS_IMPORT, '$1$2$3.js$2');
  if (rewritten !== source) await writeFile(url, rewritten);
}
