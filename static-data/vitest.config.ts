import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The data tests read and check the whole built tree (114 surahs, 6,236 verses);
    // on a cold machine the first read alone passed vitest's 5 s default once, so a
    // fresh clone's first `npm test` failed. A time limit is no measure of speed here.
    testTimeout: 60_000,
  },
});
