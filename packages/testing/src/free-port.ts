// A loopback port nothing listens on, for a process a test or the bench starts on it.
//
// The port is closed again before the caller's process binds it, and the kernel picks each
// one at random, so a few picks in a row sometimes repeat one. A topology given the same
// port twice starts its second calc on the first's port: that one dies at once
// (EADDRINUSE) yet looks ready, since the first answers its /readyz. So a port handed out
// once is never handed out again by this process.
import { createServer } from 'node:net';

const handedOut = new Set<number>();

function kernelPick(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

export async function freePort(): Promise<number> {
  let port = await kernelPick();
  while (handedOut.has(port)) port = await kernelPick();
  handedOut.add(port);
  return port;
}
