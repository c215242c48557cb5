// Which proxies' X-Forwarded-For / X-Forwarded-Proto to believe (TRUST_PROXY),
// used by every service for the client's address (throttles, logs) and protocol
// (the portal's origin check). Read right to left, the forwarding chain is the
// peer, then each hop the proxies appended; only trusted hops may speak for
// the next one, so a client cannot choose its own address by sending the header.
import { BlockList, isIP } from 'node:net';

/** none: the peer is the client; hops: that many proxies in front; addresses: proxies at these addresses/CIDRs. */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; list: string[] };

export interface ClientOrigin {
  address: string;
  /** http or https as the trusted proxy saw it; null when no trusted proxy said. */
  protocol: 'http' | 'https' | null;
}

// The last IPv4-mapped address unwrapped: a keep-alive connection sends its peer's address
// with every request, and isIP's check was ~1% of the edge's CPU answering one Name.
let lastMapped = { address: '', plain: '' };

/** ::ffff:1.2.3.4 (an IPv4 peer on a dual-stack socket) is 1.2.3.4. */
export function plainAddress(address: string): string {
  if (!address.startsWith('::ffff:')) return address;
  if (address !== lastMapped.address) {
    const inner = address.slice(7);
    lastMapped = { address, plain: isIP(inner) === 4 ? inner : address };
  }
  return lastMapped.plain;
}

/** An address list matcher; throws on an entry that is neither an address nor a CIDR. */
export function createAddressList(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [base = '', bits] = entry.split('/');
    const family = isIP(base);
    if (family === 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
      throw new Error(`"${entry}" is not an address or CIDR`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(bits), type);
  }
  // calc asks about its peer, the edge, on every request: the last answer is kept (the
  // BlockList check was ~1.4% of calc's CPU answering prayer times).
  let last = { address: '', inList: false };
  return (address) => {
    if (address !== last.address) {
      const plain = plainAddress(address);
      const family = isIP(plain);
      last = { address, inList: family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6') };
    }
    return last.inList;
  };
}

function splitHeader(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Resolves the client behind `peer` from the X-Forwarded-For and -Proto headers it sent. */
export function createProxyTrust(
  trust: TrustProxy,
): (peer: string, forwardedFor?: string | string[], forwardedProto?: string | string[]) => ClientOrigin {
  const trusted = trust.kind === 'addresses' ? createAddressList(trust.list) : null;
  return (peer, forwardedFor, forwardedProto) => {
    // Nobody forwarded anything (the common case without a proxy): the peer is the client.
    if (forwardedFor === undefined && forwardedProto === undefined)
      return { address: plainAddress(peer), protocol: null };
    const chain = [...splitHeader(forwardedFor), plainAddress(peer)];
    let index = chain.length - 1;
    if (trust.kind === 'hops') index = Math.max(0, index - trust.hops);
    else if (trusted !== null) while (index > 0 && trusted(chain[index]!)) index -= 1;
    // A malformed hop cannot be the client; the hop that reported it is.
    while (index < chain.length - 1 && isIP(plainAddress(chain[index]!)) === 0) index += 1;
    const peerTrusted = index < chain.length - 1;
    const proto = splitHeader(forwardedProto)[0]?.toLowerCase();
    return {
      address: plainAddress(chain[index]!),
      protocol: peerTrusted && (proto === 'http' || proto === 'https') ? proto : null,
    };
  };
}
