// The typed client (@ira/client) against the real edge and calc apps: typed
// paths and parameters reach the right endpoints, expectData unwraps both
// prayer-time layouts to the same object, and error answers throw the API's
// own sentence with the status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiResponseError, createIraClient, expectData, type IraClient } from '@ira/client';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { startStack, type Stack } from './stack.ts';

const KARACHI = { lat: 24.8607, lon: 67.0011, date: '2025-03-01' };
let wrapped: Stack;
let flat: Stack;
const clients: Record<'wrapped' | 'flat', IraClient> = {} as never;

async function clientFor(stack: Stack): Promise<IraClient> {
  const { key } = await issueKey(stack.deps.store, {
    userId: null,
    name: 'sdk',
    limits: { general: 1000, calculation: 1000 },
  });
  return createIraClient({ baseUrl: stack.config.publicUrl, apiKey: key });
}

beforeAll(async () => {
  [wrapped, flat] = await Promise.all([startStack(), startStack({ RESPONSE_LAYOUT: 'flat' })]);
  clients.wrapped = await clientFor(wrapped);
  clients.flat = await clientFor(flat);
}, 120_000);
afterAll(async () => {
  await wrapped?.close();
  await flat?.close();
});

describe('@ira/client against the running API', () => {
  it('reads a name and a verse through typed paths', async () => {
    const name = expectData(
      await clients.wrapped.GET('/api/v1/asma-ul-husna/{number}', { params: { path: { number: 1 } } }),
    );
    expect(name.data.name).toBe('Ar-Rahman');
    const verse = expectData(
      await clients.wrapped.GET('/api/v1/quran/verse/{id}', {
        params: { path: { id: '002255' }, query: { lang: 'english' } },
      }),
    );
    expect(verse.data.text.english).toMatch(/^Allah - there is no deity except Him/);
  });

  it('gives the same prayer times from a wrapped and a flat deployment', async () => {
    const fromWrapped = expectData(await clients.wrapped.GET('/api/v1/prayer-time', { params: { query: KARACHI } }));
    const fromFlat = expectData(await clients.flat.GET('/api/v1/prayer-time', { params: { query: KARACHI } }));
    expect(fromWrapped.timezone).toBe('Asia/Karachi');
    expect(fromFlat.times).toEqual(fromWrapped.times);
    expect(fromWrapped.times.fajr.local).toMatch(/^2025-03-01T05:/);
  });

  it('throws ApiResponseError with the API sentence for an error answer', async () => {
    const result = await clients.wrapped.GET('/api/v1/asma-ul-husna/{number}', { params: { path: { number: 120 } } });
    expect(() => expectData(result)).toThrow(ApiResponseError);
    expect(() => expectData(result)).toThrow('404: Name number 120 not found');
    const keyless = createIraClient({ baseUrl: wrapped.config.publicUrl });
    const refused = await keyless.GET('/api/v1/quran/surahs');
    expect(() => expectData(refused)).toThrow('401: Invalid or missing API key.');
  });
});
