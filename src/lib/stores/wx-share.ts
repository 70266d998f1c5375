import type { Envelope } from '../api/codes';
import type { ApiOutput } from '../api/types';

/**
 * Inside WeChat: the page's share card (SPEC §3 share payload: title, desc, link, imgUrl) set through
 * WeChat's JS-SDK, so 发送给朋友 and 分享到朋友圈 show the page's title, summary and picture rather than
 * a bare link. Run by every mobile page's script (src/scripts/wx-share.ts), so it imports nothing: the
 * typed client would bring the islands' shared chunk, and React with it, onto every page's critical
 * path. It calls one public endpoint as a guest and reads only code 200. Without the official account
 * configured the server refuses to sign and the page keeps WeChat's default card: nothing is shown or logged.
 */

export const WX_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

/** The card the layout renders into #gf-share. */
export interface ShareCardJson {
  title: string;
  desc: string;
  image: string;
  link: string;
}

/** What both share calls take. */
export interface WxShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

interface WxSdk {
  config(c: { debug: boolean; appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }): void;
  ready(fn: () => void): void;
  error(fn: (e: unknown) => void): void;
  updateAppMessageShareData(d: WxShareData): void;
  updateTimelineShareData(d: WxShareData): void;
}

/**
 * The share data for this page: the card's texts; the link on the page's own origin (WeChat shares
 * only links on the account's JS safe domain, which is the host the page was opened on).
 */
export function shareData(card: ShareCardJson, here: string): WxShareData {
  const page = new URL(here);
  let link = page.href.split('#')[0] ?? page.href;
  try {
    const own = new URL(card.link, page);
    if (own.origin === page.origin) link = own.href;
  } catch {
    // A card without a usable link shares the page itself.
  }
  return { title: card.title, desc: card.desc, link, imgUrl: card.image };
}

/** /api/index/wxJsConfig for this page's URL (the envelope, or null on a network or HTTP failure). */
async function signature(url: string): Promise<Envelope<ApiOutput<'/index/wxJsConfig'>> | null> {
  const res = await fetch('/api/index/wxJsConfig', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authSource: 'web' },
    body: JSON.stringify({ url }),
  });
  return res.ok ? ((await res.json()) as Envelope<ApiOutput<'/index/wxJsConfig'>>) : null;
}

function loadSdk(): Promise<WxSdk> {
  const w = window as Window & { wx?: WxSdk };
  if (w.wx) return Promise.resolve(w.wx);
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = WX_SDK_URL;
    s.async = true;
    s.onload = () => (w.wx ? resolve(w.wx) : reject(new Error('no wx')));
    s.onerror = () => reject(new Error('jweixin'));
    document.head.append(s);
  });
}

/** Signs this page's URL, loads the SDK and sets both share cards; any failure leaves WeChat's default. */
export async function setWechatCard(card: ShareCardJson): Promise<void> {
  const url = location.href.split('#')[0] ?? location.href;
  try {
    // Signed first: without an official account (or for a refused URL) WeChat's script is never fetched.
    const env = await signature(url);
    if (env?.code !== 200) return;
    const wx = await loadSdk();
    const data = shareData(card, location.href);
    wx.config({ debug: false, ...env.data, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] });
    wx.ready(() => {
      wx.updateAppMessageShareData(data);
      wx.updateTimelineShareData(data);
    });
    wx.error(() => {});
  } catch {
    // Not configured, a signature refused, the SDK unreachable: the page shares as a plain link.
  }
}
