// The authorities' published days (fixtures/authority-times.json; sources and per-zone
// agreement in authority-times.sources.json), as the authority test and the
// authority-agreement script read them.
import { readFileSync } from 'node:fs';

export interface AuthorityDay {
  source_file: string;
  zone: string;
  latitude: number;
  longitude: number;
  method: string;
  madhab: string;
  timezone: string;
  date: string;
  /** Published local times, HH:MM, by prayer name. */
  expected: Record<string, string>;
  variance_minutes: number;
}

export function readAuthorityDays(): AuthorityDay[] {
  return JSON.parse(
    readFileSync(new URL('../../fixtures/authority-times.json', import.meta.url), 'utf8'),
  ) as AuthorityDay[];
}
