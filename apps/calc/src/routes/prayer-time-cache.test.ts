// The result cache keeps an answer only once its place, day and rules are asked again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';

const computed = vi.hoisted(() => ({ days: 0 }));
vi.mock(import('../prayer/prayer-day.ts'), async (original) => {
  const module = await original();
  return {
    ...module,
    computeDays: (...args: Parameters<typeof module.computeDays>) => {
      computed.days++;
      return module.computeDays(...args);
    },
  };
});

let calc: CalcHarness;
let key: string;
const ask = async (query: string) => {
  const { status, body } = await calc.get(`/api/v1/prayer-time?${query}&date=2026-03-20`, {
    headers: { 'X-API-Key': key },
  });
  expect(status).toBe(200);
  return body.data as Record<string, unknown>;
};
const result = ({ timestamp: _t, rateLimit: _r, ...rest }: Record<string, unknown>) => rest;

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

describe('prayer-time result cache', () => {
  // A point asked once (most of a busy calc's traffic: every user's own coordinates)
  // used to go into the cache, live there through two young-generation collections and
  // die in the old one: ~1.8 KB of garbage per answer that only full collections free.
  it('computes a point asked once, and again the second time, then answers from the cache', async () => {
    const before = computed.days;
    const first = await ask('lat=51.5072&lon=-0.1276');
    expect(computed.days - before).toBe(1);
    const second = await ask('lat=51.5072&lon=-0.1276');
    expect(computed.days - before).toBe(2);
    const third = await ask('lat=51.5072&lon=-0.1276');
    expect(computed.days - before).toBe(2);
    expect(result(second)).toEqual(result(first));
    expect(result(third)).toEqual(result(first));
  });

  it('keys the cache by place, day and rules', async () => {
    await ask('lat=40.7128&lon=-74.006');
    await ask('lat=40.7128&lon=-74.006');
    const before = computed.days;
    const hanafi = await ask('lat=40.7128&lon=-74.006&school=hanafi');
    expect(computed.days - before).toBe(1);
    expect((hanafi.request as { school: string }).school).toBe('hanafi');
    const shafi = await ask('lat=40.7128&lon=-74.006');
    expect(computed.days - before).toBe(1);
    expect((shafi.request as { school: string }).school).toBe('shafi');
    expect((shafi.times as { asr: string }).asr).not.toBe((hanafi.times as { asr: string }).asr);
  });

  it('keeps apart an answer whose request named its zone from one that did not: the echo differs', async () => {
    await ask('lat=48.8566&lon=2.3522');
    await ask('lat=48.8566&lon=2.3522');
    const named = await ask('lat=48.8566&lon=2.3522&timezone=Europe/Paris');
    expect((named.request as { timezone?: string }).timezone).toBe('Europe/Paris');
    const unnamed = await ask('lat=48.8566&lon=2.3522');
    expect(unnamed.request).not.toHaveProperty('timezone');
    expect(named.times).toEqual(unnamed.times);
  });
});
