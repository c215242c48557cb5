import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Some suites start child processes under other TZ values or compute thousands of
    // days; on a busy machine that passed vitest's 5 s default. No limit here measures
    // speed (`npm run bench` does).
    testTimeout: 30_000,
  },
});
