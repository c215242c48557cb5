// The edge forwards prayer-time and qibla requests here, appending the address
// it saw to X-Forwarded-For. Seen from calc every forwarded request comes from
// the edge, and the guard's per-address throttle of repeated 401s would lock
// out every client at once; so a peer listed in CALC_TRUSTED_EDGES (loopback by
// default: the edge on the same host) speaks for the hop before it, which is
// then read with the same TRUST_PROXY rules as the edge uses. Any other peer is
// the client itself and its X-Forwarded-For is ignored.
import type { Middleware } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { createAddressList, createProxyTrust } from '@ira/core/runtime/proxy-trust';

export function forwardedClientAddress(config: Pick<Config, 'trustProxy' | 'calcTrustedEdges'>): Middleware {
  const isEdge = createAddressList(config.calcTrustedEdges);
  const resolve = createProxyTrust(config.trustProxy);
  return function forwardedClientAddressMiddleware(ctx, next) {
    const peer = ctx.req.socket.remoteAddress ?? '';
    const forwardedFor = ctx.req.headers['x-forwarded-for'];
    const hops =
      forwardedFor === undefined
        ? []
        : String(forwardedFor)
            .split(',')
            .map((hop) => hop.trim())
            .filter((hop) => hop !== '');
    const edgeSaw = hops.pop();
    if (edgeSaw !== undefined && isEdge(peer)) {
      const origin = resolve(edgeSaw, hops.join(', '), ctx.req.headers['x-forwarded-proto']);
      ctx.request.ip = origin.address;
    } else {
      ctx.request.ip = peer;
    }
    return next();
  };
}
