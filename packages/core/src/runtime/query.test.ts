import { describe, expect, it } from 'vitest';
import Koa from 'koa';
import { useQueryParser } from './query.ts';

// Koa's own ctx.query, from an app that keeps it.
function koaQuery(querystring: string): Record<string, unknown> {
  const app = new Koa();
  return app.createContext({ url: `/x?${querystring}`, headers: {}, socket: {} } as never, {} as never).query;
}

function ourQuery(querystring: string): Record<string, unknown> {
  const app = new Koa();
  useQueryParser(app);
  return app.createContext({ url: `/x?${querystring}`, headers: {}, socket: {} } as never, {} as never).query;
}

const QUERY_STRINGS = [
  'lat=21.4225&lon=39.8262&date=2026-03-20&method=auto',
  'q=%D8%A7%D9%84%D8%B1%D8%AD%D9%85%D9%86&lang=ar',
  'q=x+y%2Bz',
  'a=&b',
  '&&a=1&&',
  '=x',
  'a=1&a=&a=3',
  'q=%E0%A4%A',
  'q=%C3%28',
  'q=%',
  'q=%u0041',
  'a=b=c',
  'toString=1&constructor=2&__proto__=3',
  'q=%22the%20Day%20of%20Resurrection%22',
  // More keys than node:querystring reads by default, the key last.
  `${Array.from({ length: 1_000 }, (_, i) => `p${i}=${i}`).join('&')}&api_key=last`,
];

describe('useQueryParser', () => {
  it.each(QUERY_STRINGS)('reads %s as Koa does', (querystring) => {
    expect(Object.entries(ourQuery(querystring))).toEqual(Object.entries(koaQuery(querystring)));
  });

  it('reads the query again when the query string is changed, and still sets it from an object', () => {
    const app = new Koa();
    useQueryParser(app);
    const ctx = app.createContext({ url: '/x?a=1', headers: {}, socket: {} } as never, {} as never);
    expect(ctx.query.a).toBe('1');
    ctx.querystring = 'a=2&b=3';
    expect({ ...ctx.query }).toEqual({ a: '2', b: '3' });
    ctx.query = { c: ['4', '5'] };
    expect(ctx.querystring).toBe('c=4&c=5');
    expect(ctx.query.c).toEqual(['4', '5']);
  });

  it('leaves other apps with Koa’s own parser', () => {
    const ours = new Koa();
    useQueryParser(ours);
    expect(Object.getPrototypeOf(koaQuery('a=1'))).toBe(Object.prototype);
  });
});
