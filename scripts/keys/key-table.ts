// The `npm run keys -- list` table: one row per key, columns padded to fit.
import type { ApiKeyRecord, KeyLimits } from '@ira/core/keys/types';

const HEADER = ['START', 'NAME', 'GENERAL', 'CALCULATION', 'CREATED', 'LAST USED', 'REVOKED'];
const NAME_MAX_CHARS = 30;

/** UTC to the second, e.g. 2026-11-21 07:51:03Z; "-" when never. */
function when(date: Date | null): string {
  return date === null ? '-' : `${date.toISOString().slice(0, 19).replace('T', ' ')}Z`;
}

function limit(value: number | null, fallback: number): string {
  return value === null ? `${fallback} (default)` : String(value);
}

function shorten(name: string): string {
  return name.length > NAME_MAX_CHARS ? `${name.slice(0, NAME_MAX_CHARS - 1)}…` : name;
}

export function formatKeyTable(keys: ApiKeyRecord[], defaults: KeyLimits): string[] {
  const rows = keys.map((key) => [
    key.start,
    shorten(key.name),
    limit(key.limits.general, defaults.general ?? 0),
    limit(key.limits.calculation, defaults.calculation ?? 0),
    when(key.createdAt),
    when(key.lastUsedAt),
    when(key.revokedAt),
  ]);
  const widths = HEADER.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  return [HEADER, ...rows].map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd());
}
