import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@ira/testing/free-port';
import { startNginx } from './nginx-baseline.ts';
import { writeBodies, type Bodies } from './bodies.ts';
import { startBaselineScript } from './processes.ts';

// Two pages and a search, as a scenario's distinct URLs are sampled (measure.ts).
const BODIES: Bodies = [
  ['/api/v1/quran/page/1', Buffer.from('{"page":1}')],
  ['/api/v1/quran/page/2', Buffer.from('{"page":2,"longer":true}')],
  ['/api/v1/quran/search?q=%22the%20Day%22&lang=en', Buffer.from('{"q":"the Day"}')],
];

async function bodiesServedAt(base: string): Promise<Record<string, string>> {
  const served: Record<string, string> = {};
  for (const url of [...BODIES.map(([url]) => url), '/api/v1/quran/page/3']) {
    const response = await fetch(`${base}${url}`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    served[url] = await response.text();
  }
  return served;
}

const EXPECTED = {
  '/api/v1/quran/page/1': '{"page":1}',
  '/api/v1/quran/page/2': '{"page":2,"longer":true}',
  '/api/v1/quran/search?q=%22the%20Day%22&lang=en': '{"q":"the Day"}',
  // Any URL the scenario did not sample gets the first answer.
  '/api/v1/quran/page/3': '{"page":1}',
};

describe('the byte baselines serve each URL its own sampled answer', () => {
  let dir = '';
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the bare node:http server', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ira-baselines-'));
    const bare = await startBaselineScript(
      'scripts/bench/baseline-server.ts',
      [writeBodies(dir, 'bodies', BODIES)],
      path.join(dir, 'bare.log'),
    );
    stops.push(() => bare.child.kill('SIGTERM'));
    expect(await bodiesServedAt(bare.url)).toEqual(EXPECTED);
  });

  it('nginx', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ira-baselines-'));
    const port = await freePort();
    const nginx = await startNginx(
      writeBodies(dir, 'bodies', BODIES),
      'application/json; charset=utf-8',
      path.join(dir, 'nginx'),
      port,
    );
    stops.push(() => nginx.kill('SIGTERM'));
    expect(await bodiesServedAt(`http://127.0.0.1:${port}`)).toEqual(EXPECTED);
  });
});
