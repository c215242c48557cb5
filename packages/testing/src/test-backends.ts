// Which external servers the tests may use (docs/operations.md "Scaling out"): in CI (CI=true) they
// always run, so a missing server fails loudly; elsewhere a suite is skipped
// with a one-line reason when its server does not answer.
import { connect } from 'node:net';

export const TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';
const PROBE_TIMEOUT_MS = 1_000;

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), timeout: PROBE_TIMEOUT_MS });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => finish(true));
    socket.once('timeout', () => finish(false));
    socket.once('error', () => finish(false));
  });
}

/** true when the suite must run; logs the reason and returns false when it is skipped. */
export async function backendAvailable(name: string, url: string): Promise<boolean> {
  if (process.env.CI === 'true' || (await answers(url))) return true;
  console.warn(`skipping ${name} tests: nothing answers at ${new URL(url).host} (they always run when CI=true)`);
  return false;
}
