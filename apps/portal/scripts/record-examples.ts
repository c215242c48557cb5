// Build step (`npm run build -w @ira/portal`, before astro build): boots the
// real API in this process on free ports, calls every operation of the OpenAPI
// document once and writes what it answered to src/generated/examples.json,
// which the reference shows as each operation's example. New operations get
// an example with no change here.
import { mkdir, writeFile } from 'node:fs/promises';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { startStack } from '../test/stack.ts';
import { recordCalls, toRecordedExample } from './example-recorder.ts';

const OUTPUT = new URL('../src/generated/examples.json', import.meta.url);
const GENEROUS_LIMIT = '100000';
// The recording key's own limits, as a development key has: they show in the recorded RateLimit headers.
const EXAMPLE_KEY_LIMITS = { general: 1000, calculation: 500 };

const stack = await startStack({ RATE_LIMIT_GENERAL: GENEROUS_LIMIT, RATE_LIMIT_CALCULATION: GENEROUS_LIMIT });
try {
  const { key } = await issueKey(stack.deps.store, { userId: null, name: 'examples', limits: EXAMPLE_KEY_LIMITS });
  const calls = await recordCalls(openapiDocument, stack.config.publicUrl, key);
  const examples = Object.fromEntries(
    calls.map((recorded) => [recorded.operation.id, toRecordedExample(recorded, stack.config.publicUrl, key)]),
  );
  await mkdir(new URL('.', OUTPUT), { recursive: true });
  await writeFile(OUTPUT, `${JSON.stringify(examples, null, 2)}\n`);
  const failed = calls
    .filter((recorded) => recorded.status >= 400)
    .map((recorded) => `${recorded.operation.id} ${recorded.status}`);
  console.log(`recorded ${calls.length} examples${failed.length ? `; error answers: ${failed.join(', ')}` : ''}`);
} finally {
  await stack.close();
}
