// Writes src/schema.ts from the OpenAPI document (run after changing the document).
import { writeFile } from 'node:fs/promises';
import { generateSchemaSource } from '../src/generate-schema.ts';

const target = new URL('../src/schema.ts', import.meta.url);
await writeFile(target, await generateSchemaSource());
console.log(`wrote ${target.pathname}`);
