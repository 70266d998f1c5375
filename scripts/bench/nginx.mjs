// @ts-check
// The reference: nginx serving the saved page HTML as static files, run as our own child with its
// own prefix, config, pid and logs under the bench's temp dir (never the system's nginx).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { log, spawnTracked, stopChild, waitForHttp } from './util.mjs';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx', '/usr/bin/nginx', '/opt/homebrew/bin/nginx'];

/** The nginx binary (`--nginx=path` wins), or null when none is installed. */
export function findNginx(given) {
  if (given && given !== true) return existsSync(given) ? given : null;
  for (const c of CANDIDATES) if (existsSync(c)) return c;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * The config. `static` (default): every page is saved three ways — the brotli bytes our server sent,
 * the decoded HTML, and a gzip -9 copy — and nginx picks the file the client accepts (brotli first,
 * then `gzip_static`), so it sends the very bytes the Node server sent and does no compression work.
 * `gzip`: nginx compresses the decoded HTML on every request (`gzip on`, level 1, nginx's default).
 * One worker process, as the app is one Node process; no access log.
 */
function config({ dir, site, port, contentType, mode }) {
  const tmp = join(dir, 'tmp');
  const pageLocation =
    mode === 'gzip'
      ? `      gzip on;
      gzip_comp_level 1;
      gzip_min_length 1024;
      gzip_types text/html;
      try_files $uri =404;`
      : `      gzip off;
      gzip_static on;
      add_header Content-Encoding $bench_ce;
      try_files $uri$bench_br $uri =404;`;
  return `# written by scripts/bench/nginx.mjs
worker_processes 1;
daemon off;
master_process on;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  server_tokens off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  open_file_cache max=100 inactive=60s;
  types { }
  default_type "${contentType}";
  map $http_accept_encoding $bench_br { default ""; "~*\\bbr\\b" ".br"; }
  map $bench_br $bench_ce { default ""; ".br" "br"; }
  server {
    listen 127.0.0.1:${port};
    root ${site};
    location /p/ {
      add_header Vary "Accept-Encoding";
      add_header Cache-Control "public, max-age=30";
${pageLocation}
    }
  }
}
`;
}

/** Starts nginx over `site` (the saved pages are under /p/), config and logs in `dir`; resolves once it answers. */
export async function startNginx({ bin, dir, site, port, contentType, mode = 'static' }) {
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, config({ dir, site, port, contentType, mode }));
  try {
    execFileSync(bin, ['-t', '-q', '-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = /** @type {Error & { stderr?: Buffer }} */ (e);
    throw new Error(`nginx refused ${conf}: ${err.stderr?.toString() ?? err.message}`);
  }
  const child = spawnTracked(bin, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/p/`, 10_000, child);
  } catch (e) {
    await stopChild(child);
    throw new Error(`nginx did not start: ${e instanceof Error ? e.message : e}\n${stderr}`);
  }
  log(`nginx pid ${child.pid} on ${base} (${mode})`);
  // SIGQUIT is nginx's graceful stop; the master takes its worker with it.
  return { base, conf, stop: () => stopChild(child, 'SIGQUIT', 5000) };
}
