import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { useTestServers } from '../../testing/serve-app.ts';
import { cors } from './cors.ts';

const listen = useTestServers();

function serve(options: { origins?: string[] } = {}): Promise<string> {
  const app = new Koa();
  app.use(cors(options.origins ?? []));
  app.use((ctx) => void (ctx.body = { ok: true }));
  return listen(app);
}

describe('cors', () => {
  it('sends no CORS headers by default', async () => {
    const response = await fetch(`${await serve()}/small`, { headers: { Origin: 'https://app.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows listed origins and answers their preflight', async () => {
    const base = await serve({ origins: ['https://app.example'] });
    const response = await fetch(`${base}/small`, { headers: { Origin: 'https://app.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const preflight = await fetch(`${base}/small`, { method: 'OPTIONS', headers: { Origin: 'https://app.example' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('X-API-Key');
    const other = await fetch(`${base}/small`, { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
