import { env } from '../../env';
import { log } from '../../log';
import { pushSecret, type LiveMedia } from './media';
import { signedPushQuery } from './sign';

/**
 * nginx-rtmp (`LIVE_MEDIA=nginx`, Debian's libnginx-mod-rtmp): nginx takes the RTMP pushes, asks
 * our hooks (hooks.routes.ts) on publish — the same signature as the embedded ingest — writes HLS
 * and a recording per broadcast. Viewers play HLS. The config: deploy/nginx/live.conf.template,
 * rendered by `npm run live:nginx-config` (deploy/nginx/README.md).
 */
export const nginxMedia: LiveMedia = {
  kind: 'nginx',
  pushInfo(stream, ttl) {
    const e = env();
    const expire = Math.floor(Date.now() / 1000) + ttl;
    const server = e.LIVE_NGINX_RTMP_URL ?? `rtmp://${e.LIVE_RTMP_HOST ?? new URL(e.SITE_URL).hostname}:${e.LIVE_RTMP_PORT}/live`;
    const key = `${stream}?${signedPushQuery(pushSecret(), stream, expire)}`;
    return { url: `${server}/${key}`, server, key, expiresAt: new Date(expire * 1000).toISOString() };
  },
  playInfo: (stream) => ({ flv: null, hls: `${env().LIVE_NGINX_HLS_URL.replace(/\/+$/, '')}/${stream}.m3u8` }),
  async kick(stream) {
    const control = env().LIVE_NGINX_CONTROL_URL;
    if (!control) {
      log.warn('live: LIVE_NGINX_CONTROL_URL is not set, so the publisher is not dropped at nginx', { stream });
      return;
    }
    const res = await fetch(`${control.replace(/\/+$/, '')}/drop/publisher?app=live&name=${encodeURIComponent(stream)}`, {
      signal: AbortSignal.timeout(5000),
    }).catch((err: unknown) => err as Error);
    if (res instanceof Error || !res.ok)
      log.warn('live: nginx did not drop the publisher', { stream, error: res instanceof Error ? res.message : res.status });
  },
};

/**
 * The streams nginx-rtmp has a publisher for, from its stat page (LIVE_NGINX_STAT_URL, rtmp_stat's
 * XML: one <stream> per stream, with <publishing/> while a publisher is on it). null when not
 * configured or not answering: then nobody can tell, and nothing is ended.
 */
export async function nginxPublishing(): Promise<Set<string> | null> {
  const url = env().LIVE_NGINX_STAT_URL;
  if (!url) return null;
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch((err: unknown) => err as Error);
  if (res instanceof Error || !res.ok) {
    log.warn('live: nginx stat did not answer', { error: res instanceof Error ? res.message : res.status });
    return null;
  }
  const xml = await res.text();
  const live = new Set<string>();
  for (const [, block = ''] of xml.matchAll(/<stream>([\s\S]*?)<\/stream>/g)) {
    const name = /<name>([^<]*)<\/name>/.exec(block)?.[1];
    if (name && block.includes('<publishing/>')) live.add(name);
  }
  return live;
}
