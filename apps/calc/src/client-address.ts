// The edge forwards prayer-time and qibla requests here (DESIGN §1). Seen from calc,
// every forwarded request then comes from the edge's address, and the guard's
// per-address throttle of repeated 401s would lock out every client at once. So the
// client address the edge appends to X-Forwarded-For is believed, but only from a
// loopback peer (the edge in the default setup): a client reaching the calc port
// directly cannot pick its own address by sending the header.
import type { Middleware } from 'koa';

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.test(address);
}

/** Sets ctx.ip to the last X-Forwarded-For hop when the peer is a loopback proxy. */
export function forwardedClientAddress(): Middleware {
  return async function forwardedClientAddressMiddleware(ctx, next) {
    const forwarded = ctx.get('X-Forwarded-For');
    if (forwarded !== '' && isLoopback(ctx.req.socket.remoteAddress)) {
      const last = forwarded.split(',').at(-1)?.trim();
      if (last) ctx.request.ip = last;
    }
    await next();
  };
}
