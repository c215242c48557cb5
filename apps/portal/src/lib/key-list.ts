// What the dashboard shows for each of a user's keys: display start, name,
// dates, effective limits (per-key override or the deployment default), and
// usage per UTC day and category over the last USAGE_DAYS days from the store.
import type { Config } from '@ira/core/runtime/config';
import type { LimitCategory } from '@ira/core/contract/envelope';
import type { ApiKeyRecord, KeyStore, UsageRow } from '@ira/core/runtime/keys/types';
import { effectiveLimits } from '@ira/core/runtime/keys/effective-limits';

export const USAGE_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export interface DayUsage {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  general: number;
  calculation: number;
}

export interface CategoryLimit {
  perWindow: number;
  isDefault: boolean;
}

export interface KeyView {
  id: string;
  name: string;
  start: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  limits: Record<LimitCategory, CategoryLimit>;
  /** Requests per category over the last USAGE_DAYS UTC days (today included). */
  usage: Record<LimitCategory, number>;
  /** One entry per day, oldest first, today last. */
  daily: DayUsage[];
}

/** The first UTC day (YYYY-MM-DD) of the usage window ending today. */
export function usageSinceDay(now: Date): string {
  return new Date(now.getTime() - (USAGE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
}

type LimitSettings = Pick<Config, 'rateLimitGeneral' | 'rateLimitCalculation'>;

function limitsView(record: ApiKeyRecord, config: LimitSettings): KeyView['limits'] {
  const inForce = effectiveLimits(record.limits, config);
  const limit = (category: LimitCategory): CategoryLimit => ({
    perWindow: inForce[category],
    isDefault: record.limits[category] === null,
  });
  return { general: limit('general'), calculation: limit('calculation') };
}

/** Usage rows of one key spread over every day of the window (days without requests are zero). */
export function dailyUsage(rows: UsageRow[], keyId: string, now: Date): DayUsage[] {
  const days: DayUsage[] = Array.from({ length: USAGE_DAYS }, (_, index) => ({
    day: new Date(now.getTime() - (USAGE_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10),
    general: 0,
    calculation: 0,
  }));
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  for (const row of rows) {
    const entry = row.keyId === keyId ? byDay.get(row.day) : undefined;
    if (entry) entry[row.category] += row.count;
  }
  return days;
}

/** The user's active keys, newest first. Only this user's keys are ever read. */
export async function listUserKeys(
  store: KeyStore,
  userId: string,
  config: Config,
  now = new Date(),
): Promise<KeyView[]> {
  const records = (await store.listKeys(userId)).filter(
    (record) => record.userId === userId && record.revokedAt === null,
  );
  const rows =
    records.length === 0
      ? []
      : await store.usageSince(
          records.map((record) => record.id),
          usageSinceDay(now),
        );
  return records
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((record) => {
      const daily = dailyUsage(rows, record.id, now);
      return {
        id: record.id,
        name: record.name,
        start: record.start,
        createdAt: record.createdAt,
        lastUsedAt: record.lastUsedAt,
        limits: limitsView(record, config),
        usage: {
          general: daily.reduce((sum, entry) => sum + entry.general, 0),
          calculation: daily.reduce((sum, entry) => sum + entry.calculation, 0),
        },
        daily,
      };
    });
}
