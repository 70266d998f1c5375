// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import UnoCSS from '@unocss/astro';
import { precompressIntegration } from './scripts/precompress.mjs';

// Every page is rendered on demand (content lives in the database); guest HTML is the same for
// everyone and is kept in-process (src/server/edge/page-cache.ts) and cached by browsers (src/middleware.ts).
export default defineConfig({
  output: 'server',
  // Middleware mode: server.mjs owns the HTTP server and serves built files itself (src/server/edge).
  adapter: node({ mode: 'middleware' }),
  integrations: [UnoCSS({ injectReset: true }), react(), precompressIntegration()],
  // We serve our own session cookie (`user`, SPEC §3); Astro sessions are not used.
  session: false,
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '0.0.0.0' },
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
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      // React style attributes and the toaster's injected styles are inline styles.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'pg', 'qrcode', 'sanitize-html'] },
  },
});
