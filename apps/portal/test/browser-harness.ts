// What every browser suite shares: the real API and the built portal on free
// ports, Debian's Chromium (/usr/bin/chromium, driven by playwright-core, never
// a browser a test tool downloads), pages at the two widths, and a signed-up
// account with a fresh key.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startPortal, type Portal } from './portal-process.ts';
import { startStack, type Stack } from './stack.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SCREENSHOT_DIR = path.join(tmpdir(), 'ira-portal-screenshots');
export const WIDTHS = [1280, 390] as const;
export type Width = (typeof WIDTHS)[number];
export const HEIGHT = { 1280: 900, 390: 844 } as const;

// Without Chromium a suite is skipped with one line, except under CI=true, where
// .ci/run installs it and it must run.
export const RUN_IN_BROWSER = existsSync(CHROMIUM) || process.env.CI === 'true';
if (!RUN_IN_BROWSER)
  console.warn(
    `skipping the browser tests: no Chromium at ${CHROMIUM} (apt-get install chromium; they always run when CI=true)`,
  );

export interface BrowserHarness {
  stack: Stack;
  portal: Portal;
  browser: Browser;
  open(width: Width, options?: { javaScript?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  /** Signs a new account up on `page` (which lands on the dashboard). */
  signUp(page: Page): Promise<void>;
  /** Signs a new account up on `page`, creates a key named `keyName` and returns it. */
  signUpWithKey(page: Page, keyName?: string): Promise<string>;
  /** Calls the API directly with `key`; answers the status. */
  callApi(key: string, pathAndQuery?: string): Promise<number>;
  close(): Promise<void>;
}

export async function startBrowserHarness(stackEnv: Record<string, string> = {}): Promise<BrowserHarness> {
  // localhost, not 127.0.0.1: the session cookie is Secure and browsers allow that over http only on localhost.
  const stack = await startStack(stackEnv);
  stack.env.PORTAL_URL = `http://localhost:${stack.env.PORTAL_PORT}`;
  stack.config.portalUrl = stack.env.PORTAL_URL;
  const portal = await startPortal(stack);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  let users = 0; // each sign-up gets its own email
  const prefix = `browser-${process.pid}-${Date.now()}`;

  const harness: BrowserHarness = {
    stack,
    portal,
    browser,
    async open(width, options = {}) {
      const context = await browser.newContext({
        viewport: { width, height: HEIGHT[width] },
        javaScriptEnabled: options.javaScript ?? true,
        acceptDownloads: true,
      });
      return { context, page: await context.newPage() };
    },
    async signUp(page) {
      users += 1;
      await page.goto(`${portal.url}/signup`);
      await page.fill('input[name="email"]', `${prefix}-${users}@example.com`);
      await page.fill('input[name="password"]', 'a long enough passphrase');
      await Promise.all([
        page.waitForURL(`${portal.url}/dashboard`),
        page.click('button[type="submit"]:has-text("Create account")'),
      ]);
    },
    async signUpWithKey(page, keyName = 'browser key') {
      await harness.signUp(page);
      await page.fill('input[name="name"]', keyName);
      await Promise.all([page.waitForLoadState('load'), page.click('button:has-text("Create key")')]);
      return (await page.textContent('[data-testid="new-api-key"]'))!.trim();
    },
    async callApi(key, pathAndQuery = '/api/v1/asma-ul-husna/1') {
      const response = await fetch(`${stack.config.publicUrl}${pathAndQuery}`, { headers: { 'X-API-Key': key } });
      await response.arrayBuffer();
      return response.status;
    },
    async close() {
      await browser.close();
      await portal.stop();
      await stack.close();
    },
  };
  return harness;
}
