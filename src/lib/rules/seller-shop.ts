/**
 * Rules of the seller settings, homepage banners, goods editing and agency, shared by
 * the contracts (server) and the stores (browser). Zod-free, so a page importing a message or a
 * limit does not pull zod into its JavaScript.
 */

/** Banner images a homepage may carry. */
export const BANNER_MAX = 5;

/** Goods form limits. */
export const GOODS_LIMITS = {
  titleMax: 64,
  imagesMax: 9,
  specNamesMax: 3,
  specNameMax: 8,
  specValueMax: 16,
  skusMax: 50,
  /** ¥999,999 in fen. */
  priceMax: 99_999_900,
  stockMax: 999_999,
  detailMax: 20_000,
} as const;

/** Agency commission: basis points of the paid amount (100 bp = 1%), at most 50%. */
export const AGENT_RATE_MAX_BP = 5000;

/** Labels (a coach's styles, a shop's labels) on the settings form. */
export const LABELS_MAX = 6;
export const LABEL_MAX_LEN = 8;

export const SELLER_TEXTS = {
  bannerFull: `最多只能设置 ${BANNER_MAX} 张轮播图`,
  bannerImage: '请上传轮播图图片',
  badLink: '链接须为本站路径（以 / 开头）或 https:// 开头的网址',
  badImage: '图片地址不正确，请重新上传',
  bannerSortMismatch: '轮播图已有变动，请刷新后再排序',
  nameRequired: '请填写名称',
  phoneInvalid: '请填写正确的手机号',
  wechatInvalid: '微信号为 6-20 位字母、数字、下划线或减号，以字母开头',
  goodsTitle: '请填写商品标题',
  goodsImages: '请至少上传一张商品图片',
  goodsCategory: '请选择商品分类',
  skuRequired: '请至少添加一个规格',
  skuSpecsMismatch: '每个规格都要填写全部规格项的值',
  skuDuplicate: '有两个规格的取值完全相同',
  specNameDuplicate: '规格名不能重复',
  singleSku: '没有规格名时只能有一个规格（单规格商品）',
  stockChanged: '库存已有变动（期间有新订单或别处修改），已为你刷新，请确认后再保存',
  skuInUse: '该规格还有未完成的订单，不能删除；可把库存改为 0',
  goodsNotFound: '商品不存在',
  cancelPending: '店铺注销审核中，商品暂不能上架；撤回注销申请后可上架',
  rateInvalid: `佣金比例须在 0.01% 到 ${AGENT_RATE_MAX_BP / 100}% 之间`,
  offerGone: '该商品或课程已不再开放代理',
  ownItem: '不能代理自己的商品或课程',
  notPicked: '还没有代理这一项',
  freeCourse: '免费课程没有佣金，不能开放代理',
} as const;

/**
 * A banner link as stored: '' (none), a same-site path (one leading '/', no '//' or backslash) or
 * an https URL. Anything else (javascript:, http:, protocol-relative) is refused.
 */
export function bannerLinkError(link: string): string | null {
  const v = link.trim();
  if (!v) return null;
  if (v.length > 255) return SELLER_TEXTS.badLink;
  if (/[\s\\<>"']/.test(v)) return SELLER_TEXTS.badLink;
  if (v.startsWith('/')) return v.startsWith('//') ? SELLER_TEXTS.badLink : null;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname.includes('.') && !u.username && !u.password ? null : SELLER_TEXTS.badLink;
  } catch {
    return SELLER_TEXTS.badLink;
  }
}

/** A commission in percent as typed ("12.5") → basis points (1250); null when not a valid rate. 0/'' = not offered. */
export function percentToBp(text: string): number | null {
  const v = text.trim();
  if (!v) return 0;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(v)) return null;
  const bp = Math.round(Number(v) * 100);
  return bp <= AGENT_RATE_MAX_BP ? bp : null;
}

/** Basis points → "12.5%" for display ('' for 0). */
export function bpText(bp: number): string {
  if (!bp) return '';
  return `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** The commission on `amount` fen at `bp`, rounded down to whole fen (the owner keeps the remainder). */
export function commissionOf(amount: number, bp: number): number {
  return Math.floor((amount * bp) / 10_000);
}

/**
 * Where a buyer arriving from an agent's homepage lands: the item's page with `agent=coach:12` or
 * `agent=shop:7`, which the order pages carry into the order (orders/money helper).
 */
export function agentParam(type: 'coach' | 'shop', id: number): string {
  return `${type}:${id}`;
}

/** Parses `?agent=coach:12` / `shop:7`; null when absent or malformed. */
export function parseAgentParam(v: string | null | undefined): { type: 'coach' | 'shop'; id: number } | null {
  const m = /^(coach|shop):([1-9]\d{0,9})$/.exec(v ?? '');
  if (!m) return null;
  const id = Number(m[2]);
  return id <= 2_147_483_647 ? { type: m[1] as 'coach' | 'shop', id } : null;
}

/** A wechat id: 6–20 letters, digits, _ or -, starting with a letter (WeChat's own rule). */
export const WECHAT_RE = /^[a-zA-Z][-_a-zA-Z0-9]{5,19}$/;
