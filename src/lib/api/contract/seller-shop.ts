import { VIP_TEXTS } from '../../rules/vip';
import { z } from 'zod';
import { PHONE_RE } from '../../rules/phone';
import {
  AGENT_RATE_MAX_BP,
  BANNER_MAX,
  GOODS_LIMITS as L,
  LABELS_MAX,
  LABEL_MAX_LEN,
  SELLER_TEXTS as S,
  WECHAT_RE,
  bannerLinkError,
} from '../../rules/seller-shop';
import { defineEndpoint, noInput } from '../define';
import { bit, fen, fenField, idField, imagePath, intField, isoTime, pageInput, pageSchema, switchField, textField } from '../fields';
import { courseItemSchema } from './catalogue-training';

const tags = ['卖家：店铺与主页'];

/* ---------- shared fields ---------- */

/** A stored image path from /api/uploader_img_base64 (the server re-checks it is ours). */
const shopImage = (label: string) => imagePath(label, 255, S.badImage);

const labelList = z
  .array(textField('标签', LABEL_MAX_LEN).pipe(z.string().min(1, '标签不能为空')), { error: '标签不正确' })
  .max(LABELS_MAX, `最多 ${LABELS_MAX} 个标签`)
  .refine((v) => new Set(v).size === v.length, '标签不能重复');

const contactPhone = z
  .string({ error: S.phoneInvalid })
  .trim()
  .refine((v) => v === '' || PHONE_RE.test(v), S.phoneInvalid);
const contactWechat = z
  .string({ error: S.wechatInvalid })
  .trim()
  .refine((v) => v === '' || WECHAT_RE.test(v), S.wechatInvalid);

const ownerKind = z.enum(['coach', 'mechant']);
const agentKind = z.enum(['goods', 'course'], { error: '类型不正确' });
export type AgentKind = z.output<typeof agentKind>;

/** A commission in basis points; 0 = not offered for agency. */
const rateBp = intField('佣金', { max: AGENT_RATE_MAX_BP, column: 'smallint', msg: S.rateInvalid });

/* ---------- settings ---------- */

const settingsBase = {
  name: textField('名称', 32).pipe(z.string().min(1, S.nameRequired)),
  avatar: shopImage('头像'),
  cover: shopImage('封面'),
  intro: textField('简介', 500),
  city: textField('城市', 16),
  labels: labelList,
  phone: contactPhone,
  wechat: contactWechat,
};

export const shopSettingsInput = z.object(settingsBase);
export const coachSettingsInput = z.object({
  ...settingsBase,
  title: textField('头衔', 64),
  years: intField('教龄', { max: 80, column: 'smallint', notInt: '教龄须为整数', tooSmall: '教龄不能为负', tooBig: '教龄最多 80 年' }),
});

const settingsOut = {
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  cover: z.string(),
  intro: z.string(),
  city: z.string(),
  labels: z.array(z.string()),
  phone: z.string(),
  wechat: z.string(),
  anchor: z.string().describe('公开主页地址'),
};
export const shopSettingsSchema = z.object(settingsOut);
export type ShopSettings = z.output<typeof shopSettingsSchema>;
export const coachSettingsSchema = z.object({ ...settingsOut, title: z.string(), years: z.number().int() });
export type CoachSettings = z.output<typeof coachSettingsSchema>;

/* ---------- banners ---------- */

export const bannerSchema = z.object({ id: z.number().int(), image: z.string(), link: z.string(), sort: z.number().int() });
export type Banner = z.output<typeof bannerSchema>;
const bannerListSchema = z.object({ max: z.number().int(), list: z.array(bannerSchema) });
export type BannerList = z.output<typeof bannerListSchema>;

const linkField = z
  .string({ error: S.badLink })
  .trim()
  .max(255, S.badLink)
  .refine((v) => !bannerLinkError(v), S.badLink);

/* ---------- goods ---------- */

const skuInput = z.object({
  id: idField('规格 id').optional(),
  specs: z.array(textField('规格值', L.specValueMax).pipe(z.string().min(1, S.skuSpecsMismatch))).max(L.specNamesMax, S.skuSpecsMismatch),
  price: fenField('价格', { min: 1, max: L.priceMax, notInt: '价格须为整数分', tooSmall: '价格至少 0.01 元', tooBig: '价格太高' }),
  stock: intField('库存', { max: L.stockMax, notInt: '库存须为整数', tooSmall: '库存不能为负', tooBig: `库存最多 ${L.stockMax}` }),
  /** The stock the form showed when it loaded; the save is refused if it changed since (an order took some). */
  stock_was: intField('库存').optional(),
  /** 会员价 for active VIP members (modules/vip); 0 = none. */
  vip_price: fenField('会员价', { max: L.priceMax, notInt: '会员价须为整数分', tooBig: '会员价太高' })
    .default(0)
    .describe('会员价（分），0 为不设'),
});

export const goodsSaveInput = z
  .object({
    id: idField('商品 id').optional(),
    title: textField('商品标题', L.titleMax).pipe(z.string().min(1, S.goodsTitle)),
    images: z.array(shopImage('商品图片')).min(1, S.goodsImages).max(L.imagesMax, `最多 ${L.imagesMax} 张图片`),
    category_id: idField('分类').describe('商品分类 id'),
    spec_names: z
      .array(textField('规格名', L.specNameMax).pipe(z.string().min(1, '规格名不能为空')))
      .max(L.specNamesMax, `最多 ${L.specNamesMax} 个规格项`)
      .refine((v) => new Set(v).size === v.length, S.specNameDuplicate),
    skus: z.array(skuInput).min(1, S.skuRequired).max(L.skusMax, `最多 ${L.skusMax} 个规格`),
    detail: z.string({ error: '商品详情须为文字' }).max(L.detailMax, `商品详情最多 ${L.detailMax} 个字符`),
    agent_rate_bp: rateBp.default(0),
  })
  .superRefine((v, ctx) => {
    if (!v.spec_names.length && v.skus.length > 1) ctx.addIssue({ code: 'custom', message: S.singleSku });
    if (v.skus.some((s) => s.specs.length !== v.spec_names.length)) ctx.addIssue({ code: 'custom', message: S.skuSpecsMismatch });
    const keys = v.skus.map((s) => JSON.stringify(s.specs));
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: 'custom', message: S.skuDuplicate });
    const ids = v.skus.flatMap((s) => (s.id ? [s.id] : []));
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: '规格 id 重复' });
    if (v.skus.some((s) => (s.vip_price ?? 0) > 0 && (s.vip_price ?? 0) >= s.price))
      ctx.addIssue({ code: 'custom', message: VIP_TEXTS.vipPriceHigh });
  });
export type GoodsSaveInput = z.input<typeof goodsSaveInput>;

export const manageSkuSchema = z.object({
  id: z.number().int(),
  specs: z.array(z.string()),
  price: fen(),
  stock: z.number().int().describe('可售库存（下单时已扣减）'),
  vip_price: fen().describe('会员价，0 为不设'),
  held: z.number().int().describe('未付款与已付款未发货的订单占用的数量'),
});

export const manageGoodsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  price: fen(),
  sales: z.number().int(),
  status: bit().describe('1 在售，0 已下架'),
  category: z.string(),
  stock: z.number().int(),
  held: z.number().int(),
  sku_count: z.number().int(),
  agent_rate_bp: z.number().int(),
  created_at: isoTime(),
});
export type ManageGoodsItem = z.output<typeof manageGoodsItemSchema>;

export const manageGoodsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  images: z.array(z.string()),
  category_id: z.number().int(),
  spec_names: z.array(z.string()),
  skus: z.array(manageSkuSchema),
  detail: z.string(),
  status: bit(),
  agent_rate_bp: z.number().int(),
});
export type ManageGoods = z.output<typeof manageGoodsSchema>;

/* ---------- agency ---------- */

export const agentItemSchema = z.object({
  kind: agentKind,
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  price: fen(),
  sales: z.number().int(),
  owner: z.object({ type: ownerKind, id: z.number().int(), name: z.string() }),
  rate_bp: z.number().int().describe('佣金（基点，100 = 1%）；0 = 已不再开放代理'),
  picked: bit(),
  shown: bit().describe('是否展示在我的主页'),
});
export type AgentItem = z.output<typeof agentItemSchema>;

const agentState = z.object({ kind: agentKind, id: z.number().int(), picked: bit(), shown: bit() });

/* ---------- owner homepage ---------- */

export const homeInfoSchema = z.object({
  type: ownerKind,
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  cover: z.string(),
  intro: z.string(),
  city: z.string(),
  labels: z.array(z.string()),
  phone: z.string(),
  wechat: z.string(),
  anchor: z.string(),
  stats: z.object({
    fans: z.number().int(),
    views: z.number().int().describe('课程浏览量之和'),
    sales: z.number().int().describe('已付款且未退款订单中课程、商品、班级的件数之和'),
    courses: z.number().int().describe('在售课程数（与公开主页一致）'),
    classes: z.number().int().describe('在售班级数'),
    goods: z.number().int().describe('在售商品数'),
    agent: z.number().int().describe('代理中的商品与课程'),
    banners: z.number().int(),
  }),
});
export type HomeInfo = z.output<typeof homeInfoSchema>;

export const ownCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  price: fen(),
  sales: z.number().int(),
  views: z.number().int(),
  lesson_count: z.number().int(),
  status: bit(),
  agent_rate_bp: z.number().int(),
});
export type OwnCourse = z.output<typeof ownCourseSchema>;

export const ownClassSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  price: fen(),
  city: z.string(),
  starts_at: isoTime(),
  enrolled: z.number().int(),
  capacity: z.number().int(),
  status: bit(),
});
export type OwnClass = z.output<typeof ownClassSchema>;

/** Seller settings, homepage banners, goods management, agency and the owner's homepage. */
export const sellerShopApi = {
  shopSetInfo: defineEndpoint({
    path: '/shop/setInfo',
    summary: '店铺设置：读取',
    tags,
    access: 'shop',
    input: noInput,
    output: shopSettingsSchema,
  }),
  shopSetInfoSave: defineEndpoint({
    path: '/shop/setInfoSave',
    summary: '店铺设置：保存（名称、logo、封面、简介、城市、标签、联系方式）',
    tags,
    access: 'shop',
    input: shopSettingsInput,
    output: shopSettingsSchema,
    okMsg: '保存成功',
  }),
  coachSetInfo: defineEndpoint({
    path: '/coach/setInfo',
    summary: '教练设置：读取',
    tags,
    access: 'coach',
    input: noInput,
    output: coachSettingsSchema,
  }),
  coachSetInfoSave: defineEndpoint({
    path: '/coach/setInfoSave',
    summary: '教练设置：保存（名称、头像、封面、头衔、教龄、简介、城市、拳种、联系方式）',
    tags,
    access: 'coach',
    input: coachSettingsInput,
    output: coachSettingsSchema,
    okMsg: '保存成功',
  }),
  bannerList: defineEndpoint({
    path: '/seller/bannerList',
    summary: '我的主页轮播图',
    tags,
    access: 'seller',
    input: noInput,
    output: bannerListSchema,
  }),
  bannerSave: defineEndpoint({
    path: '/seller/bannerSave',
    summary: `添加或修改一张轮播图（最多 ${BANNER_MAX} 张）`,
    tags,
    access: 'seller',
    input: z.object({
      id: idField('轮播图 id').optional(),
      image: shopImage('轮播图').pipe(z.string().min(1, S.bannerImage)),
      link: linkField.default(''),
    }),
    output: bannerListSchema,
    okMsg: '保存成功',
  }),
  bannerDelete: defineEndpoint({
    path: '/seller/bannerDelete',
    summary: '删除一张轮播图',
    tags,
    access: 'seller',
    input: z.object({ id: idField('轮播图 id') }),
    output: bannerListSchema,
    okMsg: '已删除',
  }),
  bannerSort: defineEndpoint({
    path: '/seller/bannerSort',
    summary: '轮播图排序（按给出的 id 顺序，须为我的全部轮播图）',
    tags,
    access: 'seller',
    input: z.object({ ids: z.array(idField('轮播图 id')).max(BANNER_MAX, S.bannerSortMismatch) }),
    output: bannerListSchema,
    okMsg: '排序已保存',
  }),
  goodsManage: defineEndpoint({
    path: '/shop/goodsManage',
    summary: '我的商品（含下架）：库存、占用、销量',
    tags,
    access: 'shop',
    input: z.object({ status: z.enum(['all', 'on', 'off']).default('all'), q: textField('关键字', 32).default(''), ...pageInput }),
    output: pageSchema(manageGoodsItemSchema),
  }),
  goodsManageInfo: defineEndpoint({
    path: '/shop/goodsManageInfo',
    summary: '编辑商品：读取',
    tags,
    access: 'shop',
    input: z.object({ id: idField('商品 id') }),
    output: manageGoodsSchema,
  }),
  goodsSave: defineEndpoint({
    path: '/shop/goodsSave',
    summary: '添加或修改商品（新商品为下架状态）；库存为可售库存，带 stock_was 防止覆盖期间的订单',
    tags,
    access: 'shop',
    input: goodsSaveInput,
    output: manageGoodsSchema,
    okMsg: '保存成功',
  }),
  goodsStatus: defineEndpoint({
    path: '/shop/goodsStatus',
    summary: '商品上架/下架',
    tags,
    access: 'shop',
    input: z.object({ id: idField('商品 id'), status: switchField('status') }),
    output: z.object({ id: z.number().int(), status: bit() }),
    okMsg: '操作成功',
  }),
  agentMarket: defineEndpoint({
    path: '/seller/agentMarket',
    summary: '可代理的商品或课程（他人开放代理的，不含自己的）',
    tags,
    access: 'seller',
    input: z.object({ kind: agentKind, q: textField('关键字', 32).default(''), ...pageInput }),
    output: pageSchema(agentItemSchema),
  }),
  agentMine: defineEndpoint({
    path: '/seller/agentMine',
    summary: '我代理的商品或课程',
    tags,
    access: 'seller',
    input: z.object({ kind: agentKind, ...pageInput }),
    output: pageSchema(agentItemSchema),
  }),
  agentPick: defineEndpoint({
    path: '/seller/agentPick',
    summary: '代理/取消代理一件商品或一门课程 {kind, id, status}',
    tags,
    access: 'seller',
    input: z.object({ kind: agentKind, id: idField(), status: switchField('status') }),
    output: agentState,
    okMsg: '操作成功',
  }),
  agentShow: defineEndpoint({
    path: '/seller/agentShow',
    summary: '代理项在我的主页展示/隐藏 {kind, id, shown}',
    tags,
    access: 'seller',
    input: z.object({ kind: agentKind, id: idField(), shown: switchField('shown') }),
    output: agentState,
    okMsg: '操作成功',
  }),
  courseOffer: defineEndpoint({
    path: '/seller/courseOffer',
    summary: '设置自己课程的代理佣金（基点，0 = 不开放代理）',
    tags,
    access: 'seller',
    input: z.object({ course_id: idField('课程 id'), rate_bp: rateBp }),
    output: z.object({ course_id: z.number().int(), rate_bp: z.number().int() }),
    okMsg: '保存成功',
  }),
  homeInfo: defineEndpoint({
    path: '/seller/homeInfo',
    summary: '我的主页（主人视角）：资料与统计',
    tags,
    access: 'seller',
    input: noInput,
    output: homeInfoSchema,
  }),
  homeCourses: defineEndpoint({
    path: '/seller/homeCourses',
    summary: '我的课程（含下架）与代理佣金',
    tags,
    access: 'seller',
    input: z.object({ ...pageInput }),
    output: pageSchema(ownCourseSchema),
  }),
  homeClasses: defineEndpoint({
    path: '/seller/homeClasses',
    summary: '我的班级（教练）',
    tags,
    access: 'coach',
    input: z.object({ ...pageInput }),
    output: pageSchema(ownClassSchema),
  }),
  agentCourses: defineEndpoint({
    path: '/public/businessAgentCourses',
    summary: '教练或店铺代理销售的课程',
    tags: ['目录'],
    access: 'public',
    input: z.object({ type: z.enum(['coach', 'shop'], { error: '类型不正确' }), id: idField(), ...pageInput }),
    output: pageSchema(courseItemSchema),
  }),
};
