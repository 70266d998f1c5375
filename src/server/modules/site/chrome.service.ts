import { env } from '../../env';
import { imageUrl } from '~/lib/rules/image-url';
import { helpArticleGroups } from '../content/content.service';
import { allConfig, DRAWN_QR } from './site.service';
import type { Boot } from '~/lib/runtime';
import { oauthProvider, wechatMp } from '../../providers/oauth';

/** Everything the page chrome (header, footer, dialogs) needs, from cached config and help data. */
export async function chromeData() {
  const [c, help] = await Promise.all([allConfig(), helpArticleGroups(4)]);
  const e = env();
  const media = (p: string | undefined) => imageUrl(p, e.MEDIA_URL);
  // A drawn QR code is served by this site, not the media host: same origin as the page.
  const qr = (key: string) => (c[key] ? media(c[key]) : (DRAWN_QR[key] ?? ''));
  const boot: Boot = {
    mediaUrl: e.MEDIA_URL,
    siteName: c['site_name'] || '功夫',
    oauth: { wx: Boolean(oauthProvider('wx')), qq: Boolean(oauthProvider('qq')), wxmp: Boolean(wechatMp()) },
  };
  return {
    boot,
    siteName: boot.siteName,
    slogan: c['site_slogan'] ?? '',
    placeholders: {
      search_keyword: c['search_keyword'] ?? '',
      shop_search_keyword: c['shop_search_keyword'] ?? '',
      live_search_keyword: c['live_search_keyword'] ?? '',
      dongtai_search_keyword: c['dongtai_search_keyword'] ?? '',
    },
    downloadQr: qr('download_qr_code'),
    serviceQr: qr('service_qr_code'),
    kefu: { phone: c['ofline_phone'] ?? '', qq: c['qq'] ?? '', wechat: c['wechat'] ?? '', workTime: c['kefu_work_time'] ?? '' },
    legal: {
      company: c['company_name'] ?? '',
      address: c['company_address'] ?? '',
      icp: c['icp'] ?? '',
      police: c['police_record'] ?? '',
      business: c['business_license'] ?? '',
      culture: c['culture_license'] ?? '',
    },
    app: { version: c['app_version'] ?? '', android: c['app_android_url'] ?? '', ios: c['app_ios_url'] ?? '' },
    help,
  };
}

export type Chrome = Awaited<ReturnType<typeof chromeData>>;
