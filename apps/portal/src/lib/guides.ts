// The guide pages under /docs/guides, in reading order (for the docs navigation),
// and the deployment's base URL and layout put into their examples when a page is served.
import { PUBLIC_URL_TOKEN } from './example-tokens.ts';

export const GUIDES = [
  { slug: 'quick-start', title: 'Quick start' },
  { slug: 'authentication', title: 'Authentication' },
  { slug: 'rate-limits', title: 'Rate limits' },
  { slug: 'errors', title: 'Errors' },
  { slug: 'typescript-client', title: 'TypeScript client' },
  { slug: 'signed-audio', title: 'Signed audio' },
  { slug: 'names-search', title: '99 Names search' },
  { slug: 'quran-reading', title: 'Reading and searching the Quran' },
  { slug: 'caching', title: 'Caching and conditional requests' },
  { slug: 'prayer-times', title: 'Prayer-time methods and high latitudes' },
  { slug: 'calendars', title: 'Calendars, Hijri dates and the next prayer' },
  { slug: 'places', title: 'Places: prayer times by city name' },
  { slug: 'self-hosting', title: 'Self-hosting' },
  { slug: 'data-sources', title: 'Data sources and licences' },
] as const;

export function tagAnchor(tag: string): string {
  return `tag-${tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Where a guide names the deployment's RESPONSE_LAYOUT (`wrapped` or `flat`). */
export const RESPONSE_LAYOUT_TOKEN = '{RESPONSE_LAYOUT}';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

/**
 * A rendered guide with this deployment's PUBLIC_URL and RESPONSE_LAYOUT in
 * place of their tokens, so that its examples work where they are served (the
 * Markdown is compiled at build time; the deployment is known at run time).
 */
export function fillGuide(html: string, deployment: { publicUrl: string; responseLayout: string }): string {
  const publicUrl = escapeHtml(deployment.publicUrl);
  return (
    html
      .replaceAll(PUBLIC_URL_TOKEN, publicUrl)
      // A link's href arrives percent-encoded: %7BPUBLIC_URL%7D.
      .replaceAll(encodeURI(PUBLIC_URL_TOKEN), publicUrl)
      .replaceAll(RESPONSE_LAYOUT_TOKEN, escapeHtml(deployment.responseLayout))
  );
}
