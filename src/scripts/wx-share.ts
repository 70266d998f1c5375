/**
 * Mobile pages with a share card (MobileLayout's #gf-share), opened inside WeChat: set the card
 * through the JS-SDK (src/lib/stores/wx-share.ts, a few hundred bytes that import nothing).
 * Everywhere else this is one test of the user agent.
 */
import { setWechatCard, type ShareCardJson } from '~/lib/stores/wx-share';

const el = document.getElementById('gf-share');
if (el && /MicroMessenger/i.test(navigator.userAgent)) {
  try {
    void setWechatCard(JSON.parse(el.textContent || '{}') as ShareCardJson);
  } catch {
    // A broken card: WeChat's default one.
  }
}
