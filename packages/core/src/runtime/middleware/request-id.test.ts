import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { useTestServers } from '../../testing/serve-app.ts';
import { requestId } from './request-id.ts';

const serve = useTestServers();

describe('requestId', () => {
  it('makes an id when none is sent and echoes a sane one', async () => {
    const app = new Koa().use(requestId()).use((ctx) => void (ctx.body = { ok: true }));
    const base = await serve(app);
    expect((await fetch(base)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await fetch(base, { headers: { 'X-Request-Id': 'abc-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await fetch(base, { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).not.toContain('script');
  });
});
