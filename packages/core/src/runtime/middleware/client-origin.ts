// Sets ctx.ip (the 401 throttle, logs) to the client's address and ctx.state.protocol to the
// protocol it used, believing X-Forwarded-For/-Proto only from the proxies TRUST_PROXY names.
import type { Middleware } from 'koa';
import { createProxyTrust, type TrustProxy } from '../proxy-trust.ts';

export function clientOrigin(trust: TrustProxy): Middleware {
  const resolve = createProxyTrust(trust);
  return function clientOriginMiddleware(ctx, next) {
    const { headers, socket } = ctx.req;
    const origin = resolve(socket.remoteAddress ?? '', headers['x-forwarded-for'], headers['x-forwarded-proto']);
    ctx.request.ip = origin.address;
    ctx.state.protocol = origin.protocol ?? ctx.protocol;
    return next();
  };
}
