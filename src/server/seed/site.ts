import { count } from 'drizzle-orm';
import { db } from '../db/index';
import { adverts, config } from '../db/schema';
import { storage } from '../providers/storage';
import { allConfig, setConfig } from '../modules/site/site.service';
import { bannerSvg, paletteAt } from './art';

/**
 * Config values of SPEC §3 plus ours (site name, legal notices, app links). No origin: links are site
 * paths resolved against SITE_URL when read, and the two QR images stay empty until an operator
 * uploads one — until then the site draws them from SITE_URL (modules/site/site-qr.ts).
 */
export function defaultConfig(): Record<string, [string, string]> {
  return {
    site_name: ['功夫', '站点名称'],
    site_slogan: ['学功夫，上功夫', '站点口号'],
    ofline_phone: ['400-820-8866', '客服电话'],
    wechat: ['gongfu_kefu', '客服微信'],
    qq: ['800820886', '客服 QQ'],
    kefu_work_time: ['每天 9:00–21:00', '客服时间'],
    search_keyword: ['太极拳', '课程搜索默认词'],
    shop_search_keyword: ['练功服', '商城搜索默认词'],
    live_search_keyword: ['咏春', '直播搜索默认词'],
    dongtai_search_keyword: ['晨练', '功夫圈搜索默认词'],
    search_hot_words: ['太极拳,咏春,八段锦,散打,练功服,太极剑', '热门搜索词'],
    company_name: ['功夫（北京）网络科技有限公司', '公司名称'],
    company_address: ['北京市海淀区中关村大街 1 号', '公司地址'],
    icp: ['京ICP备2026000001号-1', 'ICP 备案号'],
    police_record: ['京公网安备 11010802000001号', '公安备案号'],
    business_license: ['增值电信业务经营许可证：京B2-20260001', '经营许可证'],
    culture_license: ['网络文化经营许可证：京网文〔2026〕0001-001号', '网络文化经营许可证'],
    app_version: ['3.2.0', 'App 版本'],
    // Store links are the operator's (console 配置); unset, /download offers the mobile site's QR code.
    app_android_url: ['', '安卓下载地址'],
    app_ios_url: ['', 'iOS 下载地址'],
    download_qr_code: ['', 'App 下载二维码'],
    service_qr_code: ['', '公众号二维码'],
    service_qr_text: ['/help', '公众号二维码内容'],
    // The platform's commission on every paid order, in basis points (500 = 5%).
    seller_commission_bp: ['500', '平台佣金（万分比，500 = 5%）'],
    // Settlement fees in fen, paid in kung fu coins once an application is approved (0 = free).
    coach_settle_fee: ['0', '教练入驻费（分，0 为免费）'],
    shop_settle_fee: ['0', '店主入驻费（分，0 为免费）'],
    // Coins an inviter earns when an invited friend's first order completes (0 = no reward).
    invite_reward_coins: ['50', '邀请好友奖励（功夫币，好友首单完成后发放）'],
  };
}

const BANNERS: [string, string, string][] = [
  ['名师太极 · 二十四式精讲', '零基础也能跟练，免费试看三节', '/train/course'],
  ['咏春寸劲 · 线下小班开课', '北京、上海、广州多地开班，限额招生', '/train/class'],
  ['金牌教练 · 一对一指导', '国家级武术运动员、非遗传承人入驻', '/train/coach'],
  ['练功装备 · 新品上架', '练功服、护具、器械，正品保障', '/shop'],
];

/** Adverts of the /aa activity page (position `aa`): title, subtitle, link. */
const ACTIVITIES: [string, string, string][] = [
  ['新人专享 · 领券学功夫', '注册即领新人优惠券，课程、班级、装备通用', '/coupon'],
  ['周末公开课 · 多城开班', '太极、咏春、散打线下小班，报名即送练功服', '/train/class'],
];

/** Config and the home and activity adverts, when those tables are empty. */
export async function seedSite(): Promise<{ config: number; adverts: number }> {
  let configAdded = 0;
  const [c] = await db().select({ n: count() }).from(config);
  if (!c?.n) {
    const defaults = defaultConfig();
    const values = Object.fromEntries(Object.entries(defaults).map(([k, [v]]) => [k, v]));
    const titles = Object.fromEntries(Object.entries(defaults).map(([k, [, t]]) => [k, t]));
    await setConfig(values, titles);
    configAdded = Object.keys(values).length;
  }
  let advertsAdded = 0;
  const [a] = await db().select({ n: count() }).from(adverts);
  if (!a?.n) {
    for (const [i, [title, subtitle, link]] of BANNERS.entries()) {
      const image = await storage().put(`seed/banner-${i + 1}.svg`, Buffer.from(bannerSvg(title, subtitle, paletteAt(i))), 'image/svg+xml');
      await db().insert(adverts).values({ position: 'home_banner', title, image, link, sort: i });
      advertsAdded++;
    }
    for (const [i, [title, subtitle, link]] of ACTIVITIES.entries()) {
      const image = await storage().put(
        `seed/activity-${i + 1}.svg`,
        Buffer.from(bannerSvg(title, subtitle, paletteAt(i + 4), '活动')),
        'image/svg+xml',
      );
      await db().insert(adverts).values({ position: 'aa', title, image, link, sort: i });
      advertsAdded++;
    }
  }
  await allConfig();
  return { config: configAdded, adverts: advertsAdded };
}
