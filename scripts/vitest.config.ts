import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The CLI tests spawn `npm run keys` and Node processes: each start costs about a
    // second on an idle machine and several on a busy one. No limit here measures speed.
    testTimeout: 30_000,
  },
});
