// Checks the browser suite runs on every page at every width: no sideways
// scrolling, no word in a table cell broken across lines, no serious or
// critical axe-core violations, no request leaving the portal's origin (fonts
// and scripts are self-hosted), and a screenshot.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the portal's Content-Security-Policy
  // (scripts from its own origin only) rightly does not allow a page to do.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return results.violations
    .filter((violation) => violation.impact !== null && BLOCKING_IMPACTS.has(violation.impact))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** How far the page is wider than the viewport (0 when nothing scrolls sideways). */
export function sidewaysOverflow(page: Page): Promise<{ overflow: number; widest: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const overflow = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - viewport;
    // Content inside a scrolling box (a wide code block) scrolls there, not the page.
    const insideScroller = (element: HTMLElement) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const widest = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > viewport + 1 && !insideScroller(element))
      .slice(0, 5)
      .map((element) => {
        const right = Math.round(element.getBoundingClientRect().right);
        return `${element.tagName.toLowerCase()}.${element.className} (${right} px)`;
      });
    return { overflow, widest };
  });
}

/**
 * Words in table cells that the browser broke across lines (e.g. "kar/ach/i"). A word
 * is a run of letters, digits and the characters that hold names and numbers together
 * (RATE_LIMIT_GENERAL, 18.5°, 86,294); lines may break between words, at spaces or
 * after punctuation such as "?" in a URL. Each word's Range must lie on one line.
 */
export function splitWords(page: Page, selector = 'td, th'): Promise<string[]> {
  return page.evaluate((cells) => {
    const split: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>(cells)) {
      if (cell.closest('details:not([open])') || cell.getClientRects().length === 0) continue; // not laid out
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/[\p{L}\p{M}\p{N}_.,'°]+/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
          );
          if (tops.size > 1)
            split.push(
              `"${match[0]}" in ${cell.tagName.toLowerCase()} "${(cell.textContent ?? '').trim().slice(0, 40)}"`,
            );
        }
      }
    }
    return split;
  }, selector);
}

/** Records every request's origin, to show that nothing leaves the portal. */
export function recordOrigins(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
  });
  return origins;
}

export function screenshotPath(dir: string, pathname: string, width: number): string {
  const name = pathname === '/' ? 'landing' : pathname.replace(/^\//, '').replaceAll('/', '-');
  return path.join(dir, `${name}-${width}.png`);
}
