import { env } from '../../env';
import { imageUrl } from '~/lib/rules/image-url';
import { helpArticleGroups } from '../content/content.service';
import { allConfig } from './site.service';
import type { Boot } from '~/lib/runtime';
import { oauthProvider } from '../../providers/oauth';

/** Everything the page chrome (header, footer, dialogs) needs, from cached config and help data. */
export async function chromeData() {
  const [c, help] = await Promise.all([allConfig(), helpArticleGroups(4)]);
  const e = env();
  const media = (p: string | undefined) => imageUrl(p, e.MEDIA_URL);
  const boot: Boot = {
    mediaUrl: e.MEDIA_URL,
    siteName: c['site_name'] || '功夫',
    oauth: { wx: Boolean(oauthProvider('wx')), qq: Boolean(oauthProvider('qq')) },
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
    downloadQr: media(c['download_qr_code']),
    serviceQr: media(c['service_qr_code']),
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
