import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUrlSigner, linkStepS } from './url-signer.ts';

const SECRET = 'a-test-secret-that-is-long-enough-000';
const PATH = '/api/v1/audio/quran/alafasy/002255.mp3';
const hmacHex = (message: string) => createHmac('sha256', SECRET).update(message).digest('hex');

describe('linkStepS', () => {
  it('is the longest divisor of a minute within a 60th of the lifetime', () => {
    expect([3600, 7 * 24 * 3600, 1800, 600, 900, 1000, 700, 120, 119, 60, 1].map(linkStepS)).toEqual([
      60, 60, 30, 10, 15, 15, 10, 2, 1, 1, 1,
    ]);
  });
});

describe('createUrlSigner', () => {
  const signer = createUrlSigner({ secret: SECRET, origin: 'https://api.example', lifetimeS: 3600 });
  // 2025-01-01T00:00:00Z is 1735689600.
  const stepStartS = 1735689600 + 120;

  it('issues every link of a step at its start, so they are identical within it', () => {
    const expires = stepStartS + 3600;
    const expected = `https://api.example${PATH}?expires=${expires}&signature=${hmacHex(`${PATH}?expires=${expires}`)}`;
    expect(signer.issuedAt(stepStartS * 1000)).toBe(stepStartS * 1000);
    expect(signer.issuedAt(stepStartS * 1000 + 59_999)).toBe(stepStartS * 1000);
    expect(signer.url(PATH, signer.issuedAt(stepStartS * 1000 + 59_999))).toBe(expected);
  });

  it('moves to the next step a minute later, with a lifetime from that step', () => {
    const next = signer.url(PATH, signer.issuedAt((stepStartS + 60) * 1000));
    expect(new URL(next).searchParams.get('expires')).toBe(String(stepStartS + 60 + 3600));
  });

  it('starts the steps of a phase that many seconds after the minute', () => {
    expect(signer.stepMs).toBe(60_000);
    expect(signer.issuedAt((stepStartS + 16) * 1000, 17_000)).toBe((stepStartS - 60 + 17) * 1000);
    expect(signer.issuedAt((stepStartS + 17) * 1000, 17_000)).toBe((stepStartS + 17) * 1000);
    const url = signer.url(PATH, signer.issuedAt((stepStartS + 30) * 1000, 17_000));
    expect(new URL(url).searchParams.get('expires')).toBe(String(stepStartS + 17 + 3600));
  });

  it('lets links be handed out one step late while they live 58/60 of their lifetime, never under a minute', () => {
    const graceOf = (lifetimeS: number) => createUrlSigner({ secret: SECRET, origin: '', lifetimeS }).graceMs;
    expect([3600, 600, 120, 60, 59, 1].map(graceOf)).toEqual([60_000, 10_000, 2_000, 1_000, 0, 0]);
    for (const lifetimeS of [3600, 600, 119, 60])
      expect(lifetimeS - 2 * linkStepS(lifetimeS)).toBeGreaterThanOrEqual((58 / 60) * lifetimeS);
  });
});
