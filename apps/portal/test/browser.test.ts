// The portal in real headless Chromium (Debian's /usr/bin/chromium driven by
// playwright-core) at 1280 and 390 px: the key life cycle, the try-it console
// (key kept, masked, copied, with and without JavaScript), limits and the usage
// chart, the reference (examples, filter, collection), self-hosted fonts, and on
// every page: no sideways scrolling, no serious/critical axe-core violations.
// Screenshots of every page at both widths land in SCREENSHOT_DIR for a human.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { GUIDES } from '../src/lib/guides.ts';
import { filterOperations, operationsOf } from '../src/lib/operations.ts';
import { axeViolations, recordOrigins, screenshotPath, sidewaysOverflow, splitWords } from './browser-checks.ts';
import {
  HEIGHT,
  RUN_IN_BROWSER,
  SCREENSHOT_DIR,
  startBrowserHarness,
  WIDTHS,
  type BrowserHarness,
} from './browser-harness.ts';

const REVOCATION_DEADLINE_MS = 10_000; // the API caches key verification for about 5 s: twice that
const PORTAL_KEY_LIMITS = { general: 120, calculation: 60 };
const PUBLIC_PAGES = ['/', '/docs', '/signin', '/signup', ...GUIDES.map((guide) => `/docs/guides/${guide.slug}`)];
const operations = operationsOf(openapiDocument);

let harness: BrowserHarness;

describe.runIf(RUN_IN_BROWSER)('the portal in headless Chromium', () => {
  beforeAll(async () => {
    harness = await startBrowserHarness({
      RATE_LIMIT_GENERAL: '1000',
      PORTAL_KEY_LIMITS: `general=${PORTAL_KEY_LIMITS.general},calculation=${PORTAL_KEY_LIMITS.calculation}`,
    });
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  const visibleOperations = (page: Page) => page.locator('section.operation:visible').count();
  describe('keys', () => {
    it("sign up → create key (operator's portal limits) → API 200 → revoke → API 401 within seconds", async () => {
      const { context, page } = await harness.open(1280);
      const key = await harness.signUpWithKey(page);
      expect(key).toMatch(/^ira_live_[0-9A-Za-z]{49}$/);
      expect(await page.locator('[data-testid="key-row"]').count()).toBe(1);
      expect(await page.textContent('[data-testid="limit-general"]')).toBe(String(PORTAL_KEY_LIMITS.general));
      expect(await page.textContent('[data-testid="limit-calculation"]')).toBe(String(PORTAL_KEY_LIMITS.calculation));
      expect(await page.textContent('[data-testid="limits-help"]')).toContain('Need more?');
      expect(await harness.callApi(key)).toBe(200);

      await Promise.all([page.waitForLoadState('load'), page.click('[data-testid="revoke-key"]')]);
      expect(await page.locator('[data-testid="key-row"]').count()).toBe(0);
      const deadline = Date.now() + REVOCATION_DEADLINE_MS;
      let status = await harness.callApi(key);
      while (status !== 401 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = await harness.callApi(key);
      }
      expect(status).toBe(401);
      await context.close();
    });

    it("the dashboard charts each key's requests per day and category, today's use against its limits", async () => {
      const { context, page } = await harness.open(1280);
      const key = await harness.signUpWithKey(page, 'charted');
      for (let index = 0; index < 3; index += 1) expect(await harness.callApi(key)).toBe(200);
      for (let index = 0; index < 2; index += 1)
        expect(await harness.callApi(key, '/api/v1/qibla?lat=51.5&lon=-0.12')).toBe(200);
      await harness.stack.flushUsage();
      await page.goto(`${harness.portal.url}/dashboard`);
      const today = new Date().toISOString().slice(0, 10);
      expect(
        await page.getAttribute(
          `[data-testid="usage-chart"] rect[data-day="${today}"][data-category="general"]`,
          'data-count',
        ),
      ).toBe('3');
      expect(
        await page.getAttribute(
          `[data-testid="usage-chart"] rect[data-day="${today}"][data-category="calculation"]`,
          'data-count',
        ),
      ).toBe('2');
      // Today's use, said as what it is: the limit that answers 429 is the window's, there is no daily one.
      expect(await page.textContent('[data-testid="today-general"]')).toBe(
        'today 3 requests; no daily cap, only the 60 s window',
      );
      expect(await page.textContent('[data-testid="today-calculation"]')).toBe(
        'today 2 requests; no daily cap, only the 60 s window',
      );
      expect(await page.textContent('[data-testid="usage-chart"] desc')).toContain(
        '5 requests in 30 days (3 general, 2 calculation)',
      );
      await context.close();
    });
  });

  describe('try-it console', () => {
    it('keeps the key over endpoint changes and reloads, masks it in answers, copies key, curl, response', async () => {
      const { context, page } = await harness.open(1280);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.portal.url });
      const key = await harness.signUpWithKey(page, 'console');
      expect(await page.inputValue('#try-key')).toBe(key);

      // Choosing an endpoint keeps the key: browser-try-it.test.ts; here a fresh visit does too.
      await page.goto(`${harness.portal.url}/dashboard`);
      expect(await page.inputValue('#try-key')).toBe(key);
      await page.selectOption('select[name="op"]', 'getPrayerTimes');
      await page.waitForSelector('#param-lat');
      await Promise.all([page.waitForLoadState('load'), page.click('#try button:visible:has-text("Send request")')]);
      expect(await page.textContent('[data-testid="try-status"]')).toContain('200');
      const body = (await page.textContent('[data-testid="try-body"]'))!;
      expect(body).toContain(`"api_key": "${key.slice(0, 13)}…"`);
      expect(await page.locator('#try').evaluate((element) => element.textContent)).not.toContain(key);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'try-it-1280.png'), fullPage: true });

      const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
      await page.click('button[aria-label="Copy the response body"]');
      expect(await clipboard()).toBe(body);
      await page.click('button[aria-label="Copy the API key"]');
      expect(await clipboard()).toBe(key);
      await page.click('button[aria-label^="Copy the request as curl"]');
      expect(await clipboard()).toMatch(
        new RegExp(`^curl -H "X-API-Key: ${key}" "${harness.stack.config.publicUrl}/api/v1/prayer-time\\?lat=`),
      );
      await context.close();
    });

    it('works without JavaScript: choosing an endpoint keeps the key, Enter sends, the answer shows', async () => {
      const { context, page } = await harness.open(390, { javaScript: false });
      const key = await harness.signUpWithKey(page, 'no script');
      expect(await page.isVisible('button.copy')).toBe(false);
      await page.selectOption('select[name="op"]', 'getQibla');
      await Promise.all([page.waitForLoadState('load'), page.click('button:has-text("Choose endpoint")')]);
      expect(await page.inputValue('#try-key')).toBe(key);
      // Enter in a field sends the request (the form's first button is a hidden "Send request").
      await Promise.all([page.waitForLoadState('load'), page.press('#param-lat', 'Enter')]);
      expect(await page.textContent('[data-testid="try-status"]')).toContain('200');
      expect(await page.textContent('[data-testid="try-body"]')).toContain('qibla-direction');
      await context.close();
    });
  });

  describe('reference', () => {
    it.each(WIDTHS)(
      'at %i px every operation shows code in four languages and a recorded 2xx/3xx example response',
      async (width) => {
        const { context, page } = await harness.open(width);
        await page.goto(`${harness.portal.url}/docs`);
        expect(await page.locator('section.operation').count()).toBe(operations.length);
        for (const operation of operations) {
          const section = page.locator(`section#${operation.id}`);
          expect(await section.locator('.code-tabs > details > summary').allTextContents()).toEqual([
            'curl',
            'JavaScript',
            'Python',
            'TypeScript',
          ]);
          const status = Number(await section.locator('[data-testid="example-status"]').textContent());
          expect(status >= 200 && status < 400, `${operation.id} example answered ${status}`).toBe(true);
        }
        // Each example within one screen of its heading: browser-reading.test.ts, for every operation.
        await page.evaluate(() => document.getElementById('getPrayerTimes')!.scrollIntoView());
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `docs-prayer-time-${width}.png`) });
        await context.close();
      },
    );

    it('the filter box narrows the endpoints as you type, and by query without JavaScript', async () => {
      const { context, page } = await harness.open(1280);
      await page.goto(`${harness.portal.url}/docs`);
      await page.fill('#filter', 'qibla');
      expect(await visibleOperations(page)).toBe(filterOperations(operations, 'qibla').length);
      expect(await page.textContent('[data-filter-count]')).toBe(
        `${filterOperations(operations, 'qibla').length} of ${operations.length} endpoints`,
      );
      await context.close();

      const plain = await harness.open(390, { javaScript: false });
      await plain.page.goto(`${harness.portal.url}/docs?q=verse`);
      expect(await visibleOperations(plain.page)).toBe(filterOperations(operations, 'verse').length);
      expect(filterOperations(operations, 'verse').length).toBeGreaterThan(1);
      await plain.context.close();
    });

    it('offers a Postman collection with every operation, for this deployment', async () => {
      const { context, page } = await harness.open(1280);
      await page.goto(`${harness.portal.url}/docs`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('[data-testid="collection-link"]'),
      ]);
      const collection = JSON.parse(await readFile((await download.path())!, 'utf8'));
      expect(collection.variable).toContainEqual(
        expect.objectContaining({ key: 'baseUrl', value: harness.stack.config.publicUrl, type: 'string' }),
      );
      const described = collection.item.flatMap((folder: { item: { request: { description: string } }[] }) =>
        folder.item.map((item) => item.request.description),
      );
      for (const operation of operations)
        expect(
          described.some((text: string) => text.endsWith(`operationId: ${operation.id}`)),
          operation.id,
        ).toBe(true);
      await context.close();
    });
  });

  describe('fonts', () => {
    it.each(WIDTHS)(
      'at %i px Arabic and Bengali render with the self-hosted fonts; nothing is fetched from another origin',
      async (width) => {
        const { context, page } = await harness.open(width);
        const origins = recordOrigins(page);
        await page.goto(`${harness.portal.url}/`);
        await page.evaluate(() => document.fonts.ready);
        const loaded = await page.evaluate(() =>
          [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replaceAll('"', '')),
        );
        expect(loaded).toEqual(expect.arrayContaining(['Noto Naskh Arabic', 'Noto Sans Bengali']));
        expect([...origins]).toEqual([new URL(harness.portal.url).origin]);
        await context.close();
      },
    );
  });

  describe.each(WIDTHS)('every page at %i px', (width) => {
    it('fits the screen, breaks no word in a cell, no serious or critical axe issues, keeps its origin', async () => {
      const { context, page } = await harness.open(width);
      const origins = recordOrigins(page);
      const check = async (pathname: string) => {
        const overflow = await sidewaysOverflow(page);
        expect(
          overflow.overflow,
          `${pathname} at ${width} px is wider than the screen: ${overflow.widest.join(', ')}`,
        ).toBeLessThanOrEqual(0);
        expect(await splitWords(page), `${pathname} at ${width} px: words broken inside a table cell`).toEqual([]);
        expect(await axeViolations(page), `${pathname} at ${width} px`).toEqual([]);
        await page.screenshot({
          path: screenshotPath(SCREENSHOT_DIR, pathname, width),
          fullPage: pathname !== '/docs',
        });
      };
      for (const pathname of PUBLIC_PAGES) {
        await page.goto(`${harness.portal.url}${pathname}`);
        await check(pathname);
        if (width === 390) {
          // Navigation collapses: the menus are closed and the page's heading is on the first screen.
          expect(await page.isVisible('.site-menu > summary')).toBe(true);
          expect(await page.isVisible('.site-menu .site-nav a[href="/docs"]')).toBe(false);
          expect((await page.locator('main h1').first().boundingBox())!.y).toBeLessThan(HEIGHT[390] / 2);
          if (pathname === '/docs') {
            await page.click('.docs-menu > summary');
            await page.click('.site-menu > summary');
            expect(await page.isVisible('.site-menu .site-nav a[href="/docs"]')).toBe(true);
            await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'menus-open-390.png') });
          }
        }
      }
      const key = await harness.signUpWithKey(page, `page checks ${width}`);
      await harness.callApi(key);
      await harness.callApi(key, '/api/v1/qibla?lat=51.5&lon=-0.12');
      await harness.stack.flushUsage();
      await page.goto(`${harness.portal.url}/dashboard`);
      await page.selectOption('select[name="op"]', 'getVerse');
      await page.waitForSelector('#param-id');
      await Promise.all([page.waitForLoadState('load'), page.click('#try button:visible:has-text("Send request")')]);
      await check('/dashboard');
      expect([...origins]).toEqual([new URL(harness.portal.url).origin]);
      await context.close();
      // axe over every page and guide: about 50-60 s at 1280 px on a quiet machine.
    }, 150_000);
  });
});
