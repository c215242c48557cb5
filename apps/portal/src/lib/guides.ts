// The guide pages under /docs/guides, in reading order (for the docs navigation).
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
