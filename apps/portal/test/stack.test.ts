import { describe, expect, it } from 'vitest';
import { startStack } from './stack.ts';

const listening = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;

describe('the test stack', () => {
  it('closes the servers it opened when a later step of its start fails', async () => {
    const before = listening();
    // A setting loadConfig refuses: the edge, calc and audio upstream servers already listen by then.
    await expect(startStack({ RATE_LIMIT_GENERAL: 'many' })).rejects.toThrow(/RATE_LIMIT_GENERAL/);
    expect(listening()).toBe(before);
  });
});
