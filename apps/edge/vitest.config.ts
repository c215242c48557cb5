import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Several suites load the whole content tree (every surah, locally or over HTTP)
    // and start real servers; on a busy machine that passed vitest's 5 s default.
    // No limit here measures speed (`npm run bench` does).
    testTimeout: 30_000,
  },
});
