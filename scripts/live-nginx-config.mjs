// @ts-check
// Renders deploy/nginx/live.conf.template (LIVE_MEDIA=nginx). Also imported by the nginx test.
//   npm run live:nginx-config -- --site http://127.0.0.1:4321 --token "$LIVE_NGINX_HOOK_TOKEN" > /etc/nginx/live.conf
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { httpScratch, renderTemplate } from './nginx-template.mjs';

const TEMPLATE = fileURLToPath(new URL('../deploy/nginx/live.conf.template', import.meta.url));

/**
 * @param {{ site: string; token: string; rtmpPort?: number | undefined; httpPort?: number | undefined; hlsDir?: string | undefined;
 *   recordDir?: string | undefined; module?: string | undefined; prefix?: string | undefined }} o  `prefix`: a scratch directory for a foreground nginx (pid, logs, temp files).
 */
export function renderLiveConfig(o) {
  if (!o.site || !o.token) throw new Error('site and token are required');
  const p = o.prefix;
  const vars = {
    MODULE: o.module ? `load_module ${o.module};` : '',
    SCRATCH: p
      ? `pid ${p}/nginx.pid;\nerror_log ${p}/error.log warn;`
      : 'pid /run/nginx-live.pid;\nerror_log /var/log/nginx/live-error.log warn;',
    HTTP_SCRATCH: httpScratch(p, '/var/log/nginx/live-access.log'),
    SITE: o.site.replace(/\/+$/, ''),
    TOKEN: encodeURIComponent(o.token),
    RTMP_PORT: String(o.rtmpPort ?? 1935),
    HTTP_PORT: String(o.httpPort ?? 8089),
    HLS_DIR: o.hlsDir ?? '/var/lib/gongfu-live/hls',
    RECORD_DIR: o.recordDir ?? '/var/lib/gongfu-live/rec',
  };
  return renderTemplate(TEMPLATE, vars);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      site: { type: 'string' },
      token: { type: 'string', default: process.env.LIVE_NGINX_HOOK_TOKEN },
      'rtmp-port': { type: 'string' },
      'http-port': { type: 'string' },
      'hls-dir': { type: 'string' },
      'record-dir': { type: 'string' },
      module: { type: 'string' },
    },
  });
  process.stdout.write(
    renderLiveConfig({
      // nginx calls the hooks on the site as npm start serves it by default (127.0.0.1:PORT).
      site: values.site ?? process.env.SITE_URL ?? `http://127.0.0.1:${process.env.PORT || 4321}`,
      token: values.token ?? '',
      rtmpPort: values['rtmp-port'] ? Number(values['rtmp-port']) : undefined,
      httpPort: values['http-port'] ? Number(values['http-port']) : undefined,
      hlsDir: values['hls-dir'],
      recordDir: values['record-dir'],
      module: values.module,
    }),
  );
}
