import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { endpointAt, ENDPOINTS, type Endpoint } from '../../contract/openapi/endpoint-table.ts';
import { useTestServers } from '../../testing/serve-app.ts';
import { createErrorHandler } from './error-handler.ts';
import { knownParamsOnly } from './known-params.ts';

const listen = useTestServers();

function serve(endpoint: Endpoint): Promise<string> {
  const app = new Koa();
  app.use(createErrorHandler());
  app.use(knownParamsOnly(endpoint));
  app.use((ctx) => void (ctx.body = { ok: true }));
  return listen(app);
}

async function ask(endpoint: Endpoint, query: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${await serve(endpoint)}/any${query}`);
  return { status: response.status, body: await response.json() };
}

describe('knownParamsOnly', () => {
  const qibla = endpointAt('/api/v1/qibla');

  it('passes the parameters the endpoint takes, the key, and none at all', async () => {
    expect(await ask(qibla, '?lat=1&lng=2&date=2026-03-20&api_key=k')).toEqual({ status: 200, body: { ok: true } });
    expect((await ask(qibla, '')).status).toBe(200);
    expect((await ask(qibla, '?')).status).toBe(200);
  });

  it('refuses the first one it does not take, naming it and what it takes', async () => {
    expect(await ask(qibla, '?lat=1&lon=2&madhab=hanafi&x=1')).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'Bad Request',
        message: 'madhab is not a parameter of /api/v1/qibla (it takes lat, lon, lng, place, city, country, date).',
      },
    });
  });

  it('refuses a parameter without a name', async () => {
    expect((await ask(qibla, '?lat=1&lon=2&=5')).body).toMatchObject({
      message:
        'the query holds a parameter without a name (/api/v1/qibla takes lat, lon, lng, place, city, country, date).',
    });
  });

  it("answers in the form of the endpoint's other 400s", async () => {
    expect((await ask(endpointAt('/api/v1/prayer-time'), '?madhab=hanafi')).body).toEqual({
      error: expect.stringMatching(/^madhab is not a parameter of \/api\/v1\/prayer-time \(it takes lat, lon, /),
    });
    expect((await ask(endpointAt('/api/v1/asma-ul-husna'), '?limit=5')).body).toEqual({
      success: false,
      error: 'limit is not a parameter of /api/v1/asma-ul-husna (it takes none).',
    });
  });

  it('knows each endpoint by its documented query parameters and 400', () => {
    expect(endpointAt('/api/v1/quran/verses').queryParams).toEqual([
      'from',
      'to',
      'lang',
      'translations',
      'reciter',
      'audio',
    ]);
    expect(endpointAt('/api/v1/quran/verse/{id}/audio').queryParams).toEqual(['reciter']);
    for (const endpoint of ENDPOINTS) {
      expect(['BadRequest', 'QiblaBadRequest', 'NamesError', 'PrayerTimeError']).toContain(endpoint.badRequestSchema);
    }
  });
});
