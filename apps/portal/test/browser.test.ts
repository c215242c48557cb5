// The whole key life cycle in real headless Chromium (Debian's /usr/bin/chromium
// driven by playwright-core): sign up, create a key, call the API with it,
// revoke it, and see the API refuse it within seconds. Also saves screenshots
// of the main pages for a human to look at.
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal-process.ts';
import { startStack, type Stack } from './stack.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// The API caches key verification for about 5 s (DESIGN §3); allow twice that.
const REVOCATION_DEADLINE_MS = 10_000;
const SCREENSHOT_DIR = path.join(tmpdir(), 'ira-portal-screenshots');

let stack: Stack;
let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  // localhost, not 127.0.0.1: the session cookie is Secure and browsers allow that over http only on localhost.
  stack = await startStack({ RATE_LIMIT_GENERAL: '1000' });
  stack.env.PORTAL_URL = `http://localhost:${stack.env.PORTAL_PORT}`;
  stack.config.portalUrl = stack.env.PORTAL_URL;
  portal = await startPortal(stack);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  await mkdir(SCREENSHOT_DIR, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await stack?.close();
});

async function callApi(key: string): Promise<number> {
  const response = await fetch(`${stack.config.publicUrl}/api/v1/asma-ul-husna/1`, { headers: { 'X-API-Key': key } });
  await response.arrayBuffer();
  return response.status;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: name !== 'docs' });
}

describe('portal in Chromium', () => {
  it('sign up → create key → API 200 → revoke → API 401 within seconds', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.url}/`);
    await shoot(page, 'landing');

    await page.goto(`${portal.url}/signup`);
    await page.fill('input[name="email"]', 'browser-user@example.com');
    await page.fill('input[name="password"]', 'a long enough passphrase');
    await Promise.all([page.waitForURL(`${portal.url}/dashboard`), page.click('button[type="submit"]:has-text("Create account")')]);

    await page.fill('input[name="name"]', 'browser test key');
    await Promise.all([page.waitForLoadState('load'), page.click('button:has-text("Create key")')]);
    const key = (await page.textContent('[data-testid="new-api-key"]'))!.trim();
    expect(key).toMatch(/^ira_live_[0-9A-Za-z]{49}$/);
    expect(await page.locator('[data-testid="key-row"]').count()).toBe(1);
    await shoot(page, 'dashboard');
    expect(await callApi(key)).toBe(200);

    await Promise.all([page.waitForLoadState('load'), page.click('[data-testid="revoke-key"]')]);
    expect(await page.locator('[data-testid="key-row"]').count()).toBe(0);
    const deadline = Date.now() + REVOCATION_DEADLINE_MS;
    let status = await callApi(key);
    while (status !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = await callApi(key);
    }
    expect(status).toBe(401);
    await page.close();
  });

  it('try-it console: the portal server calls the API and shows the answer', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.url}/signup`);
    await page.fill('input[name="email"]', 'console-user@example.com');
    await page.fill('input[name="password"]', 'another long passphrase');
    await Promise.all([page.waitForURL(`${portal.url}/dashboard`), page.click('button[type="submit"]')]);
    await page.fill('input[name="name"]', 'console');
    await Promise.all([page.waitForLoadState('load'), page.click('button:has-text("Create key")')]);
    const key = (await page.textContent('[data-testid="new-api-key"]'))!.trim();
    expect(await page.inputValue('input[name="api_key"]')).toBe(key);

    await page.selectOption('select[name="op"]', 'getQibla');
    await Promise.all([page.waitForLoadState('load'), page.click('button:has-text("Choose endpoint")')]);
    // The new key is prefilled only on the page that showed it; paste it like a user would.
    await page.fill('input[name="api_key"]', key);
    await Promise.all([page.waitForLoadState('load'), page.click('button:has-text("Send request")')]);
    expect(await page.textContent('[data-testid="try-status"]')).toContain('200');
    expect(await page.textContent('[data-testid="try-body"]')).toContain('qibla-direction');
    await shoot(page, 'try-it');
    await page.close();
  });

  it('docs render every operation of the OpenAPI document', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.url}/docs`);
    expect(await page.locator('section.operation').count()).toBeGreaterThanOrEqual(17);
    await shoot(page, 'docs');
    await page.locator('#getPrayerTimes').screenshot({ path: path.join(SCREENSHOT_DIR, 'docs-prayer-time.png') });
    await page.goto(`${portal.url}/docs/guides/rate-limits`);
    await shoot(page, 'guide');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.url}/`);
    await shoot(page, 'landing-mobile');
    await page.close();
  });
});
