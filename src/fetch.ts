import { Hono } from 'hono';
import { astro } from 'astro/hono';
import { createApi } from './server/app';
import { env } from './server/env';
import { applySecurityHeaders } from './server/http/security-headers';
import { serveUploads } from './server/providers/storage/serve';
import { serveDrawnQr } from './server/modules/site/site-qr';
import { startJobs } from './server/jobs';
import { exposeStartup } from './server/startup';
import { exposeEdge } from './server/edge';
import { keepPage } from './server/edge/page-cache';
import { registerHealth } from './server/ops/health';
import { exposeOps } from './server/ops';

/**
 * The request pipeline (Astro 7 `src/fetch.ts`): /api goes to the Hono API with its own
 * envelope and 404s, /uploads serves stored user files, /qr the QR codes drawn from SITE_URL,
 * /healthz, /readyz and /metrics answer the balancer and Prometheus, everything else is Astro's pages.
 * Every answer gets the security headers.
 */
const api = createApi();
const app = new Hono();
exposeStartup();
exposeEdge();
exposeOps();
app.use(async (c, next) => {
  // server.mjs starts the jobs before listening; `astro dev` has no such step.
  startJobs();
  await next();
  try {
    applySecurityHeaders(c.res.headers, env().SITE_URL);
  } catch {
    // An immutable response (a proxied fetch): copy it once, then set.
    c.res = new Response(c.res.body, c.res);
    applySecurityHeaders(c.res.headers, env().SITE_URL);
  }
});
registerHealth(app);
app.all('/api/*', (c) => api.fetch(c.req.raw));
app.all('/api', (c) => api.fetch(c.req.raw));
app.get('/uploads/*', serveUploads);
app.get('/qr/*', serveDrawnQr);
app.all('*', astro());

// A public page is kept on its way out, security headers and all (src/server/edge/page-cache.ts).
export default {
  fetch: async (request: Request): Promise<Response> => keepPage(request, await app.fetch(request)),
};
