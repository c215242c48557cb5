// The dashboard's try-it in headless Chromium, as a person uses it: the answer
// lands on screen after "Send request", choosing an endpoint is a plain GET
// (so a reload does not ask to send a form again), and the key kept for the
// tab never reaches the next account signed in on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRY_IT_KEY_PREFIX } from '../src/lib/try-it-storage.ts';
import { HEIGHT, RUN_IN_BROWSER, startBrowserHarness, WIDTHS, type BrowserHarness } from './browser-harness.ts';

let harness: BrowserHarness;

describe.runIf(RUN_IN_BROWSER)('the try-it console in headless Chromium', () => {
  beforeAll(async () => {
    harness = await startBrowserHarness({ RATE_LIMIT_GENERAL: '1000' });
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it.each(WIDTHS)(
    'at %i px optional parameters are folded and the response is on screen after "Send request"',
    async (width) => {
      const { context, page } = await harness.open(width);
      await harness.signUpWithKey(page, `send ${width}`);
      await page.selectOption('select[name="op"]', 'getPrayerTimes');
      await page.waitForSelector('#param-lat');
      // The 20-odd optional parameters are folded: the form is short, the fold opens on request.
      expect(await page.isVisible('#param-method')).toBe(false);
      await page.click('#try details.optional-parameters > summary');
      expect(await page.isVisible('#param-method')).toBe(true);
      await Promise.all([page.waitForLoadState('load'), page.click('#try button:visible:has-text("Send request")')]);
      const status = (await page.locator('[data-testid="try-status"]').boundingBox())!;
      expect(status.y, 'the response heading is below the top of the screen').toBeGreaterThanOrEqual(0);
      expect(status.y + status.height, 'the response heading is above the bottom of the screen').toBeLessThanOrEqual(
        HEIGHT[width],
      );
      await context.close();
    },
  );

  it('choosing an endpoint is a GET, so a reload neither asks to resend a form nor loses the key', async () => {
    const { context, page } = await harness.open(1280);
    const key = await harness.signUpWithKey(page, 'reload');
    const [navigation] = await Promise.all([
      page.waitForRequest((request) => request.isNavigationRequest()),
      page.selectOption('select[name="op"]', 'getPrayerTimes'),
    ]);
    expect(navigation.method()).toBe('GET');
    expect(new URL(navigation.url()).searchParams.get('op')).toBe('getPrayerTimes');
    expect(navigation.url()).not.toContain(key.slice(9));
    await page.waitForSelector('#param-lat');
    expect(page.url(), 'lands on the console').toBe(`${harness.portal.url}/dashboard?op=getPrayerTimes#try`);
    expect(await page.inputValue('#try-key')).toBe(key);

    const [reload] = await Promise.all([
      page.waitForRequest((request) => request.isNavigationRequest()),
      page.reload(),
    ]);
    expect(reload.method()).toBe('GET');
    await page.waitForSelector('#param-lat');
    expect(await page.inputValue('#try-key')).toBe(key);
    await context.close();
  });

  it('a key pasted with spaces around it is kept trimmed when choosing another endpoint', async () => {
    const { context, page } = await harness.open(1280);
    const key = await harness.signUpWithKey(page, 'pasted');
    await page.fill('#try-key', `  ${key} `);
    await Promise.all([
      page.waitForURL(`${harness.portal.url}/dashboard?op=getQibla#try`),
      page.selectOption('select[name="op"]', 'getQibla'),
    ]);
    expect(await page.inputValue('#try-key')).toBe(key);
    await context.close();
  });

  it('the key kept for the tab is gone after sign-out: the next account on the tab does not get it', async () => {
    const { context, page } = await harness.open(1280);
    const first = await harness.signUpWithKey(page, 'first user');
    expect(await page.inputValue('#try-key')).toBe(first);
    const kept = () =>
      page.evaluate(
        (prefix) =>
          Object.keys(sessionStorage)
            .filter((name) => name.startsWith(prefix))
            .map((name) => sessionStorage.getItem(name)),
        TRY_IT_KEY_PREFIX,
      );
    // Kept where sign-out looks for it: an empty list after sign-out then means it was removed.
    expect(await kept()).toEqual([first]);
    await Promise.all([
      page.waitForURL(`${harness.portal.url}/`),
      page.click('.site-nav.wide-only button:has-text("Sign out")'),
    ]);
    expect(await kept()).toEqual([]);

    await harness.signUp(page);
    expect(await page.inputValue('#try-key')).toBe('');
    expect(await kept()).not.toContain(first);
    await context.close();
  });
});
