// Portal build settings. Nothing here reads the deployment's settings: ports,
// URLs, data directory and Redis are read at server start (src/server-entry.ts,
// src/session-driver.ts), so one build runs in every environment.
import { fileURLToPath } from 'node:url';
import { satteri } from '@astrojs/markdown-satteri';
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';
import type { AstroIntegration } from 'astro';
import { guideBlocks } from './src/markdown/guide-blocks.ts';
import { wholeLines } from './src/markdown/whole-lines.ts';

const SESSION_TTL_S = 7 * 24 * 3600;

/**
 * @astrojs/node in standalone mode, but with our own server entry, which listens
 * on PORTAL_PORT from the shared config instead of the adapter's PORT variable
 * (PORT is the public API's port in this project).
 */
function nodeOnPortalPort(): AstroIntegration {
  const adapter = node({ mode: 'standalone' });
  const configDone = adapter.hooks['astro:config:done']!;
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:done': (params) =>
        configDone({
          ...params,
          setAdapter: (settings) =>
            params.setAdapter({
              ...settings,
              serverEntrypoint: fileURLToPath(new URL('./src/server-entry.ts', import.meta.url)),
            }),
        }),
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: nodeOnPortalPort(),
  // The origin check on every form POST (CSRF) is ours (src/middleware.ts,
  // src/lib/client-origin.ts): Astro's compares with the socket's protocol,
  // which is http behind an HTTPS proxy, and refused every form there.
  security: { checkOrigin: false },
  session: {
    driver: { entrypoint: new URL('./src/session-driver.ts', import.meta.url) },
    cookie: { name: 'ira_session', sameSite: 'lax' },
    ttl: SESSION_TTL_S,
  },
  build: { inlineStylesheets: 'always' },
  // Guide code blocks: a high-contrast theme, so comments and strings stay readable (WCAG AA).
  // Guide tables in scrolling regions, code blocks with copy buttons (src/markdown/guide-blocks.ts);
  // code wraps rather than scroll sideways, and every line is coloured to its end (src/markdown/whole-lines.ts).
  markdown: {
    shikiConfig: { theme: 'github-light-high-contrast', wrap: true, transformers: [wholeLines] },
    processor: satteri({ hastPlugins: [guideBlocks()] }),
  },
  devToolbar: { enabled: false },
  // @ira/core runs from its source at run time (as in the edge and calc), so
  // its paths (the repo root, DATA_DIR) resolve the same in every service.
  // Scripts are always emitted as files (never inlined), so the Content-Security-Policy
  // can allow scripts from the portal's own origin only (src/middleware.ts).
  vite: { build: { assetsInlineLimit: 0, rolldownOptions: { external: [/^@ira\/core\//] } } },
});
