/**
 * Rules of the console's content, configuration and catalogue pages, shared by the
 * contract, the server and the islands.
 */

/** How a config value is edited and checked. */
export type ConfigType = 'text' | 'phone' | 'image' | 'keyword' | 'url' | 'bp';

export interface ConfigKeyDef {
  key: string;
  title: string;
  type: ConfigType;
  /** Money-related keys (commission, fees, minimums): only super may change them. */
  money?: boolean;
  hint?: string;
}

/**
 * The config keys the site reads (SPEC §3 and ours), in the order the form shows them. Keys in the
 * table that are not listed here are shown as plain text and treated as money-related (super only):
 * a key another feature adds (a settlement fee…) is never opened to every content operator by default.
 */
export const CONFIG_KEYS: readonly ConfigKeyDef[] = [
  { key: 'download_qr_code', title: 'App 下载二维码', type: 'image', hint: '未上传时显示按站点地址生成的下载页二维码' },
  { key: 'service_qr_code', title: '公众号二维码', type: 'image', hint: '未上传时按「公众号二维码内容」生成' },
  { key: 'ofline_phone', title: '客服电话', type: 'phone', hint: '如 400-820-8866 或 010-12345678' },
  { key: 'wechat', title: '客服微信', type: 'text' },
  { key: 'qq', title: '客服 QQ', type: 'text', hint: '5–12 位数字' },
  { key: 'kefu_work_time', title: '客服时间', type: 'text' },
  { key: 'im_banned_words', title: '聊天屏蔽词', type: 'text', hint: '多个词用逗号分隔，聊天消息中显示为 *' },
  { key: 'search_keyword', title: '课程搜索默认词', type: 'keyword' },
  { key: 'shop_search_keyword', title: '商城搜索默认词', type: 'keyword' },
  { key: 'live_search_keyword', title: '直播搜索默认词', type: 'keyword' },
  { key: 'dongtai_search_keyword', title: '功夫圈搜索默认词', type: 'keyword' },
  { key: 'search_hot_words', title: '热门搜索词', type: 'text', hint: '搜索框为空时显示，最多 10 个，用逗号分隔' },
  { key: 'site_name', title: '站点名称', type: 'text' },
  { key: 'site_slogan', title: '站点口号', type: 'text' },
  { key: 'company_name', title: '公司名称', type: 'text' },
  { key: 'company_address', title: '公司地址', type: 'text' },
  { key: 'icp', title: 'ICP 备案号', type: 'text' },
  { key: 'police_record', title: '公安备案号', type: 'text' },
  { key: 'business_license', title: '经营许可证', type: 'text' },
  { key: 'culture_license', title: '网络文化经营许可证', type: 'text' },
  { key: 'app_version', title: 'App 版本', type: 'text' },
  { key: 'app_android_url', title: '安卓下载地址', type: 'url', hint: '应用商店的 https 地址；留空则下载页只显示手机访问二维码' },
  { key: 'app_ios_url', title: 'iOS 下载地址', type: 'url', hint: 'App Store 的 https 地址；留空则下载页只显示手机访问二维码' },
  { key: 'service_qr_text', title: '公众号二维码内容', type: 'text', hint: '以 / 开头的站内路径按站点地址补全，如 /help' },
  { key: 'seller_commission_bp', title: '平台佣金（万分比，500 = 5%）', type: 'bp', money: true, hint: '0–10000' },
];

export const configDef = (key: string): ConfigKeyDef | undefined => CONFIG_KEYS.find((k) => k.key === key);

/** What is wrong with a config value of a type, or null. The server checks it; the form shows it early. */
export function configValueError(type: ConfigType, value: string): string | null {
  const v = value.trim();
  switch (type) {
    case 'phone':
      return /^(\d{3,4}-?\d{7,8}|400-?\d{3}-?\d{4}|1\d{10})$/.test(v) ? null : '电话格式不正确，如 400-820-8866 或 010-12345678';
    case 'image':
      return v ? null : '请上传图片';
    case 'keyword':
      return v.length >= 1 && v.length <= 16 ? null : '搜索默认词为 1–16 个字';
    case 'url':
      // Empty = not configured (the page shows what works instead of a link).
      return v === '' || /^https:\/\/[^\s]+$/.test(v) ? null : '请填写 https:// 开头的地址，或留空';
    case 'bp':
      return /^\d{1,5}$/.test(v) && Number(v) <= 10_000 ? null : '请填写 0–10000 的整数（万分比）';
    case 'text':
      return v.length <= 200 ? null : '最多 200 个字';
  }
}

/** Advert positions the site shows. */
export const ADVERT_POSITIONS = [
  { key: 'home_banner', name: '首页轮播' },
  { key: 'aa', name: '活动页' },
] as const;
export type AdvertPosition = (typeof ADVERT_POSITIONS)[number]['key'];

/** What catalogue oversight covers. */
export const CATALOGUE_KINDS = ['course', 'class', 'goods', 'shop'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];
export const CATALOGUE_KIND_TEXT: Record<CatalogueKind, string> = { course: '课程', class: '班级', goods: '商品', shop: '店铺' };

/** Where the owner (and an operator) sees an item on the public site. */
export function cataloguePublicPath(kind: CatalogueKind, id: number): string {
  switch (kind) {
    case 'course':
      return `/train/courseDetail?id=${id}`;
    case 'class':
      return `/train/classDetail?id=${id}`;
    case 'goods':
      return `/shop/goodsDetail?id=${id}`;
    case 'shop':
      return `/anchor?type=mechant&id=${id}`;
  }
}

/** The notice the owner gets when the platform takes something down or puts it back. */
export const HOLD_NOTICE = {
  offTitle: (kind: CatalogueKind, title: string) =>
    kind === 'shop' ? `您的店铺「${title}」已被平台暂停营业` : `您的${CATALOGUE_KIND_TEXT[kind]}「${title}」已被平台下架`,
  offBody: (kind: CatalogueKind, reason: string) =>
    `<p>原因：${escapeHtml(reason)}</p><p>${
      kind === 'shop' ? '暂停期间店铺及其在售商品、课程不对外展示，也不能重新上架。' : '下架期间不能重新上架。'
    }如有疑问或已完成整改，请联系平台客服。</p>`,
  onTitle: (kind: CatalogueKind, title: string) =>
    kind === 'shop' ? `您的店铺「${title}」已恢复营业` : `您的${CATALOGUE_KIND_TEXT[kind]}「${title}」已由平台恢复上架`,
};

/** The seller's refusal when they try to put back on sale something the platform took down. */
export const HELD_TEXT = '该内容已被平台下架，整改后请联系平台客服恢复，不能自行上架';
export const SHOP_HELD_TEXT = '店铺已被平台暂停营业，暂不能上架商品';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
