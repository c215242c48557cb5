// Reading the docs in headless Chromium at 1280 and 390 px: the reference is a
// page a person can scroll through (bounded height, optional parameters folded
// away, examples first), and the guides' code blocks wrap and have copy
// buttons. Screenshots of the whole reference land in SCREENSHOT_DIR.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES } from '../src/lib/guides.ts';
import {
  HEIGHT,
  RUN_IN_BROWSER,
  SCREENSHOT_DIR,
  startBrowserHarness,
  WIDTHS,
  type BrowserHarness,
} from './browser-harness.ts';

// The issue found the reference 51,000 px tall; it was then 53,164 px at 1280 and 84,387 px at 390.
// With optional parameters and shared answers folded it is about 26,000 and 44,000 px. Each operation
// added since adds its section: the translation editions' list took it to 31,142 and 52,055 px.
const DOCS_MAX_HEIGHT_PX = { 1280: 32_000, 390: 54_000 } as const;
/** Chromium draws at most this tall a screenshot in one piece; the reference is shot in slices. */
const SLICE_PX = 8_000;
let harness: BrowserHarness;

describe.runIf(RUN_IN_BROWSER)('reading the docs in headless Chromium', () => {
  beforeAll(async () => {
    harness = await startBrowserHarness();
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it.each(WIDTHS)(
    'at %i px the reference stays a readable length, required parameters shown and optional ones folded',
    async (width) => {
      const { context, page } = await harness.open(width);
      await page.goto(`${harness.portal.url}/docs`);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (const old of (await readdir(SCREENSHOT_DIR)).filter((name) => name.startsWith(`docs-full-${width}-`)))
        await rm(path.join(SCREENSHOT_DIR, old));
      for (let top = 0, part = 0; top < height; top += SLICE_PX, part += 1) {
        const clip = { x: 0, y: top, width, height: Math.min(SLICE_PX, height - top) };
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `docs-full-${width}-${String(part).padStart(2, '0')}.png`),
          fullPage: true,
          clip,
        });
      }
      const exampleOffsets = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('section.operation')].map((section) => {
          const example = section.querySelector('.example-response') ?? section;
          return {
            id: section.id,
            px: Math.round(example.getBoundingClientRect().top - section.getBoundingClientRect().top),
          };
        }),
      );
      console.log(`/docs at ${width} px: ${height} px tall`);
      expect(height, `/docs at ${width} px`).toBeLessThan(DOCS_MAX_HEIGHT_PX[width]);
      // Every operation's example response starts within one screen of its heading, however many parameters it takes.
      expect(exampleOffsets.filter((offset) => offset.px >= HEIGHT[width])).toEqual([]);

      // getPrayerTimes: lat and lon (required) are in view; the optional ones open on request.
      const prayer = page.locator('#getPrayerTimes');
      expect(await prayer.locator('table.parameters code:text-is("lat")').first().isVisible()).toBe(true);
      expect(await prayer.locator('code:text-is("method")').first().isVisible()).toBe(false);
      await prayer.locator('details.optional-parameters > summary').click();
      expect(await prayer.locator('code:text-is("method")').first().isVisible()).toBe(true);
      await context.close();
    },
  );

  it('a filter naming an optional parameter opens its fold, with and without JavaScript', async () => {
    const plain = await harness.open(390, { javaScript: false });
    await plain.page.goto(`${harness.portal.url}/docs?q=highLatitudeRule`);
    expect(await plain.page.locator('#getPrayerTimes code:text-is("highLatitudeRule")').first().isVisible()).toBe(true);
    await plain.context.close();

    const { context, page } = await harness.open(1280);
    await page.goto(`${harness.portal.url}/docs`);
    await page.fill('#filter', 'highLatitudeRule');
    expect(await page.locator('#getPrayerTimes code:text-is("highLatitudeRule")').first().isVisible()).toBe(true);
    await context.close();
  });

  it.each(WIDTHS)(
    'at %i px every guide code block wraps instead of scrolling sideways and has a copy button',
    async (width) => {
      const { context, page } = await harness.open(width);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.portal.url });
      for (const guide of GUIDES) {
        await page.goto(`${harness.portal.url}/docs/guides/${guide.slug}`);
        const blocks = page.locator('.prose pre');
        const sideways = await blocks.evaluateAll((pres) =>
          pres.filter((pre) => pre.scrollWidth > pre.clientWidth + 1).map((pre) => pre.textContent!.slice(0, 60)),
        );
        expect(sideways, `${guide.slug} at ${width} px: code blocks that scroll sideways`).toEqual([]);
        const count = await blocks.count();
        expect(await page.locator('.prose .code-block > button.copy:visible').count(), guide.slug).toBe(count);
        if (count > 0) {
          await page.locator('.prose .code-block > button.copy').first().click();
          expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await blocks.first().textContent());
        }
      }
      await context.close();
    },
  );
});
