// @ts-check
// Renders deploy/nginx/site.conf.template: nginx with TLS in front of several app instances.
//   npm run nginx:site-config -- --server-name gongfu.example.com --upstream 127.0.0.1:4321 --upstream 127.0.0.1:4322 \
//     --cert /etc/letsencrypt/live/gongfu.example.com/fullchain.pem --key /etc/letsencrypt/live/gongfu.example.com/privkey.pem \
//     > /etc/nginx/nginx.conf
// Also imported by the cluster rig (scripts/cluster-rig.mjs), which runs the result in the foreground.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { httpScratch, renderTemplate } from './nginx-template.mjs';

const TEMPLATE = fileURLToPath(new URL('../deploy/nginx/site.conf.template', import.meta.url));

/**
 * @param {{ upstreams: string[]; serverName?: string | undefined; cert: string; key: string; httpPort?: number | undefined;
 *   httpsPort?: number | undefined; prefix?: string | undefined; extraLocations?: string | undefined }} o
 *   `upstreams`: host:port of each instance; `prefix`: a scratch directory for a foreground nginx (pid, logs, temp files).
 */
export function renderSiteConfig(o) {
  if (!o.upstreams?.length) throw new Error('at least one --upstream host:port is required');
  if (!o.cert || !o.key) throw new Error('--cert and --key are required (TLS)');
  for (const u of o.upstreams) if (!/^[\w.-]+:\d+$/.test(u)) throw new Error(`bad upstream "${u}" (host:port)`);
  const p = o.prefix;
  const httpsPort = o.httpsPort ?? 443;
  const vars = {
    MAIN: p
      ? `worker_processes 1;\npid ${p}/nginx.pid;\nerror_log ${p}/error.log warn;\ndaemon off;`
      : 'user www-data;\nworker_processes auto;\npid /run/nginx.pid;\nerror_log /var/log/nginx/error.log warn;',
    MIME_TYPES: '/etc/nginx/mime.types',
    HTTP_SCRATCH: httpScratch(p, '/var/log/nginx/access.log'),
    UPSTREAMS: o.upstreams.map((u) => `    server ${u} max_fails=2 fail_timeout=3s;`).join('\n'),
    SERVER_NAME: o.serverName ?? '_',
    HTTP_PORT: String(o.httpPort ?? 80),
    HTTPS_PORT: String(httpsPort),
    HTTPS_PORT_SUFFIX: httpsPort === 443 ? '' : `:${httpsPort}`,
    CERT: o.cert,
    KEY: o.key,
    EXTRA_LOCATIONS: o.extraLocations ?? '',
  };
  return renderTemplate(TEMPLATE, vars);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      upstream: { type: 'string', multiple: true },
      'server-name': { type: 'string' },
      cert: { type: 'string' },
      key: { type: 'string' },
      'http-port': { type: 'string' },
      'https-port': { type: 'string' },
    },
  });
  process.stdout.write(
    renderSiteConfig({
      upstreams: values.upstream ?? [],
      serverName: values['server-name'],
      cert: values.cert ?? '',
      key: values.key ?? '',
      httpPort: values['http-port'] ? Number(values['http-port']) : undefined,
      httpsPort: values['https-port'] ? Number(values['https-port']) : undefined,
    }),
  );
}
