// The client's address and protocol, decided once per request by the server
// entry (src/server-entry.ts) from TRUST_PROXY and passed to pages in two
// headers it always overwrites, so a client cannot set them. Pages read them
// here instead of Astro.clientAddress, which cannot be told which proxies to trust.
import { createProxyTrust, type TrustProxy } from '@ira/core/runtime/proxy-trust';
import type { IncomingMessage } from 'node:http';

export const CLIENT_ADDRESS_HEADER = 'x-ira-client-address';
export const CLIENT_PROTOCOL_HEADER = 'x-ira-client-protocol';

/** For the server entry: stamps the trusted client address and protocol on the request. */
export function createOriginStamp(trust: TrustProxy): (req: IncomingMessage) => void {
  const resolve = createProxyTrust(trust);
  return (req) => {
    const origin = resolve(
      req.socket.remoteAddress ?? '',
      req.headers['x-forwarded-for'],
      req.headers['x-forwarded-proto'],
    );
    req.headers[CLIENT_ADDRESS_HEADER] = origin.address;
    req.headers[CLIENT_PROTOCOL_HEADER] =
      origin.protocol ?? ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
  };
}

export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}

/** The origin the browser sees: the trusted protocol with the Host it sent. */
export function clientFacingOrigin(request: Request): string {
  const protocol = request.headers.get(CLIENT_PROTOCOL_HEADER) ?? 'http';
  return `${protocol}://${request.headers.get('host') ?? new URL(request.url).host}`;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for form posts (Astro's own check compares with the URL it
 * built from the socket, which says http behind an HTTPS proxy): a post must
 * carry an Origin equal to the origin the browser is on, or to PORTAL_URL's.
 */
export function isCrossSitePost(request: Request, portalUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get('origin');
  return origin !== clientFacingOrigin(request) && origin !== new URL(portalUrl).origin;
}
