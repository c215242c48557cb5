import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One run of the whole topology, scenario after scenario (about a minute).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
