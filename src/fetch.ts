import { Hono } from 'hono';
import { astro } from 'astro/hono';
import { createApi } from './server/app';
import { serveUploads } from './server/providers/storage/serve';
import { startJobs } from './server/jobs';

/**
 * The request pipeline (Astro 7 `src/fetch.ts`): /api goes to the Hono API with its own
 * envelope and 404s, /uploads serves stored user files, everything else is Astro's pages.
 */
const api = createApi();
const app = new Hono();
app.use(async (_c, next) => {
  startJobs();
  await next();
});
app.all('/api/*', (c) => api.fetch(c.req.raw));
app.all('/api', (c) => api.fetch(c.req.raw));
app.get('/uploads/*', serveUploads);
app.all('*', astro());

export default app;
