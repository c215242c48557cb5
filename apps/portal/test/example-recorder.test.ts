// The reference's example responses are real: recorded from the running API
// for every operation of the OpenAPI document, each a success that matches the
// document, with the key and the origin replaced by placeholders. The portal
// build wrote src/generated/examples.json the same way; it covers every operation.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { createResponseValidator } from '@ira/testing/openapi-validate';
import { recordCalls, toRecordedExample, type RecordedCall } from '../scripts/example-recorder.ts';
import { KEY_TOKEN, PUBLIC_URL_TOKEN } from '../src/lib/example-tokens.ts';
import { operationsOf } from '../src/lib/operations.ts';
import { startStack, type Stack } from './stack.ts';

const GENERATED = new URL('../src/generated/examples.json', import.meta.url);
let stack: Stack;
let key: string;
let calls: RecordedCall[];
const validateResponse = createResponseValidator(openapiDocument);

beforeAll(async () => {
  stack = await startStack({ RATE_LIMIT_GENERAL: '1000', RATE_LIMIT_CALCULATION: '1000' });
  key = (await issueKey(stack.deps.store, { userId: null, name: 'recorder' })).key;
  calls = await recordCalls(openapiDocument, stack.config.publicUrl, key);
}, 60_000);
afterAll(() => stack?.close());

describe('recordCalls', () => {
  it('calls every operation once and gets a success (2xx, or the 302 of a remote recitation)', () => {
    expect(calls.map((call) => call.operation.id).sort()).toEqual(
      operationsOf(openapiDocument)
        .map((operation) => operation.id)
        .sort(),
    );
    for (const call of calls) expect(call.status, `${call.operation.id} ${call.pathAndQuery}`).toBeLessThan(400);
  });

  it('records answers that match the OpenAPI document', () => {
    for (const call of calls.filter((candidate) => candidate.json !== null)) {
      expect(
        validateResponse('GET', call.operation.path, call.status, call.headers, call.json),
        call.operation.id,
      ).toEqual([]);
    }
  });

  it('takes signed audio links from earlier answers', () => {
    const audio = calls.find((call) => call.operation.id === 'getNameAudio')!;
    expect(audio.pathAndQuery).toMatch(
      /^\/api\/v1\/audio\/asma-ul-husna\/\d{2}\.mp3\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    // A remote reciter's verse is proxied (from the stack's loopback upstream), not redirected.
    const verse = calls.find((call) => call.operation.id === 'getVerseAudioFile')!;
    expect(verse.status).toBe(200);
    expect(verse.headers.get('content-type')).toBe('audio/mpeg');
  });
});

describe('toRecordedExample', () => {
  it('replaces the key and the origin with placeholders and cuts long lists', () => {
    const prayer = toRecordedExample(
      calls.find((call) => call.operation.id === 'getPrayerTimes')!,
      stack.config.publicUrl,
      key,
    );
    expect(prayer.body).toContain(`"api_key": "${KEY_TOKEN}"`);
    expect(prayer.body).toContain(`"url": "${PUBLIC_URL_TOKEN}/api/v1/prayer-time?`);
    expect(prayer.body).not.toContain(key);
    const names = toRecordedExample(
      calls.find((call) => call.operation.id === 'listNames')!,
      stack.config.publicUrl,
      key,
    );
    expect(names.shortened).toBe(true);
    expect(JSON.parse(names.body).data).toHaveLength(2);
  });
});

describe("the build's recorded examples", () => {
  it('cover every operation', async () => {
    const recorded = JSON.parse(await readFile(GENERATED, 'utf8'));
    expect(Object.keys(recorded).sort()).toEqual(
      operationsOf(openapiDocument)
        .map((operation) => operation.id)
        .sort(),
    );
  });
});

describe('toRecordedExample of other bodies', () => {
  const base = { operation: operationsOf(openapiDocument)[0]!, pathAndQuery: '/x', status: 200, json: null };
  it('shows a text answer as text, cut when long, and a binary one as its type and size', () => {
    const text = toRecordedExample(
      {
        ...base,
        headers: new Headers({ 'content-type': 'text/calendar' }),
        text: 'BEGIN:VCALENDAR\n'.repeat(400),
        bytes: 6400,
      },
      'http://a',
      'k',
    );
    expect(text.body.startsWith('BEGIN:VCALENDAR\nBEGIN:VCALENDAR\n')).toBe(true);
    expect(text.body.endsWith('\n…')).toBe(true);
    expect(text.shortened).toBe(true);
    const audio = toRecordedExample(
      { ...base, headers: new Headers({ 'content-type': 'audio/mpeg' }), text: null, bytes: 2048 },
      'http://a',
      'k',
    );
    expect(audio.body).toBe('(audio/mpeg, 2048 bytes)');
  });
});
