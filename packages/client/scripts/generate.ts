// Writes src/schema.ts from the OpenAPI document. The build and the type-check
// both run it, possibly at the same time, so the file is replaced atomically
// (write a temporary file, then rename): a reader never sees half a file.
import { rename, writeFile } from 'node:fs/promises';
import { generateSchemaSource } from './generate-schema.ts';

const target = new URL('../src/schema.ts', import.meta.url);
const temporary = new URL(`../src/.schema.${process.pid}.tmp`, import.meta.url);
await writeFile(temporary, await generateSchemaSource());
await rename(temporary, target);
console.log(`wrote ${target.pathname}`);
