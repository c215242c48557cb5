import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The conformance and browser suites boot real services and load the content tree.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One suite at a time: each boots services on its own ports and the browser suite runs Chromium.
    fileParallelism: false,
  },
});
