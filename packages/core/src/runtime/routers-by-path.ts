// One step for a service's routers: only the routers that have a route for the request's
// path are tried, found by the path's first segments. Each @koa/router tries its every route
// on every request that reaches it, so a request answered by the last of several routers
// paid for all before it: a new search query went through the Names, Quran and Quran-reads
// routers first (~3-4% of the edge's busy time answering new queries).
import type Router from '@koa/router';

/** A router's routes as middleware (Router#routes()). */
type Routes = ReturnType<Router['routes']>;

const SLASH = 0x2f;
// A segment that path-to-regexp reads as a parameter, a group or a wildcard.
const DYNAMIC_SEGMENT = /[:({*]/;
/** `/api/v1/<section>/<first segment after it>`: the key a route is found by. */
const KEY_SEGMENTS = 4;
const SECTION_SEGMENTS = 3;

/** The path up to its (segments + 1)-th slash (`/api/v1/quran/surah/2`, 3 → `/api/v1/quran`), else the whole path. */
export function pathPrefix(path: string, segments: number): string {
  let slashes = 0;
  for (let i = 0; i < path.length; i += 1) {
    if (path.charCodeAt(i) === SLASH && ++slashes === segments + 1) return path.slice(0, i);
  }
  return path;
}

/**
 * Where a router's routes can be found: their static keys (a route at a section itself has
 * the section as its key), the sections in which a route has a parameter in its fourth
 * segment, and whether any route's section is itself dynamic.
 */
interface RouterReach {
  keys: Set<string>;
  sections: Set<string>;
  anywhere: boolean;
}

function reachOf(router: Router): RouterReach {
  const reach: RouterReach = { keys: new Set(), sections: new Set(), anywhere: false };
  // Middleware the router was given with use() runs only with a route of its own: not a route.
  for (const { path } of router.stack.filter((layer) => layer.methods.length > 0)) {
    if (typeof path !== 'string' || DYNAMIC_SEGMENT.test(pathPrefix(path, SECTION_SEGMENTS))) reach.anywhere = true;
    else if (DYNAMIC_SEGMENT.test(pathPrefix(path, KEY_SEGMENTS)))
      reach.sections.add(pathPrefix(path, SECTION_SEGMENTS));
    else reach.keys.add(pathPrefix(path, KEY_SEGMENTS));
  }
  return reach;
}

/** The routers' middleware run one after another, each one's next() the one after it. */
function chain(routes: readonly Routes[]): Routes {
  return routes.reduceRight<Routes>(
    (after, route) => (ctx, next) => route(ctx, () => after(ctx, next)),
    (_ctx, next) => next(),
  );
}

/**
 * The routers' routes, in the routers' order, tried only in the routers that can answer
 * the path: those with a route under its key (its first four segments) or with a parameter
 * in its section. A path no router indexes by its exact spelling (another letter case,
 * an escaped character) goes through every router as before, so the answers are the same.
 */
export function routersByPath(routers: readonly Router[]): Routes & { routers: readonly Router[] } {
  const reaches = routers.map(reachOf);
  const routes = routers.map((router) => router.routes());
  const within = (include: (reach: RouterReach) => boolean): Routes =>
    chain(routes.filter((_, i) => include(reaches[i]!)));
  // A key of four segments, or a section: the routers with a route under it or a parameter in its section.
  const byKey = new Map<string, Routes>();
  for (const key of new Set(reaches.flatMap((reach) => [...reach.keys, ...reach.sections]))) {
    const section = pathPrefix(key, SECTION_SEGMENTS);
    byKey.set(
      key,
      within((reach) => reach.anywhere || reach.keys.has(key) || reach.sections.has(section)),
    );
  }
  const everyRouter = chain(routes);
  const middleware: Routes = function routersByPathMiddleware(ctx, next) {
    // The section is the key's own prefix: the path is walked once.
    const key = pathPrefix(ctx.path, KEY_SEGMENTS);
    const route = byKey.get(key) ?? byKey.get(pathPrefix(key, SECTION_SEGMENTS)) ?? everyRouter;
    return route(ctx, next);
  };
  // The routers stay readable on the app's middleware, as each Router#routes() keeps its router (routedGetPaths).
  return Object.assign(middleware, { routers });
}
