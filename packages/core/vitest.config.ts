import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // PostgreSQL and Redis round trips in the store and guard suites.
    testTimeout: 15_000,
  },
});
