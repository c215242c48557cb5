import { describe, expect, it } from 'vitest';
import { inRuns, RUN_BUDGET_MS } from './compute-turns.ts';

/** Runs `count` items through inRuns on a clock that each item moves by `itemMs`; the runs' sizes, in order. */
async function runSizes(count: number, itemMs: number, ownTurn: boolean): Promise<number[]> {
  let now = 0;
  const sizes: number[] = [];
  const seen: number[] = [];
  await inRuns(
    count,
    31,
    (done, size) => {
      sizes.push(size);
      for (let i = done; i < done + size; i++) seen.push(i);
      now += size * itemMs;
    },
    { ownTurn, now: () => now },
  );
  // Every item once, in order, whatever the runs' sizes.
  expect(seen).toEqual(Array.from({ length: count }, (_, i) => i));
  return sizes;
}

describe('inRuns', () => {
  it('shortens the runs after one that held the event loop past the budget', async () => {
    const itemMs = RUN_BUDGET_MS / 2;
    const sizes = await runSizes(365, itemMs, false);
    expect(sizes[0]).toBe(31);
    expect(Math.max(...sizes.slice(1)) * itemMs).toBeLessThanOrEqual(RUN_BUDGET_MS);
  });

  it('begins with one item where an item may be long (a polar place), then grows to the budget', async () => {
    const itemMs = RUN_BUDGET_MS / 4;
    const sizes = await runSizes(40, itemMs, true);
    expect(sizes[0]).toBe(1);
    expect(Math.max(...sizes) * itemMs).toBeLessThanOrEqual(RUN_BUDGET_MS);
    expect(sizes[1]).toBe(4);
  });

  it('keeps runs of a month where items are quick', async () => {
    expect(await runSizes(365, RUN_BUDGET_MS / 100, false)).toEqual([...Array<number>(11).fill(31), 24]);
  });

  it('computes one run at once, waiting for no turn, unless an item may be long', async () => {
    let turned = false;
    setImmediate(() => (turned = true));
    const sizes: number[] = [];
    const done = inRuns(31, 31, (_, size) => sizes.push(size), { ownTurn: false });
    expect(sizes).toEqual([31]);
    await done;
    expect(turned).toBe(false);
  });
});
