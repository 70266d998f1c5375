import { VIP_TEXTS } from '../rules/vip';
import { api } from '../api/client';
import type { ApiOutput } from '../api/types';
import type { AgentItem, AgentKind, Banner, BannerList, CoachSettings, ManageGoods, ShopSettings } from '../api/contract/seller-shop';
import { PHONE_RE } from '../rules/phone';
import type { SellerArea } from '../rules/seller-nav';
import {
  BANNER_MAX,
  GOODS_LIMITS as L,
  LABELS_MAX,
  LABEL_MAX_LEN,
  SELLER_TEXTS as S,
  WECHAT_RE,
  bannerLinkError,
  bpText,
  percentToBp,
} from '../rules/seller-shop';
import { check } from './action';

/* Browser logic of the seller settings, banners, goods and agency pages. */

/* ---------- settings ---------- */

/** The settings form: one shape for both areas (title and years are the coach's). */
export interface SettingsForm {
  name: string;
  avatar: string;
  cover: string;
  intro: string;
  city: string;
  /** Labels typed as one line, separated by spaces or commas. */
  labels: string;
  phone: string;
  wechat: string;
  title: string;
  years: string;
  anchor: string;
}

export async function loadSettings(area: SellerArea): Promise<SettingsForm> {
  const s: CoachSettings | ShopSettings = area === 'coach' ? await api('/coach/setInfo', {}) : await api('/shop/setInfo', {});
  return settingsForm(s);
}

export function settingsForm(s: CoachSettings | ShopSettings): SettingsForm {
  return {
    name: s.name,
    avatar: s.avatar,
    cover: s.cover,
    intro: s.intro,
    city: s.city,
    labels: s.labels.join(' '),
    phone: s.phone,
    wechat: s.wechat,
    title: 'title' in s ? s.title : '',
    years: 'years' in s ? String(s.years) : '0',
    anchor: s.anchor,
  };
}

/** '太极 器械，养生' → ['太极', '器械', '养生'] (duplicates dropped). */
export function splitLabels(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，、]+/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
}

/** Checks the form like the server does, then saves; answers the saved form. */
export async function saveSettings(area: SellerArea, form: SettingsForm): Promise<SettingsForm> {
  const name = form.name.trim();
  check(name ? null : S.nameRequired);
  const labels = splitLabels(form.labels);
  check(labels.length > LABELS_MAX ? `最多 ${LABELS_MAX} 个标签` : null);
  check(labels.some((l) => l.length > LABEL_MAX_LEN) ? `每个标签最多 ${LABEL_MAX_LEN} 个字` : null);
  const phone = form.phone.trim();
  check(phone && !PHONE_RE.test(phone) ? S.phoneInvalid : null);
  const wechat = form.wechat.trim();
  check(wechat && !WECHAT_RE.test(wechat) ? S.wechatInvalid : null);
  const base = { name, avatar: form.avatar, cover: form.cover, intro: form.intro.trim(), city: form.city.trim(), labels, phone, wechat };
  if (area === 'coach') {
    check(/^\d{1,2}$/.test(form.years.trim()) ? null : '教龄须为 0-80 的整数');
    return settingsForm(await api('/coach/setInfoSave', { ...base, title: form.title.trim(), years: Number(form.years.trim()) }));
  }
  return settingsForm(await api('/shop/setInfoSave', base));
}

/* ---------- banners ---------- */

export const loadBanners = (): Promise<BannerList> => api('/seller/bannerList', {});

export async function addBanner(current: Banner[], image: string, link: string): Promise<BannerList> {
  check(current.length >= BANNER_MAX ? S.bannerFull : null);
  check(image ? null : S.bannerImage);
  check(bannerLinkError(link));
  return api('/seller/bannerSave', { image, link: link.trim() });
}

export async function editBanner(b: Banner, patch: { image?: string; link?: string }): Promise<BannerList> {
  const link = (patch.link ?? b.link).trim();
  check(bannerLinkError(link));
  return api('/seller/bannerSave', { id: b.id, image: patch.image ?? b.image, link });
}

export const deleteBanner = (id: number): Promise<BannerList> => api('/seller/bannerDelete', { id });

/** The ids after moving one banner up (-1) or down (+1); null when it cannot move. */
export function movedIds(list: Banner[], id: number, dir: -1 | 1): number[] | null {
  const ids = list.map((b) => b.id);
  const i = ids.indexOf(id);
  const j = i + dir;
  const other = ids[j];
  if (i < 0 || other === undefined) return null;
  ids[j] = id;
  ids[i] = other;
  return ids;
}

export const sortBanners = (ids: number[]): Promise<BannerList> => api('/seller/bannerSort', { ids });

/* ---------- goods ---------- */

export interface SkuRow {
  id?: number;
  specs: string[];
  /** Yuan as typed, e.g. '58' or '58.50'. */
  price: string;
  /** 会员价 in yuan as typed; '' = none (modules/vip). */
  vipPrice: string;
  stock: string;
  /** The stock shown when the form loaded (existing SKUs). */
  stockWas?: number;
  held: number;
}

export interface GoodsForm {
  id?: number;
  title: string;
  images: string[];
  categoryId: number;
  specNames: string[];
  skus: SkuRow[];
  detail: string;
  /** Commission in percent as typed; '' = not offered for agency. */
  rate: string;
}

export const emptyGoodsForm = (): GoodsForm => ({
  title: '',
  images: [],
  categoryId: 0,
  specNames: ['规格'],
  skus: [{ specs: [''], price: '', vipPrice: '', stock: '', held: 0 }],
  detail: '',
  rate: '',
});

const fenText = (fen: number) => (fen % 100 ? (fen / 100).toFixed(2) : String(fen / 100));

export function goodsFormOf(g: ManageGoods): GoodsForm {
  return {
    id: g.id,
    title: g.title,
    images: g.images,
    categoryId: g.category_id,
    specNames: g.spec_names,
    skus: g.skus.map((s) => ({
      id: s.id,
      specs: s.specs,
      price: fenText(s.price),
      vipPrice: s.vip_price ? fenText(s.vip_price) : '',
      stock: String(s.stock),
      stockWas: s.stock,
      held: s.held,
    })),
    detail: g.detail,
    rate: bpText(g.agent_rate_bp).replace('%', ''),
  };
}

/** '58' / '58.5' / '58.50' → 5850 fen; null when not a price. */
export function yuanToFen(text: string): number | null {
  const v = text.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(v)) return null;
  return Math.round(Number(v) * 100);
}

/** Spec names changed: every SKU row keeps one value per name (new names get ''). */
export function withSpecNames(form: GoodsForm, names: string[]): GoodsForm {
  return { ...form, specNames: names, skus: form.skus.map((s) => ({ ...s, specs: names.map((_, i) => s.specs[i] ?? '') })) };
}

/** The goods form checked as the server would, converted to the API's shape. */
export function goodsPayload(form: GoodsForm) {
  const title = form.title.trim();
  check(title ? null : S.goodsTitle);
  check(form.images.length ? null : S.goodsImages);
  check(form.categoryId ? null : S.goodsCategory);
  const specNames = form.specNames.map((n) => n.trim());
  check(specNames.some((n) => !n) ? '规格名不能为空' : null);
  check(new Set(specNames).size !== specNames.length ? S.specNameDuplicate : null);
  check(form.skus.length ? null : S.skuRequired);
  check(!specNames.length && form.skus.length > 1 ? S.singleSku : null);
  const skus = form.skus.map((s, i) => {
    const specs = s.specs.map((v) => v.trim());
    check(specs.some((v) => !v) ? `第 ${i + 1} 个规格：${S.skuSpecsMismatch}` : null);
    const price = yuanToFen(s.price);
    check(price === null || price < 1 ? `第 ${i + 1} 个规格：请填写正确的价格（元，最多两位小数）` : null);
    const vip = s.vipPrice.trim() ? yuanToFen(s.vipPrice) : 0;
    check(vip === null ? `第 ${i + 1} 个规格：请填写正确的会员价（元，最多两位小数），不设请留空` : null);
    check(vip && price !== null && vip >= price ? `第 ${i + 1} 个规格：${VIP_TEXTS.vipPriceHigh}` : null);
    const stock = s.stock.trim();
    check(/^\d{1,6}$/.test(stock) ? null : `第 ${i + 1} 个规格：库存须为 0-${L.stockMax} 的整数`);
    return {
      ...(s.id ? { id: s.id, stock_was: s.stockWas ?? 0 } : {}),
      specs,
      price: price ?? 0,
      vip_price: vip ?? 0,
      stock: Number(stock),
    };
  });
  const keys = skus.map((s) => JSON.stringify(s.specs));
  check(new Set(keys).size !== keys.length ? S.skuDuplicate : null);
  const rate = percentToBp(form.rate);
  check(rate === null ? S.rateInvalid : null);
  return {
    ...(form.id ? { id: form.id } : {}),
    title,
    images: form.images,
    category_id: form.categoryId,
    spec_names: specNames,
    skus,
    detail: form.detail,
    agent_rate_bp: rate ?? 0,
  };
}

export const saveGoods = async (form: GoodsForm): Promise<ManageGoods> => api('/shop/goodsSave', goodsPayload(form));
export const loadGoods = (id: number): Promise<ManageGoods> => api('/shop/goodsManageInfo', { id });
export const setGoodsStatus = (id: number, status: 0 | 1) => api('/shop/goodsStatus', { id, status });
export const goodsCategories = () => api('/goods/category', {});
export type ManageList = ApiOutput<'/shop/goodsManage'>;
export const loadGoodsList = (opts: { status: 'all' | 'on' | 'off'; q: string; page: number }): Promise<ManageList> =>
  api('/shop/goodsManage', { ...opts, limit: 10 });

/* ---------- agency ---------- */

export const agentMarket = (kind: AgentKind, q: string, page: number) => api('/seller/agentMarket', { kind, q, page, limit: 12 });
export const agentMine = (kind: AgentKind, page: number) => api('/seller/agentMine', { kind, page, limit: 12 });

/** Picks or drops an item; answers the item as it is now. */
export async function togglePick(item: AgentItem): Promise<AgentItem> {
  const s = await api('/seller/agentPick', { kind: item.kind, id: item.id, status: item.picked ? 0 : 1 });
  return { ...item, picked: s.picked, shown: s.shown };
}

export async function toggleShown(item: AgentItem): Promise<AgentItem> {
  const s = await api('/seller/agentShow', { kind: item.kind, id: item.id, shown: item.shown ? 0 : 1 });
  return { ...item, picked: s.picked, shown: s.shown };
}

/** The commission an agent earns per item sold at `price` fen, as text ('¥8.70'). */
export function commissionText(price: number, bp: number): string {
  return `¥${(Math.floor((price * bp) / 10_000) / 100).toFixed(2)}`;
}

/** Sets the agency rate of an own course from a typed percent ('' = withdraw). */
export async function saveCourseOffer(courseId: number, percent: string): Promise<number> {
  const bp = percentToBp(percent);
  check(bp === null ? S.rateInvalid : null);
  return (await api('/seller/courseOffer', { course_id: courseId, rate_bp: bp ?? 0 })).rate_bp;
}

/* ---------- owner homepage ---------- */

export const loadHomeInfo = () => api('/seller/homeInfo', {});
export const loadHomeCourses = (page: number) => api('/seller/homeCourses', { page, limit: 10 });
export const loadHomeClasses = (page: number) => api('/seller/homeClasses', { page, limit: 10 });
