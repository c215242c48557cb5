// A TCP proxy for fault tests (loopback only): put it between a service and
// PostgreSQL or Redis, then cut the connections (a crash, a failover,
// pg_terminate_backend) or stall them (a hung server: connections accepted,
// nothing ever answered), and heal it again. Test support only.
import net from 'node:net';

export type FaultMode = 'pass' | 'cut' | 'stall';

export interface FaultProxy {
  /** host:port to use instead of the target's. */
  readonly port: number;
  /** Rewrites a postgres:// or redis:// URL to go through the proxy. */
  via(url: string): string;
  /** cut: drops every connection now and refuses new ones; stall: holds them silently. */
  setMode(mode: FaultMode): void;
  /** Connections accepted since start (to tell a reconnect happened). */
  readonly accepted: number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  let accepted = 0;
  const pairs = new Set<Pair>();

  function drop(pair: Pair): void {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  }

  function connectUpstream(pair: Pair): void {
    const upstream = net.connect(target);
    pair.upstream = upstream;
    upstream.on('error', () => drop(pair));
    upstream.on('close', () => drop(pair));
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
  }

  const server = net.createServer((client) => {
    accepted += 1;
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    client.on('error', () => drop(pair));
    client.on('close', () => drop(pair));
    if (mode === 'cut') drop(pair);
    else if (mode === 'pass') connectUpstream(pair);
    // stall: accepted and read from, never forwarded nor answered.
    else client.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    get accepted() {
      return accepted;
    },
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.href;
    },
    setMode(next) {
      mode = next;
      for (const pair of [...pairs]) {
        if (next === 'cut') drop(pair);
        else if (next === 'stall' && pair.upstream !== null) {
          // Existing connections go silent both ways, like a hung server.
          pair.client.unpipe(pair.upstream);
          pair.upstream.unpipe(pair.client);
          pair.upstream.pause();
          pair.client.resume();
        }
      }
      // Stalled connections stay stalled after healing: a real hang ends when
      // the client gives up on them, which is what the services must do.
    },
    async close() {
      for (const pair of [...pairs]) drop(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
