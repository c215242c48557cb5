// ctx.query read by node:querystring, once per request. Koa 3 parses it with URLSearchParams,
// reads each key with getAll and defines every property one by one: three times the work, a
// twentieth of calc's per answer (bench: qibla-varying). The values are Koa's own (query.test.ts
// holds them to Koa's, malformed escapes and repeated keys included); the objects have no
// prototype, so a parameter named like an Object method is only a parameter.
import { parse } from 'node:querystring';
import type Koa from 'koa';

const PARSED = Symbol('ira.query');

interface Parsed {
  querystring: string;
  query: ReturnType<typeof parse>;
}

type RequestWithQuery = Koa.Request & { [PARSED]?: Parsed };

/** Makes `app`'s ctx.query come from node:querystring, parsed once per request (again if the query string is set). */
export function useQueryParser(app: Koa): void {
  // app.request is this app's own prototype of every request (Koa's documented place to extend them).
  const koaQuery = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(app.request), 'query');
  Object.defineProperty(app.request, 'query', {
    configurable: true,
    get(this: RequestWithQuery) {
      const querystring = this.querystring;
      let parsed = this[PARSED];
      if (parsed === undefined || parsed.querystring !== querystring) {
        // Every key, as Koa reads them (node:querystring stops at 1,000 by default; a URL is at most 16 KB).
        parsed = { querystring, query: parse(querystring, '&', '=', { maxKeys: 0 }) };
        this[PARSED] = parsed;
      }
      return parsed.query;
    },
    set: koaQuery?.set,
  });
}
