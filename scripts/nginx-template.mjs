// @ts-check
// What the nginx config renderers share (live-nginx-config.mjs, nginx-site-config.mjs).
import { readFileSync } from 'node:fs';

/**
 * `{{NAME}}` → vars.NAME in a template file; an unknown name is an error, never left in.
 * @param {string | URL} file
 * @param {Record<string, string | number>} vars
 */
export function renderTemplate(file, vars) {
  return readFileSync(file, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, k) => {
    if (!(k in vars)) throw new Error(`unknown template variable ${k}`);
    return String(vars[k]);
  });
}

/**
 * The http{} lines that put nginx's temp files and access log under `prefix` (a foreground nginx
 * in a scratch directory: tests, the cluster rig), or the system's access log at `accessLog`.
 * @param {string | undefined} prefix
 * @param {string} accessLog
 */
export function httpScratch(prefix, accessLog) {
  return prefix
    ? [
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t}_temp;`),
        `  access_log ${prefix}/access.log;`,
      ].join('\n')
    : `  access_log ${accessLog};`;
}
