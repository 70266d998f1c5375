/**
 * Mobile pages with a share card (MobileLayout's #gf-share), opened inside WeChat: set the card
 * through the JS-SDK. Everywhere else this is one test of the user agent; the SDK, the API client
 * and the card code load only inside WeChat.
 */
import type { ShareCardJson } from '~/lib/stores/wx-share';

const el = document.getElementById('gf-share');
if (el && /MicroMessenger/i.test(navigator.userAgent)) {
  try {
    const card = JSON.parse(el.textContent || '{}') as ShareCardJson;
    import('~/lib/stores/wx-share').then(
      (m) => m.setWechatCard(card),
      () => {},
    );
  } catch {
    // A broken card: WeChat's default one.
  }
}
