import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backendAvailable } from './test-backends.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A URL on a loopback port that was just free (nothing listens there). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}

describe('backendAvailable', () => {
  it('runs the suite when the server answers', async () => {
    vi.stubEnv('CI', '');
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    expect(await backendAvailable('probe', `postgres://postgres@127.0.0.1:${port}/test`)).toBe(true);
    await new Promise((resolve) => server.close(resolve));
  });

  it('skips with a one-line reason when nothing answers outside CI', async () => {
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const url = await closedPortUrl();
    expect(await backendAvailable('probe', url)).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      `skipping probe tests: nothing answers at ${new URL(url).host} (they always run when CI=true)`,
    );
  });

  it('always runs under CI=true, so a missing server fails loudly', async () => {
    vi.stubEnv('CI', 'true');
    expect(await backendAvailable('probe', await closedPortUrl())).toBe(true);
  });
});
