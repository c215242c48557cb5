// What the dashboard shows for each of a user's keys: display start, name,
// dates, effective limits (per-key override or the deployment default) and the
// last 7 days of usage from the store.
import type { Config } from '@ira/core/config';
import type { LimitCategory } from '@ira/core/envelope';
import type { ApiKeyRecord, KeyStore } from '@ira/core/keys/types';

export const USAGE_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;

export interface KeyView {
  id: string;
  name: string;
  start: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  limits: Record<LimitCategory, { perWindow: number; isDefault: boolean }>;
  /** Requests per category over the last USAGE_DAYS UTC days (today included). */
  usage: Record<LimitCategory, number>;
}

/** The first UTC day (YYYY-MM-DD) of the usage window ending today. */
export function usageSinceDay(now: Date): string {
  return new Date(now.getTime() - (USAGE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
}

function effectiveLimits(record: ApiKeyRecord, config: Pick<Config, 'rateLimitGeneral' | 'rateLimitCalculation'>): KeyView['limits'] {
  return {
    general: { perWindow: record.limits.general ?? config.rateLimitGeneral, isDefault: record.limits.general === null },
    calculation: { perWindow: record.limits.calculation ?? config.rateLimitCalculation, isDefault: record.limits.calculation === null },
  };
}

/** The user's active keys, newest first. Only this user's keys are ever read. */
export async function listUserKeys(store: KeyStore, userId: string, config: Config, now = new Date()): Promise<KeyView[]> {
  const records = (await store.listKeys(userId)).filter((record) => record.userId === userId && record.revokedAt === null);
  const rows = records.length === 0 ? [] : await store.usageSince(records.map((record) => record.id), usageSinceDay(now));
  return records
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((record) => {
      const usage = { general: 0, calculation: 0 };
      for (const row of rows) if (row.keyId === record.id) usage[row.category] += row.count;
      return {
        id: record.id,
        name: record.name,
        start: record.start,
        createdAt: record.createdAt,
        lastUsedAt: record.lastUsedAt,
        limits: effectiveLimits(record, config),
        usage,
      };
    });
}
