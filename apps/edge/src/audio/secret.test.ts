import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSigningSecret } from './secret.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'ira-secret-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('loadSigningSecret', () => {
  it('uses MEDIA_SIGNING_SECRET when set', async () => {
    expect(await loadSigningSecret({ mediaSigningSecret: 'x'.repeat(40), dataDir })).toBe('x'.repeat(40));
  });

  it('otherwise creates one development secret under DATA_DIR (0600) that every process shares', async () => {
    const [a, b] = await Promise.all([
      loadSigningSecret({ mediaSigningSecret: null, dataDir }),
      loadSigningSecret({ mediaSigningSecret: null, dataDir }),
    ]);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
    expect(await loadSigningSecret({ mediaSigningSecret: null, dataDir })).toBe(a);
    const file = path.join(dataDir, 'media-signing-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(a);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});
