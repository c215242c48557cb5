import Router from '@koa/router';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../contract/openapi/endpoint-table.ts';
import { useTestServers } from '../testing/serve-app.ts';
import { routeEndpoints, type Handlers } from './route-table.ts';

const listen = useTestServers();
const calc = ENDPOINTS.filter((endpoint) => endpoint.service === 'calc');
const answering = (name: string) => (ctx: Koa.Context) => void (ctx.body = { by: name, route: ctx.routerPath });
const allCalc = (): Record<string, Koa.Middleware> =>
  Object.fromEntries(calc.map((endpoint) => [endpoint.operationId, answering(endpoint.operationId)]));

describe('routeEndpoints', () => {
  it('refuses to start with an endpoint of the service left without a handler', () => {
    const { getQibla: _left, ...handlers } = allCalc();
    expect(() => routeEndpoints(new Router(), { service: 'calc', handlers, before: () => [] })).toThrow(/getQibla/);
  });

  it('refuses a handler the table does not list', () => {
    const handlers: Handlers = { ...allCalc(), getSecret: answering('secret') };
    expect(() => routeEndpoints(new Router(), { service: 'calc', handlers, before: () => [] })).toThrow(/getSecret/);
  });

  it("routes each endpoint through its category's steps to its handler, and no other service's", async () => {
    const seen: string[] = [];
    const router = routeEndpoints(new Router(), {
      service: 'calc',
      handlers: allCalc(),
      before: (category) => (_ctx, next) => {
        seen.push(category);
        return next();
      },
    });
    const app = new Koa();
    app.use(router.routes());
    const base = await listen(app);
    const qibla = await (await fetch(`${base}/api/v1/qibla?lat=1&lon=2`)).json();
    expect(qibla).toEqual({ by: 'getQibla', route: '/api/v1/qibla' });
    expect(seen).toEqual(['calculation']);
    expect((await fetch(`${base}/api/v1/quran/verse/2:255`)).status).toBe(404);
    expect((await fetch(`${base}/api/v1/nowhere`)).status).toBe(404);
  });
});
