import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One run of the whole topology, scenario after scenario (about a minute).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file starts real processes on free ports; one at a time keeps the fault timings honest on a small machine.
    fileParallelism: false,
  },
});
