// The `npm run keys -- list` table: one row per key, columns padded to fit.
import type { Config } from '@ira/core/runtime/config';
import type { LimitCategory } from '@ira/core/contract/envelope';
import { effectiveLimits } from '@ira/core/runtime/keys/effective-limits';
import type { ApiKeyRecord } from '@ira/core/runtime/keys/types';
import { printable } from '@ira/core/text/unprintable';

export type DefaultLimits = Pick<Config, 'rateLimitGeneral' | 'rateLimitCalculation'>;

const HEADER = ['START', 'NAME', 'GENERAL', 'CALCULATION', 'CREATED', 'LAST USED', 'REVOKED'];
const NAME_MAX_CHARS = 30;

/** UTC to the second, e.g. 2026-11-21 07:51:03Z; "-" when never. */
function when(date: Date | null): string {
  return date === null ? '-' : `${date.toISOString().slice(0, 19).replace('T', ' ')}Z`;
}

/** A key's limit in force for `category`, marked when it is the deployment default. */
export function limitCell(key: Pick<ApiKeyRecord, 'limits'>, defaults: DefaultLimits, category: LimitCategory): string {
  const inForce = effectiveLimits(key.limits, defaults)[category];
  return key.limits[category] === null ? `${inForce} (default)` : String(inForce);
}

function shorten(name: string): string {
  return name.length > NAME_MAX_CHARS ? `${name.slice(0, NAME_MAX_CHARS - 1)}…` : name;
}

export function formatKeyTable(keys: ApiKeyRecord[], defaults: DefaultLimits): string[] {
  const rows = keys.map((key) => [
    key.start,
    // Names made before control and bidi characters were refused are shown escaped, never raw.
    shorten(printable(key.name)),
    limitCell(key, defaults, 'general'),
    limitCell(key, defaults, 'calculation'),
    when(key.createdAt),
    when(key.lastUsedAt),
    when(key.revokedAt),
  ]);
  const widths = HEADER.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  return [HEADER, ...rows].map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
}
