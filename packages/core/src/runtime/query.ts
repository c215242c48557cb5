// ctx.query, read by node:querystring. Koa 3 parses it with URLSearchParams, reads each
// key's values with getAll and defines every property one by one: ~2.5-3 µs a query
// string on the VM of 11-28, and in calc's CPU profile answering prayer times from its
// result cache ~8% of the busy time (the parse, URLSearchParams and the getter).
// node:querystring reads the same strings to the same values (query.test.ts holds them
// to Koa's own, malformed escapes and repeated keys included) in about a third of the
// time; its objects have no prototype, so a parameter named like an Object method is
// only a parameter.
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
