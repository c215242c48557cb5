import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

describe('freePort', () => {
  it('never hands out the same port twice in one process', async () => {
    // The kernel picks each from ~14,000 ports at random: 1,000 picks repeat dozens of times unless remembered.
    const ports: number[] = [];
    for (let n = 0; n < 1_000; n += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });
});
