// The portal behind an HTTPS reverse proxy (TRUST_PROXY=1) and under abuse:
// forms work, addresses come from the proxy, bodies are bounded, sign-in and
// sign-up are throttled per address, and session files are private.
import { readdir, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, startPortal, type Portal } from './portal-process.ts';
import { startStack, type Stack } from './stack.ts';

let stack: Stack;
let portal: Portal;
const SIGN_UPS_PER_HOUR = 3;

beforeAll(async () => {
  stack = await startStack({ TRUST_PROXY: '1', SIGN_UP_LIMIT_PER_HOUR: String(SIGN_UPS_PER_HOUR) });
  portal = await startPortal(stack);
}, 120_000);

afterAll(async () => {
  await portal?.stop();
  await stack?.close();
});

/** A post as an HTTPS proxy in front of the portal forwards it: the browser's https Origin, the client's address. */
function viaProxy(pathname: string, fields: Record<string, string>, clientAddress: string, cookie?: string) {
  const host = new URL(portal.url).host;
  return fetch(new URL(pathname, portal.url), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: `https://${host}`,
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-For': clientAddress,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

describe('behind an HTTPS proxy', () => {
  it('accepts form posts whose Origin is the https origin the proxy serves', async () => {
    const response = await viaProxy(
      '/signup',
      { email: 'proxied@example.com', password: 'correct horse battery' },
      '203.0.113.10',
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/dashboard');
  });

  it('still refuses a cross-site post, and one without an Origin', async () => {
    for (const origin of ['https://evil.example', '']) {
      const response = await fetch(new URL('/signup', portal.url), {
        method: 'POST',
        headers: {
          ...(origin ? { Origin: origin } : {}),
          'X-Forwarded-Proto': 'https',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'email=x%40example.com&password=long+enough+password',
      });
      expect(response.status, origin || 'no Origin').toBe(403);
    }
  });

  it("five wrong passwords from one address do not lock the account's owner out from another", async () => {
    await viaProxy('/signup', { email: 'victim@example.com', password: 'correct horse battery' }, '203.0.113.20');
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await viaProxy('/signin', { email: 'victim@example.com', password: `guess ${attempt} wrong` }, '198.51.100.66');
    }
    const attacker = await viaProxy(
      '/signin',
      { email: 'victim@example.com', password: 'correct horse battery' },
      '198.51.100.66',
    );
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get('retry-after'))).toBeGreaterThan(0);
    const owner = await viaProxy(
      '/signin',
      { email: 'victim@example.com', password: 'correct horse battery' },
      '203.0.113.21',
    );
    expect(owner.status).toBe(303);
  });

  it(`allows ${SIGN_UPS_PER_HOUR} sign-ups per address per hour, then 429`, async () => {
    const statuses = [];
    for (let n = 0; n <= SIGN_UPS_PER_HOUR; n += 1) {
      statuses.push(
        (
          await viaProxy(
            '/signup',
            { email: `many${n}@example.com`, password: 'correct horse battery' },
            '198.51.100.77',
          )
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(SIGN_UPS_PER_HOUR).fill(303), 429]);
    expect(
      (await viaProxy('/signup', { email: 'other@example.com', password: 'correct horse battery' }, '198.51.100.78'))
        .status,
    ).toBe(303);
  });
});

describe('attempts sent all at once', () => {
  const statusCounts = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});

  it('answers at most 5 of 30 wrong passwords for one account with 401, the rest 429', async () => {
    await viaProxy('/signup', { email: 'burst@example.com', password: 'correct horse battery' }, '203.0.113.30');
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        viaProxy('/signin', { email: 'burst@example.com', password: `wrong guess ${i}` }, '198.51.100.30'),
      ),
    );
    expect(statusCounts(responses.map((response) => response.status))).toEqual({ 401: 5, 429: 25 });
  });

  it('refuses the right password inside a burst of wrong ones once the limit is used', async () => {
    await viaProxy('/signup', { email: 'inside@example.com', password: 'correct horse battery' }, '203.0.113.31');
    const wrong = Array.from({ length: 15 }, (_, i) =>
      viaProxy('/signin', { email: 'inside@example.com', password: `wrong guess ${i}` }, '198.51.100.31'),
    );
    const right = viaProxy(
      '/signin',
      { email: 'inside@example.com', password: 'correct horse battery' },
      '198.51.100.31',
    );
    await Promise.all(wrong);
    expect((await right).status).toBe(429);
  });

  it(`creates at most ${SIGN_UPS_PER_HOUR} of 12 accounts asked for at once from one address`, async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        viaProxy('/signup', { email: `at-once${i}@example.com`, password: 'correct horse battery' }, '198.51.100.32'),
      ),
    );
    expect(statusCounts(responses.map((response) => response.status))).toEqual({
      303: SIGN_UPS_PER_HOUR,
      429: 12 - SIGN_UPS_PER_HOUR,
    });
  });
});

describe('no account enumeration at sign-up', () => {
  it('answers an email that has an account as it answers a new one, and counts it against the limit', async () => {
    await viaProxy('/signup', { email: 'existing@example.com', password: 'correct horse battery' }, '203.0.113.40');
    const address = '198.51.100.40';
    const fresh = await viaProxy(
      '/signup',
      { email: 'brand-new@example.com', password: 'another long secret' },
      address,
    );
    const taken = await viaProxy(
      '/signup',
      { email: 'existing@example.com', password: 'another long secret' },
      address,
    );
    for (const response of [fresh, taken]) {
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/dashboard');
      expect(response.headers.getSetCookie().some((line) => line.startsWith('ira_session='))).toBe(true);
    }
    const third = await viaProxy(
      '/signup',
      { email: 'third-new@example.com', password: 'another long secret' },
      address,
    );
    expect(third.status).toBe(303);
    expect(
      (await viaProxy('/signup', { email: 'fourth-new@example.com', password: 'another long secret' }, address)).status,
    ).toBe(429);
  });
});

describe('bounded input', () => {
  it('refuses a 200 MB body before reading it (413)', async () => {
    const { hostname, port } = new URL(portal.url);
    const head = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), hostname, () =>
        socket.write(
          `POST /signin HTTP/1.1\r\nHost: ${hostname}\r\n` +
            `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\nemail=a`,
        ),
      );
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', () => resolve(received));
    });
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('refuses emails longer than 254 characters on both forms', async () => {
    const email = `${'a'.repeat(63 * 1024)}@example.com`;
    for (const form of ['/signin', '/signup']) {
      const response = await viaProxy(form, { email, password: 'correct horse battery' }, '198.51.100.50');
      expect(response.status, form).toBe(400);
      expect(await response.text(), form).toContain('Enter a valid email address');
    }
  });
});

/** The status line of a raw HTTP/1.1 exchange (undici's fetch does not show the reason phrase). */
function statusLine(request: string): Promise<string> {
  const { hostname, port } = new URL(portal.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('\r\n')) {
        resolve(received.slice(0, received.indexOf('\r\n')));
        socket.destroy();
      }
    });
    socket.on('error', reject);
  });
}

function formPost(
  pathname: string,
  fields: Record<string, string>,
  address: string,
  { cookie = '', type = 'application/x-www-form-urlencoded', origin = '' } = {},
): string {
  const { host } = new URL(portal.url);
  const body = new URLSearchParams(fields).toString();
  return [
    `POST ${pathname} HTTP/1.1`,
    `Host: ${host}`,
    `Origin: ${origin || `https://${host}`}`,
    'X-Forwarded-Proto: https',
    `X-Forwarded-For: ${address}`,
    ...(cookie ? [`Cookie: ${cookie}`] : []),
    ...(type ? [`Content-Type: ${type}`] : []),
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

describe('the HTTP edges', () => {
  it.each(['PUT', 'PATCH', 'DELETE', 'OPTIONS'])('answers %s with 405 and Allow, on every page', async (method) => {
    for (const page of ['/', '/signin', '/dashboard', '/docs']) {
      const response = await fetch(new URL(page, portal.url), { method, redirect: 'manual' });
      expect(response.status, `${method} ${page}`).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers TRACE with 405, never a 500 with a stack in the log', async () => {
    const { host } = new URL(portal.url);
    for (const page of ['/', '/signin'])
      expect(await statusLine(`TRACE ${page} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).toBe(
        'HTTP/1.1 405 Method Not Allowed',
      );
    expect(portal.output()).not.toMatch(/TRACE|TypeError/);
  });

  it('sends every answer with an X-Request-Id and names it in its access line', async () => {
    for (const page of ['/', '/signin', '/healthz']) {
      const response = await fetch(new URL(page, portal.url));
      const id = response.headers.get('x-request-id');
      expect(id, page).toMatch(/^[\w-]{36}$/);
      await expect.poll(() => portal.output().includes(`"reqId":"${id}"`), { timeout: 5_000 }).toBe(true);
    }
  });

  it('writes the standard reason phrase in the status line', async () => {
    await viaProxy('/signup', { email: 'phrases@example.com', password: 'correct horse battery' }, '203.0.113.60');
    const wrong = { email: 'phrases@example.com', password: 'wrong password here' };
    expect(await statusLine(formPost('/signin', wrong, '198.51.100.60'))).toBe('HTTP/1.1 401 Unauthorized');
    for (let i = 0; i < 5; i += 1) await viaProxy('/signin', wrong, '198.51.100.61');
    expect(await statusLine(formPost('/signin', wrong, '198.51.100.61'))).toBe('HTTP/1.1 429 Too Many Requests');
    expect(await statusLine(formPost('/signup', { email: 'x', password: 'short' }, '198.51.100.62'))).toBe(
      'HTTP/1.1 400 Bad Request',
    );
    expect(
      await statusLine(
        formPost('/signin', { email: 'phrases@example.com', password: 'correct horse battery' }, '198.51.100.63'),
      ),
    ).toBe('HTTP/1.1 303 See Other');
  });

  it('writes it on every other answer that is not a 200: pages, dashboard actions, refused posts', async () => {
    const signUp = await viaProxy(
      '/signup',
      { email: 'lines@example.com', password: 'correct horse battery' },
      '203.0.113.70',
    );
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const { host } = new URL(portal.url);
    const at = (path: string) => `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
    const cases: [string, string][] = [
      [at('/no-such-page'), '404 Not Found'],
      [at('/docs?q=%ZZ'), '400 Bad Request'],
      [
        formPost('/dashboard', { intent: 'revoke', key_id: 'no-such-key' }, '203.0.113.71', { cookie }),
        '404 Not Found',
      ],
      [formPost('/dashboard', { intent: 'revoke', key_id: '' }, '203.0.113.71', { cookie }), '400 Bad Request'],
      [formPost('/dashboard', { intent: 'other' }, '203.0.113.71', { cookie }), '400 Bad Request'],
      [formPost('/dashboard', { intent: 'try', op: 'getVerse' }, '203.0.113.71', { cookie }), '400 Bad Request'],
      [formPost('/signup', {}, '203.0.113.72', { origin: 'https://evil.example' }), '403 Forbidden'],
      // A body that is not a form was a 500 (the page's formData() threw).
      [formPost('/signup', { a: 'b' }, '203.0.113.73', { type: 'text/plain' }), '415 Unsupported Media Type'],
      [formPost('/signin', {}, '203.0.113.73', { type: '' }), '415 Unsupported Media Type'],
      [
        formPost('/dashboard', { a: 'b' }, '203.0.113.73', { cookie, type: 'application/json' }),
        '415 Unsupported Media Type',
      ],
    ];
    for (const [request, expected] of cases) {
      expect(await statusLine(request), request.split('\r\n')[0]).toBe(`HTTP/1.1 ${expected}`);
    }
    expect(portal.output()).not.toMatch(/TypeError/);
  });

  it('says which bodies it takes when a post is not a form', async () => {
    const response = await fetch(new URL('/signup', portal.url), {
      method: 'POST',
      headers: { Origin: new URL(portal.url).origin, 'Content-Type': 'application/json' },
      body: '{"email":"json@example.com"}',
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('accept-post')).toBe('application/x-www-form-urlencoded, multipart/form-data');
    expect(await response.text()).toContain('application/x-www-form-urlencoded');
  });
});

describe('session files', () => {
  it('are readable by the portal user only and not named by the session id', async () => {
    const client = createClient(portal.url);
    await client.post('/signup', { email: 'files@example.com', password: 'correct horse battery' });
    const sessionId = client.cookies.get('ira_session')!;
    const dir = path.join(stack.config.dataDir, 'sessions');
    const names = await readdir(dir, { recursive: true });
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((name) => name.includes(sessionId))).toBe(false);
    expect((await stat(dir)).mode & 0o077).toBe(0);
    for (const name of names) expect((await stat(path.join(dir, name))).mode & 0o077, name).toBe(0);
  });
});
