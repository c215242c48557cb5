import { describe, expect, it } from 'vitest';
import { createTurns } from './turns.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createTurns', () => {
  it('runs at most `limit` tasks at once and the rest in the order they came', async () => {
    const turns = createTurns(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      most = Math.max(most, ++now);
      await tick();
      now--;
      return id;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((id) => turns.run(task(id))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(turns.waiting).toBe(0);
  });

  it('counts the tasks waiting while every turn is taken', async () => {
    const turns = createTurns(1);
    let release = () => {};
    const first = turns.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = turns.run(async () => {});
    const third = turns.run(async () => {});
    await tick();
    expect(turns.waiting).toBe(2);
    release();
    await Promise.all([first, second, third]);
    expect(turns.waiting).toBe(0);
  });

  it('frees the turn of a task that fails', async () => {
    const turns = createTurns(1);
    await expect(turns.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(turns.run(async () => 'next')).resolves.toBe('next');
  });
});
