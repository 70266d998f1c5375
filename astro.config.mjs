// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import UnoCSS from '@unocss/astro';
import { fileURLToPath } from 'node:url';
import { precompressIntegration } from './scripts/precompress.mjs';

/**
 * Our client directives (src/directives): `client:interact` (idle, or the user's first reach, with
 * early clicks replayed) and `client:demand` (when the page asks, e.g. opening a dialog). They keep
 * React off the critical path of content pages; see docs/ARCHITECTURE.md.
 * @type {import('astro').AstroIntegration}
 */
const directives = {
  name: 'gongfu-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      for (const name of ['interact', 'demand'])
        addClientDirective({ name, entrypoint: fileURLToPath(new URL(`./src/directives/${name}.ts`, import.meta.url)) });
    },
  },
};

/**
 * Chat under `astro dev`: /im WebSocket upgrades on the dev server's own port go to the IM server
 * (src/server/modules/im/socket.ts), loaded through the same SSR module runner as the requests,
 * so it shares their database and connection hub. server.mjs attaches it in production.
 * @type {import('astro').AstroIntegration}
 */
const chatDevSocket = {
  name: 'gongfu-im-dev',
  hooks: {
    'astro:server:setup': ({ server }) => {
      /** @type {Promise<{ handleUpgrade: (req: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => boolean }>} | undefined} */
      let im;
      server.httpServer?.on('upgrade', (req, socket, head) => {
        if ((req.url ?? '').split('?')[0] !== '/im') return;
        // The SSR environment is runnable under `astro dev` (Astro imports its pages through it).
        const ssr = /** @type {import('vite').RunnableDevEnvironment} */ (server.environments.ssr);
        im ??= ssr.runner
          .import('/src/server/modules/im/socket.ts')
          .then(
            (
              /** @type {{ createIm: () => { handleUpgrade: (req: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => boolean } }} */ m,
            ) => m.createIm(),
          );
        im.then(
          (s) => s.handleUpgrade(req, socket, head),
          () => socket.destroy(),
        );
      });
    },
  },
};

/**
 * Browser chunks. Left to itself the bundler splits the code every page's chrome islands share into
 * some thirty tiny chunks that the browser discovers one import level at a time, so hydrating the
 * header took a chain of round trips. Three groups instead: the React runtime, and everything the
 * islands present on every desktop page (header, search, toolbar, footer button) import statically —
 * split into the shared code (`core`: src/lib and libraries, which mobile islands use too) and the
 * desktop islands themselves (`chrome`).
 * Dialogs, the toaster and page islands keep their own chunks and import from these.
 */
const EVERY_PAGE_ISLANDS = ['HeaderUser', 'SearchBox', 'Toolbar', 'KefuButton'].map((n) =>
  fileURLToPath(new URL(`./src/islands/chrome/${n}.tsx`, import.meta.url)),
);
/** @type {Set<string> | undefined} */
let everyPage;
/**
 * `chrome`: the four desktop islands on every page; `core`: everything they import (the API client,
 * the session, stores, formats, rules), which the mobile site's islands import too — so a mobile page
 * loads `core` and never the desktop header. (A group takes its modules' imports by default, so the
 * shared code must be a group of its own, with the higher priority.)
 * @type {(id: string, ctx: import('rolldown').ChunkingContext) => 'core' | 'chrome' | null}
 */
function everyPageChunk(id, ctx) {
  if (!everyPage) {
    const seen = new Set();
    const walk = (/** @type {string} */ m) => {
      if (seen.has(m)) return;
      seen.add(m);
      for (const dep of ctx.getModuleInfo(m)?.importedIds ?? []) walk(dep);
    };
    EVERY_PAGE_ISLANDS.forEach(walk);
    everyPage = seen;
  }
  if (!everyPage.has(id)) return null;
  return EVERY_PAGE_ISLANDS.includes(id) ? 'chrome' : 'core';
}
const codeSplitting = {
  groups: [
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
    // Vite's loader of dynamic imports on its own (tiny): a page script that loads something later
    // (the phone tab bar's chat badge) must not pull `core` onto the critical path for it.
    { name: 'preload', test: /preload-helper/, priority: 3 },
    // (one group per name function: a function answering two names makes one chunk of both)
    {
      name: (/** @type {string} */ id, /** @type {import('rolldown').ChunkingContext} */ ctx) =>
        everyPageChunk(id, ctx) === 'core' ? 'core' : null,
      priority: 2,
    },
    {
      name: (/** @type {string} */ id, /** @type {import('rolldown').ChunkingContext} */ ctx) =>
        everyPageChunk(id, ctx) === 'chrome' ? 'chrome' : null,
      priority: 1,
    },
  ],
};

// Every page is rendered on demand (content lives in the database); guest HTML is the same for
// everyone and is kept in-process (src/server/edge/page-cache.ts) and cached by browsers (src/middleware.ts).
export default defineConfig({
  output: 'server',
  // Middleware mode: server.mjs owns the HTTP server and serves built files itself (src/server/edge).
  adapter: node({ mode: 'middleware' }),
  integrations: [UnoCSS({ injectReset: true }), react(), directives, chatDevSocket, precompressIntegration()],
  // We serve our own session cookie (`user`, SPEC §3); Astro sessions are not used.
  session: false,
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  // `astro dev` listens like server.mjs: loopback unless HOST is set (src/server/env.ts).
  server: { port: Number(process.env.PORT || 4321), host: process.env.HOST || '127.0.0.1' },
  devToolbar: { enabled: false },
  // Content-Security-Policy <meta> on every page, with the hashes of Astro's own inline scripts
  // (hydration, islands). frame-ancestors and the rest come as a header (src/server/http/security-headers.ts).
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob: https:",
        "media-src 'self' blob: https:",
        "font-src 'self' data:",
        // Cloud services fetched by the player and chat (Tencent Cloud Live's FLV/HLS play domain,
        // Tencent IM's sockets) are configured at run time, after this build: any TLS origin.
        "connect-src 'self' https: wss:",
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      // Inside WeChat the mobile site loads WeChat's JS-SDK for its share card (src/scripts/wx-share.ts):
      // that one file's origin, nothing else from outside.
      scriptDirective: { resources: ["'self'", 'https://res.wx.qq.com'] },
      // React style attributes and the toaster's injected styles are inline styles.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  vite: {
    // Several `astro dev` servers from one checkout each need their own dependency cache.
    ...(process.env.VITE_CACHE_DIR ? { cacheDir: process.env.VITE_CACHE_DIR } : {}),
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting } } } } },
    ssr: { external: ['@electric-sql/pglite', 'pg', 'qrcode', 'sanitize-html'] },
  },
});
