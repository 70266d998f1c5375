import { createHash, randomBytes } from 'node:crypto';
import { env } from '../../env';
import { log } from '../../log';
import { sharedRedis } from '../../redis';
import { refuse } from '../../http/errors';
import { mobileSiteOrigin } from '../../edge/mobile-host';

/**
 * The WeChat JS-SDK share card of the mobile site (SPEC §3 share payload: title, desc, link, imgUrl).
 * Inside WeChat a page calls `wx.config` with a signature of its own URL made from the official
 * account's `jsapi_ticket`. The ticket (and the access_token it is read with) lives 7200 s and WeChat
 * limits how often either may be fetched, so it is kept until shortly before it expires, fetched by
 * one caller at a time, and with Redis shared by every instance (a second instance fetching its own
 * access_token would cut the first one's short).
 * @see https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/JS-SDK.html (附录1 签名算法)
 */

export const WX_SHARE_TEXTS = {
  notConfigured: '微信分享未配置',
  foreignUrl: '只能为本站页面签名',
  failed: '微信分享签名失败，请稍后重试',
} as const;

/** Fetch a new ticket this long before the old one expires (WeChat's 7200 s minus a margin). */
const EARLY_MS = 5 * 60_000;
/** How long one instance may hold the refresh before another may try. */
const LOCK_MS = 10_000;

interface Ticket {
  ticket: string;
  /** Epoch ms when WeChat stops accepting it. */
  expiresAt: number;
}

/** WeChat's JS-SDK signature: sha1 of the four fields in this order; the URL without its #fragment. */
export function jsapiSignature(p: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const url = p.url.split('#')[0] ?? '';
  return createHash('sha1').update(`jsapi_ticket=${p.ticket}&noncestr=${p.nonceStr}&timestamp=${p.timestamp}&url=${url}`).digest('hex');
}

/** The `wx.config` values for a page of this site; refuses without MP config or for another site's URL. */
export async function wxJsConfig(url: string): Promise<{ appId: string; timestamp: number; nonceStr: string; signature: string }> {
  const { WX_MP_APP_ID: appId, WX_MP_APP_SECRET: secret } = env();
  if (!appId || !secret) throw refuse(WX_SHARE_TEXTS.notConfigured);
  if (!isOwnPage(url)) throw refuse(WX_SHARE_TEXTS.foreignUrl);
  let ticket: string;
  try {
    ticket = await jsapiTicket(appId, secret);
  } catch (err) {
    log.warn('wechat jsapi_ticket', { error: err instanceof Error ? err.message : String(err) });
    throw refuse(WX_SHARE_TEXTS.failed);
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const nonceStr = randomBytes(8).toString('hex');
  return { appId, timestamp, nonceStr, signature: jsapiSignature({ ticket, nonceStr, timestamp, url }) };
}

function isOwnPage(url: string): boolean {
  try {
    const origin = new URL(url).origin;
    return origin === new URL(env().SITE_URL).origin || origin === mobileSiteOrigin();
  } catch {
    return false;
  }
}

let kept: { appId: string; value: Ticket } | null = null;
let refreshing: { appId: string; value: Promise<Ticket> } | null = null;

const fresh = (t: Ticket | null | undefined): t is Ticket => !!t && t.expiresAt - EARLY_MS > Date.now();

/** The account's jsapi_ticket: kept, else fetched once however many pages ask at the same moment. */
export async function jsapiTicket(appId: string, secret: string): Promise<string> {
  if (kept?.appId === appId && fresh(kept.value)) return kept.value.ticket;
  if (refreshing?.appId !== appId) {
    const value: Promise<Ticket> = sharedTicket(appId, () => fetchTicket(appId, secret))
      .then((t) => {
        kept = { appId, value: t };
        return t;
      })
      .finally(() => {
        if (refreshing?.value === value) refreshing = null;
      });
    refreshing = { appId, value };
  }
  return (await refreshing.value).ticket;
}

/** Forgets the kept ticket (tests). */
export function resetJsapiTicket(): void {
  kept = null;
  refreshing = null;
}

/**
 * With Redis: the ticket another instance fetched, or this instance fetches it under a short lock
 * while the others wait for it. Without Redis (one instance), or when Redis fails: fetched here.
 */
async function sharedTicket(appId: string, load: () => Promise<Ticket>): Promise<Ticket> {
  const redis = sharedRedis();
  if (!redis) return load();
  const key = `gf:wx:jsapi_ticket:${appId}`;
  const read = async (): Promise<Ticket | null> => {
    const raw = await redis.get(key);
    const t = raw ? (JSON.parse(raw) as Ticket) : null;
    return fresh(t) ? t : null;
  };
  try {
    const hit = await read();
    if (hit) return hit;
    if ((await redis.set(`${key}:lock`, '1', 'PX', LOCK_MS, 'NX')) === 'OK') {
      try {
        const t = await load();
        await redis.set(key, JSON.stringify(t), 'PX', Math.max(1000, t.expiresAt - Date.now()));
        return t;
      } finally {
        await redis.del(`${key}:lock`).catch(() => 0);
      }
    }
    for (let waited = 0; waited < LOCK_MS; waited += 250) {
      await new Promise((r) => setTimeout(r, 250));
      const t = await read();
      if (t) return t;
    }
  } catch (err) {
    log.warn('wechat jsapi_ticket in redis', { error: err instanceof Error ? err.message : String(err) });
  }
  return load();
}

/** access_token, then the jsapi ticket, from the official account API (WX_API_URL). */
async function fetchTicket(appId: string, secret: string): Promise<Ticket> {
  const api = env().WX_API_URL.replace(/\/+$/, '');
  const token = await getJson(`${api}/cgi-bin/token?${new URLSearchParams({ grant_type: 'client_credential', appid: appId, secret })}`);
  const accessToken = typeof token['access_token'] === 'string' ? token['access_token'] : '';
  if (!accessToken) throw new Error(`token: ${String(token['errcode'])} ${String(token['errmsg'])}`);
  const t = await getJson(`${api}/cgi-bin/ticket/getticket?${new URLSearchParams({ access_token: accessToken, type: 'jsapi' })}`);
  if (Number(t['errcode'] ?? 0) !== 0 || typeof t['ticket'] !== 'string' || !t['ticket'])
    throw new Error(`getticket: ${String(t['errcode'])} ${String(t['errmsg'])}`);
  const seconds = Number(t['expires_in']) > 0 ? Number(t['expires_in']) : 7200;
  return { ticket: t['ticket'], expiresAt: Date.now() + seconds * 1000 };
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { signal: AbortSignal.timeout(8000) });
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`unexpected answer (${res.status}): ${text.slice(0, 120)}`);
  }
}
