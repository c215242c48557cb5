import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { pathPrefix, routersByPath } from './routers-by-path.ts';

const servers: http.Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

/** Each router answers with its name and notes each request it tried its routes on (its match()). */
function namedRouter(name: string, prefix: string, paths: string[], tried: Set<string>): Router {
  const router = new Router({ prefix });
  // A middleware given with use() is no route: it must not make the router tried for every path.
  router.use((_ctx, next) => next());
  for (const path of paths) router.get(path, (ctx) => void (ctx.body = `${name} ${path}`));
  const match = router.match.bind(router);
  router.match = (path, method) => {
    tried.add(name);
    return match(path, method);
  };
  return router;
}

async function serve(app: Koa): Promise<string> {
  const server = http.createServer(app.callback()).listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('pathPrefix', () => {
  it('cuts a path before its (segments + 1)-th slash', () => {
    expect(pathPrefix('/api/v1/quran/surah/2', 3)).toBe('/api/v1/quran');
    expect(pathPrefix('/api/v1/quran/surah/2', 4)).toBe('/api/v1/quran/surah');
    expect(pathPrefix('/api/v1/quran/search/', 4)).toBe('/api/v1/quran/search');
    expect(pathPrefix('/api/v1/quran', 4)).toBe('/api/v1/quran');
    expect(pathPrefix('/', 3)).toBe('/');
  });
});

describe('routersByPath', () => {
  const tried = new Set<string>();
  const names = namedRouter('names', '/api/v1/asma-ul-husna', ['/', '/search', '/:number'], tried);
  const quran = namedRouter('quran', '/api/v1/quran', ['/surah/:number', '/verse/:id'], tried);
  const reads = namedRouter('reads', '/api/v1/quran', ['/juz/:number', '/verses'], tried);
  const search = namedRouter('search', '/api/v1/quran', ['/search'], tried);
  const prayer = namedRouter('prayer', '/api/v1/prayer-time', ['/'], tried);
  const calendar = namedRouter('calendar', '/api/v1/prayer-time', ['/calendar'], tried);
  const app = new Koa();
  app.use(routersByPath([names, quran, reads, search, prayer, calendar]));
  app.use((ctx) => void (ctx.body = 'next'));
  const base = serve(app);
  const get = async (path: string) => {
    tried.clear();
    const body = await (await fetch(`${await base}${path}`)).text();
    return { body, tried: [...tried] };
  };

  it('tries only the router that has a route under the path', async () => {
    expect(await get('/api/v1/quran/search?q=mercy')).toEqual({ body: 'search /search', tried: ['search'] });
    expect(await get('/api/v1/quran/juz/30')).toEqual({ body: 'reads /juz/:number', tried: ['reads'] });
    expect(await get('/api/v1/quran/surah/2')).toEqual({ body: 'quran /surah/:number', tried: ['quran'] });
    expect(await get('/api/v1/quran/search/')).toEqual({ body: 'search /search', tried: ['search'] });
  });

  it('finds a route with a parameter where a static key does not match', async () => {
    expect(await get('/api/v1/asma-ul-husna/7')).toEqual({ body: 'names /:number', tried: ['names'] });
    expect(await get('/api/v1/asma-ul-husna/search')).toEqual({ body: 'names /search', tried: ['names'] });
    expect(await get('/api/v1/asma-ul-husna')).toEqual({ body: 'names /', tried: ['names'] });
  });

  it('tries a router whose route is the section itself only for that path', async () => {
    expect(await get('/api/v1/prayer-time?lat=1&lon=2')).toEqual({ body: 'prayer /', tried: ['prayer'] });
    expect(await get('/api/v1/prayer-time/')).toEqual({ body: 'prayer /', tried: ['prayer'] });
    expect(await get('/api/v1/prayer-time/calendar')).toEqual({ body: 'calendar /calendar', tried: ['calendar'] });
  });

  it('passes to the next step a path no router has', async () => {
    expect(await get('/api/v1/quran/nothing')).toEqual({
      body: 'next',
      tried: ['names', 'quran', 'reads', 'search', 'prayer', 'calendar'],
    });
    expect(await get('/healthz')).toEqual({
      body: 'next',
      tried: ['names', 'quran', 'reads', 'search', 'prayer', 'calendar'],
    });
  });

  it('answers a path spelled in another letter case as the routers themselves do', async () => {
    expect((await get('/API/v1/Quran/Search')).body).toBe('search /search');
    expect((await get('/api/v1/quran/JUZ/30')).body).toBe('reads /juz/:number');
  });
});
