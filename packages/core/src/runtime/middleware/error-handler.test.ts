import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { ApiError, httpError, unauthorized } from '../../contract/errors.ts';
import { useTestServers } from '../../testing/serve-app.ts';
import { createErrorHandler } from './error-handler.ts';

const listen = useTestServers();

function serve(thrower: () => unknown, logged: unknown[] = []): Promise<string> {
  const app = new Koa();
  app.use(createErrorHandler({ error: (...args: unknown[]) => logged.push(args) }));
  app.use(() => {
    throw thrower();
  });
  return listen(app);
}

describe('createErrorHandler', () => {
  it('writes the exact body and headers an ApiError carries', async () => {
    const url = await serve(() => new ApiError(400, { error: 'q query parameter is required' }, { 'X-Test': '1' }));
    const response = await fetch(url);
    expect(response.status).toBe(400);
    expect(response.headers.get('x-test')).toBe('1');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ error: 'q query parameter is required' });
  });

  it('writes the spec 401 body', async () => {
    const response = await fetch(await serve(unauthorized));
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      success: false,
      error: 'Unauthorized',
      message: 'Invalid or missing API key.',
    });
  });

  it('hides unknown errors behind a generic 500 and logs them', async () => {
    const logged: unknown[] = [];
    const response = await fetch(await serve(() => new Error('secret detail at /srv/app.ts:12'), logged));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toMatchObject({ success: false, error: 'Internal Server Error' });
    expect(logged).toHaveLength(1);
  });

  it('keeps the status of a 4xx raised by Koa itself', async () => {
    const response = await fetch(
      await serve(() => Object.assign(new Error('Payload Too Large'), { status: 413, expose: true })),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, error: 'Payload Too Large', message: 'Payload Too Large' });
  });

  it('httpError uses the reason phrase as error', () => {
    expect(httpError(404, 'No such thing.').body).toEqual({
      success: false,
      error: 'Not Found',
      message: 'No such thing.',
    });
  });
});

describe('ApiError', () => {
  it('is an answer, not a fault: it captures no stack frames, and other errors still do', () => {
    const answer = httpError(429, 'Slow down.');
    expect(answer).toBeInstanceOf(Error);
    expect(answer.message).toBe('Slow down.');
    expect(answer.stack ?? '').not.toMatch(/\n\s+at /);
    expect(new Error('a fault').stack).toMatch(/\n\s+at /);
  });
});
