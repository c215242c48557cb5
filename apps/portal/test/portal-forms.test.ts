// Accounts, sessions and key ownership through the built portal's real forms
// (fetch with a cookie jar): what a user can and cannot do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, startPortal, type Portal } from './portal-process.ts';
import { startStack, type Stack } from './stack.ts';

let stack: Stack;
let portal: Portal;

beforeAll(async () => {
  stack = await startStack();
  portal = await startPortal(stack);
}, 120_000);

afterAll(async () => {
  await portal?.stop();
  await stack?.close();
});

async function signedUp(email: string) {
  const client = createClient(portal.url);
  const response = await client.post('/signup', { email, password: 'correct horse battery' });
  expect(response.status).toBe(303);
  expect(response.location).toBe('/dashboard');
  return client;
}

function keyIdsIn(html: string): string[] {
  return [...html.matchAll(/name="key_id" value="([^"]+)"/g)].map((match) => match[1]!);
}

describe('sign-up and sign-in', () => {
  it('refuses short passwords and malformed emails with a clear message', async () => {
    const client = createClient(portal.url);
    const short = await client.post('/signup', { email: 'short@example.com', password: 'too-short' });
    expect(short.status).toBe(400);
    expect(short.html).toContain('at least 10 characters');
    expect((await client.post('/signup', { email: 'not-an-email', password: 'long enough password' })).html).toContain(
      'valid email',
    );
  });

  it('refuses passwords of spaces only and common passwords, however long', async () => {
    const client = createClient(portal.url);
    const spaces = await client.post('/signup', { email: 'spaces@example.com', password: ' '.repeat(12) });
    expect(spaces.status).toBe(400);
    expect(spaces.html).toContain('not only spaces');
    const common = await client.post('/signup', { email: 'common@example.com', password: '1234567890' });
    expect(common.status).toBe(400);
    expect(common.html).toContain('most commonly used');
  });

  it('sends a sign-up for an email that has an account on to sign in, with a notice and no account', async () => {
    await signedUp('again@example.com');
    const client = createClient(portal.url);
    const response = await client.post('/signup', { email: 'again@example.com', password: 'another long secret' });
    expect(response.status).toBe(303);
    expect(response.location).toBe('/dashboard');
    const dashboard = await client.get('/dashboard');
    expect(dashboard.location).toBe('/signin');
    const signIn = await client.get('/signin');
    expect(signIn.html).toContain('If you already have an account with that email, sign in with its password.');
    expect((await client.get('/signin')).html).not.toContain('If you already have an account');
    expect((await client.post('/signin', { email: 'again@example.com', password: 'another long secret' })).status).toBe(
      401,
    );
  });

  it('gives the same message for a wrong password and an unknown email (no enumeration)', async () => {
    await signedUp('known@example.com');
    const client = createClient(portal.url);
    const wrongPassword = await client.post('/signin', { email: 'known@example.com', password: 'wrong password here' });
    const unknownEmail = await client.post('/signin', { email: 'nobody@example.com', password: 'wrong password here' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.html).toContain('The email or password is incorrect.');
    expect(unknownEmail.html).toContain('The email or password is incorrect.');
  });

  it('throttles repeated failures for one email, even with the right password afterwards', async () => {
    await signedUp('target@example.com');
    const client = createClient(portal.url);
    for (let attempt = 0; attempt < 5; attempt += 1)
      await client.post('/signin', { email: 'target@example.com', password: 'guess number ' + attempt });
    const blocked = await client.post('/signin', { email: 'target@example.com', password: 'correct horse battery' });
    expect(blocked.status).toBe(429);
    expect(blocked.html).toContain('Too many failed attempts');
  });

  it('signs out, then issues a NEW HttpOnly SameSite=Lax session at sign-in (no fixation)', async () => {
    const client = await signedUp('session@example.com');
    const first = client.cookies.get('ira_session');
    expect(first).toBeDefined();
    expect((await client.get('/dashboard')).status).toBe(200);
    expect((await client.post('/signout', {})).status).toBe(303);
    const after = await client.get('/dashboard');
    expect(after.status).toBe(303);
    expect(after.location).toBe('/signin');

    // Sign in again carrying the old session id: the portal must not reuse it.
    const signIn = await fetch(new URL('/signin', portal.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: new URL(portal.url).origin, Cookie: `ira_session=${first}` },
      body: new URLSearchParams({ email: 'session@example.com', password: 'correct horse battery' }),
    });
    expect(signIn.status).toBe(303);
    const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith('ira_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie.split(';')[0]).not.toBe(`ira_session=${first}`);
  });

  it('rejects cross-site form posts (Astro origin check)', async () => {
    const client = createClient(portal.url);
    const forged = await client.post(
      '/signup',
      { email: 'csrf@example.com', password: 'long enough password' },
      'https://evil.example',
    );
    expect(forged.status).toBe(403);
  });
});

describe('keys on the dashboard', () => {
  it('sends signed-out visitors to sign in', async () => {
    const response = await createClient(portal.url).get('/dashboard');
    expect(response.status).toBe(303);
    expect(response.location).toBe('/signin');
  });

  it("a user can never revoke another user's key", async () => {
    const alice = await signedUp('alice@example.com');
    const created = await alice.post('/dashboard', { intent: 'create', name: 'alice app' });
    const key = /data-testid="new-api-key">([^<]+)</.exec(created.html)![1]!;
    const [aliceKeyId] = keyIdsIn(created.html);
    expect(aliceKeyId).toBeDefined();

    const mallory = await signedUp('mallory@example.com');
    expect(keyIdsIn((await mallory.get('/dashboard')).html)).toEqual([]);
    const attempt = await mallory.post('/dashboard', { intent: 'revoke', key_id: aliceKeyId! });
    expect(attempt.status).toBe(404);
    expect(attempt.html).toContain('No such key on your account.');

    expect(keyIdsIn((await alice.get('/dashboard')).html)).toEqual([aliceKeyId]);
    const api = await fetch(`${stack.config.publicUrl}/api/v1/asma-ul-husna/1`, { headers: { 'X-API-Key': key } });
    expect(api.status).toBe(200);
  });

  it('shows each key with its limits (defaults from config when not set)', async () => {
    const client = await signedUp('limits@example.com');
    const page = (await client.post('/dashboard', { intent: 'create', name: 'limits' })).html;
    const { rateLimitGeneral, rateLimitCalculation } = stack.config;
    expect(page).toContain(
      `<strong data-testid="limit-general">${rateLimitGeneral}</strong> requests per 60 s (deployment default)`,
    );
    expect(page).toContain(
      `<strong data-testid="limit-calculation">${rateLimitCalculation}</strong> requests per 60 s (deployment default)`,
    );
    // Today's use, and no made-up daily ceiling (1440 windows a day) that every key is always ~0% of.
    expect(page).toContain('today 0 requests; no daily cap, only the 60 s window');
    expect(page).not.toContain('at most');
    expect((await client.post('/dashboard', { intent: 'create', name: '   ' })).html).toContain(
      'A key name must have 1 to 100 characters.',
    );
  });
});

describe('try-it without JavaScript (plain form posts)', () => {
  it('keeps the key when another endpoint is chosen, and masks it in the answer', async () => {
    const client = await signedUp('no-js-try@example.com');
    const created = await client.post('/dashboard', { intent: 'create', name: 'console' });
    const key = /data-testid="new-api-key">([^<]+)</.exec(created.html)![1]!;

    const chosen = await client.post('/dashboard', { intent: 'choose', op: 'getPrayerTimes', api_key: key });
    expect(chosen.status).toBe(200);
    expect(chosen.html).toContain(
      `name="api_key" type="password" autocomplete="off" spellcheck="false" value="${key}"`,
    );
    expect(chosen.html).toContain('/api/v1/prayer-time');

    const sent = await client.post('/dashboard', {
      intent: 'try',
      op: 'getPrayerTimes',
      api_key: key,
      'param.lat': '21.4225',
      'param.lon': '39.8262',
    });
    const body = /data-testid="try-body"[^>]*><code id="try-body">([^]*?)<\/code>/.exec(sent.html)![1]!;
    expect(body).toContain('&quot;api_key&quot;: &quot;' + key.slice(0, 13) + '…&quot;');
    // The key is in the form field (to send again) and nowhere in the answer.
    expect(sent.html.split(key).length - 1).toBe(1);
  });

  it("shows the key's first request on the page that answers it: last used, and today's count", async () => {
    const client = await signedUp('first-use@example.com');
    const created = await client.post('/dashboard', { intent: 'create', name: 'first use' });
    expect(created.html).toContain('<dt>Last used</dt><dd>never</dd>');
    const key = /data-testid="new-api-key">([^<]+)</.exec(created.html)![1]!;
    const sent = await client.post('/dashboard', {
      intent: 'try',
      op: 'getQibla',
      api_key: key,
      'param.lat': '21.4225',
      'param.lon': '39.8262',
    });
    expect(sent.html).toMatch(/data-testid="try-status">200 OK/);
    expect(sent.html).toMatch(/<dt>Last used<\/dt><dd>\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC<\/dd>/);
    expect(sent.html).toContain('today 1 request;');
  });
});
