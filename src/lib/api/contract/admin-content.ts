import { z } from 'zod';
import { ADVERT_POSITIONS, CATALOGUE_KINDS } from '../../rules/admin-content';
import { defineEndpoint, noOutput } from '../define';
import {
  bit,
  bitField,
  fen,
  fenField,
  idField,
  idInput,
  imagePath,
  intField,
  isoTime,
  pageInput,
  pageSchema,
  reasonField,
  textField,
} from '../fields';
import { COUPON_SCOPES } from './coupon';
import { PAGE_SLUGS } from './content';
import { UPLOAD_FOLDERS, UPLOAD_TEXTS } from './upload';

/*
 * The console's content, configuration and catalogue oversight (issue 13 §3). Every write is
 * audited in its own transaction and clears the caches of what it changes, so the public site shows
 * it at once. HTML is sanitised on write.
 */

const tags = ['运营后台·内容'];
const content = ['content'] as const;

const required = (label: string, max: number) => textField(label, max).min(1, `请填写${label}`);
const html = (label: string) => z.string({ error: `请填写${label}` }).max(200_000, `${label}太长`);
const sortField = intField('排序', { max: 99_999, msg: '排序须为整数', tooSmall: '排序不能小于 0', tooBig: '排序最大 99999' });
const optionalTime = (label: string) =>
  z
    .string({ error: `${label}不正确` })
    .trim()
    .max(40)
    .refine((s) => s === '' || !Number.isNaN(Date.parse(s)), `${label}不正确`)
    .optional();
const idsInput = (label: string) => z.object({ ids: z.array(idField(label)).min(1, '请提供排序').max(500, '一次最多 500 项') });
const okId = z.object({ id: z.number().int() });

export const articleCateSchema = z.object({ id: z.number().int(), name: z.string(), sort: z.number().int(), articles: z.number().int() });
export const adminArticleSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  author: z.string(),
  status: bit(),
  views: z.number().int(),
  published_at: isoTime(),
  updated_at: isoTime(),
});
export type AdminArticle = z.output<typeof adminArticleSchema>;

export const helpGroupSchema = z.object({ id: z.number().int(), name: z.string(), sort: z.number().int(), articles: z.number().int() });
export const adminHelpArticleSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  group_name: z.string(),
  title: z.string(),
  sort: z.number().int(),
  status: bit(),
  updated_at: isoTime(),
});
export type AdminHelpArticle = z.output<typeof adminHelpArticleSchema>;

export const adminPageSchema = z.object({
  slug: z.enum(PAGE_SLUGS),
  title: z.string(),
  path: z.string(),
  updated_at: isoTime().nullable(),
});

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  publish_at: isoTime(),
  state: z.enum(['scheduled', 'published']),
  reads: z.number().int().describe('已读人数'),
});
export type Announcement = z.output<typeof announcementSchema>;

const POSITION_KEYS = ADVERT_POSITIONS.map((p) => p.key) as [string, ...string[]];
export const adminAdvertSchema = z.object({
  id: z.number().int(),
  position: z.string(),
  position_name: z.string(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  sort: z.number().int(),
  status: bit(),
  starts_at: isoTime().nullable(),
  ends_at: isoTime().nullable(),
  live: z.boolean().describe('此刻是否在前台展示'),
});
export type AdminAdvert = z.output<typeof adminAdvertSchema>;

export const configItemSchema = z.object({
  key: z.string(),
  title: z.string(),
  type: z.enum(['text', 'phone', 'image', 'keyword', 'url', 'bp']),
  value: z.string(),
  hint: z.string(),
  money: z.boolean(),
  editable: z.boolean().describe('当前账号能否修改'),
  updated_at: isoTime().nullable(),
});
export type ConfigItem = z.output<typeof configItemSchema>;

export const adminCouponSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  amount: fen(),
  threshold: fen(),
  scope: z.enum(COUPON_SCOPES),
  shop_id: z.number().int().nullable(),
  shop_name: z.string(),
  valid_days: z.number().int(),
  starts_at: isoTime(),
  ends_at: isoTime(),
  total: z.number().int(),
  claimed: z.number().int(),
  per_user: z.number().int(),
  status: bit(),
  editable: z.boolean().describe('尚无人领取时才能修改'),
});
export type AdminCoupon = z.output<typeof adminCouponSchema>;

export const adminLabelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  status: bit(),
  courses: z.number().int(),
});
export type AdminLabel = z.output<typeof adminLabelSchema>;

export const catalogueRowSchema = z.object({
  kind: z.enum(CATALOGUE_KINDS),
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  owner_type: z.enum(['coach', 'shop']),
  owner_name: z.string(),
  owner_phone: z.string(),
  price: fen().nullable(),
  status: bit().describe('1 在售/营业，0 下架/关闭'),
  hold: z.object({ reason: z.string(), at: isoTime() }).nullable().describe('平台下架（暂停）记录'),
  created_at: isoTime(),
  path: z.string(),
});
export type CatalogueRow = z.output<typeof catalogueRowSchema>;

export const adminContentApi = {
  upload: defineEndpoint({
    path: '/admin/upload',
    summary: '后台上传图片（封面、广告图、二维码、正文插图）',
    tags,
    access: 'operator',
    input: z.object({
      image: z.string({ error: UPLOAD_TEXTS.empty }).min(1, UPLOAD_TEXTS.empty),
      type: z.enum(UPLOAD_FOLDERS).default('common'),
    }),
    output: z.object({ path: z.string(), url: z.string() }),
    okMsg: '上传成功',
  }),

  // ── articles ──
  articleCates: defineEndpoint({
    path: '/admin/articleCates',
    summary: '资讯分类（含文章数）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ ...pageInput }),
    output: pageSchema(articleCateSchema),
  }),
  articleCateSave: defineEndpoint({
    path: '/admin/articleCateSave',
    summary: '新增或修改资讯分类',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ id: idField('分类').optional(), name: required('分类名称', 32), sort: sortField.default(0) }),
    output: okId,
    okMsg: '已保存',
  }),
  articleCateDelete: defineEndpoint({
    path: '/admin/articleCateDelete',
    summary: '删除资讯分类（分类下没有文章时）',
    tags,
    access: 'operator',
    staff: content,
    input: idInput(),
    output: noOutput,
    okMsg: '已删除',
  }),
  articles: defineEndpoint({
    path: '/admin/articles',
    summary: '资讯文章（全部状态，可按分类、状态、标题筛选）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({
      ...pageInput,
      cate_id: idField('分类').optional(),
      status: z.enum(['all', 'published', 'draft'], { error: '状态不正确' }).default('all'),
      keyword: textField('关键字', 40).default(''),
    }),
    output: pageSchema(adminArticleSchema),
  }),
  articleInfo: defineEndpoint({
    path: '/admin/articleInfo',
    summary: '一篇资讯（含正文，供编辑）',
    tags,
    access: 'operator',
    staff: content,
    input: idInput(),
    output: adminArticleSchema.extend({ content: z.string() }),
  }),
  articleSave: defineEndpoint({
    path: '/admin/articleSave',
    summary: '新建或修改资讯（正文写入前净化）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({
      id: idField('文章').optional(),
      category_id: idField('分类'),
      title: required('标题', 120),
      summary: textField('摘要', 300).default(''),
      author: textField('作者', 32).default(''),
      cover: imagePath('封面').default(''),
      content: html('正文'),
      status: bitField('发布状态').default(0),
    }),
    output: okId,
    okMsg: '已保存',
  }),
  articleStatus: defineEndpoint({
    path: '/admin/articleStatus',
    summary: '发布或撤回资讯',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ id: idField('文章'), status: bitField('发布状态') }),
    output: z.object({ id: z.number().int(), status: bit() }),
    okMsg: '已更新',
  }),
  articleDelete: defineEndpoint({
    path: '/admin/articleDelete',
    summary: '删除资讯',
    tags,
    access: 'operator',
    staff: content,
    input: idInput(),
    output: noOutput,
    okMsg: '已删除',
  }),

  // ── help ──
  helpGroups: defineEndpoint({
    path: '/admin/helpGroups',
    summary: '帮助分组（按排序）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ ...pageInput }),
    output: pageSchema(helpGroupSchema),
  }),
  helpGroupSave: defineEndpoint({
    path: '/admin/helpGroupSave',
    summary: '新增或修改帮助分组',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ id: idField('分组').optional(), name: required('分组名称', 32) }),
    output: okId,
    okMsg: '已保存',
  }),
  helpGroupDelete: defineEndpoint({
    path: '/admin/helpGroupDelete',
    summary: '删除帮助分组（分组下没有文章时）',
    tags,
    access: 'operator',
    staff: content,
    input: idInput(),
    output: noOutput,
    okMsg: '已删除',
  }),
  helpArticles: defineEndpoint({
    path: '/admin/helpArticles',
    summary: '帮助文章（按分组、排序）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ ...pageInput, group_id: idField('分组').optional() }),
    output: pageSchema(adminHelpArticleSchema),
  }),
  helpArticleInfo: defineEndpoint({
    path: '/admin/helpArticleInfo',
    summary: '一篇帮助文章（含正文）',
    tags,
    access: 'operator',
    staff: content,
    input: idInput(),
    output: adminHelpArticleSchema.extend({ content: z.string() }),
  }),
  helpArticleSave: defineEndpoint({
    path: '/admin/helpArticleSave',
    summary: '新建或修改帮助文章（正文写入前净化；新文章排在分组末尾）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({
      id: idField('文章').optional(),
      group_id: idField('分组'),
      title: required('标题', 120),
      content: html('正文'),
      status: bitField('显示状态').default(1),
    }),
    output: okId,
    okMsg: '已保存',
  }),
  helpArticleDelete: defineEndpoint({
    path: '/admin/helpArticleDelete',
    summary: '删除帮助文章',
    tags,
    access: 'operator',
    staff: content,
    input: idInput(),
    output: noOutput,
    okMsg: '已删除',
  }),
  helpSort: defineEndpoint({
    path: '/admin/helpSort',
    summary: '帮助分组或某分组文章的排序（完整的 id 顺序）',
    tags,
    access: 'operator',
    staff: content,
    input: idsInput('项目').extend({
      kind: z.enum(['group', 'article'], { error: '排序对象不正确' }),
      group_id: idField('分组').optional(),
    }),
    output: noOutput,
    okMsg: '排序已保存',
  }),

  // ── agreements ──
  pages: defineEndpoint({
    path: '/admin/pages',
    summary: '协议与固定页面（地址固定，只改标题与正文）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ ...pageInput }),
    output: pageSchema(adminPageSchema),
  }),
  pageInfo: defineEndpoint({
    path: '/admin/pageInfo',
    summary: '一个协议页面（含正文）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ slug: z.enum(PAGE_SLUGS, { error: '页面不存在' }) }),
    output: adminPageSchema.extend({ content: z.string() }),
  }),
  pageSave: defineEndpoint({
    path: '/admin/pageSave',
    summary: '修改协议页面的标题与正文（正文写入前净化）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ slug: z.enum(PAGE_SLUGS, { error: '页面不存在' }), title: required('标题', 64), content: html('正文') }),
    output: noOutput,
    okMsg: '已保存',
  }),

  // ── announcements ──
  announcements: defineEndpoint({
    path: '/admin/announcements',
    summary: '平台公告（全体会员的消息中心），含定时未发布的',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ ...pageInput }),
    output: pageSchema(announcementSchema),
  }),
  announcementSave: defineEndpoint({
    path: '/admin/announcementSave',
    summary: '发布公告：立即或定时（一条广播，所有会员可见，不为每人写一行）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({
      title: required('公告标题', 100),
      content: html('公告内容').refine((s) => s.replace(/<[^>]*>/g, '').trim().length > 0, '请填写公告内容'),
      publish_at: optionalTime('定时发布时间'),
    }),
    output: okId,
    okMsg: '公告已发布',
  }),
  announcementWithdraw: defineEndpoint({
    path: '/admin/announcementWithdraw',
    summary: '撤回公告（会员的消息中心不再显示）',
    tags,
    access: 'operator',
    staff: content,
    input: idInput(),
    output: noOutput,
    okMsg: '公告已撤回',
  }),

  // ── adverts ──
  adverts: defineEndpoint({
    path: '/admin/adverts',
    summary: '广告位的广告（全部状态）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ ...pageInput, position: z.enum(POSITION_KEYS, { error: '广告位不正确' }).optional() }),
    output: pageSchema(adminAdvertSchema),
  }),
  advertSave: defineEndpoint({
    path: '/admin/advertSave',
    summary: '新增或修改广告：图片、链接、排序、上下线、展示时段',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({
      id: idField('广告').optional(),
      position: z.enum(POSITION_KEYS, { error: '广告位不正确' }),
      title: required('广告标题', 64),
      image: imagePath('广告图片').min(1, '请上传广告图片'),
      link: textField('链接', 500).default(''),
      sort: sortField.default(0),
      status: bitField('上线状态').default(1),
      starts_at: optionalTime('开始时间'),
      ends_at: optionalTime('结束时间'),
    }),
    output: okId,
    okMsg: '已保存',
  }),
  advertStatus: defineEndpoint({
    path: '/admin/advertStatus',
    summary: '广告上线或下线',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ id: idField('广告'), status: bitField('上线状态') }),
    output: noOutput,
    okMsg: '已更新',
  }),
  advertDelete: defineEndpoint({
    path: '/admin/advertDelete',
    summary: '删除广告',
    tags,
    access: 'operator',
    staff: content,
    input: idInput(),
    output: noOutput,
    okMsg: '已删除',
  }),

  // ── config ──
  config: defineEndpoint({
    path: '/admin/config',
    summary: '站点配置（SPEC §3 的键及站点读取的其他键）；金额相关的键仅超级管理员可改',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ ...pageInput, limit: pageInput.limit.default(50) }),
    output: pageSchema(configItemSchema),
  }),
  configSave: defineEndpoint({
    path: '/admin/configSave',
    summary: '修改一项配置（按类型校验）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({
      key: z
        .string({ error: '配置项不正确' })
        .trim()
        .regex(/^[a-z0-9_]{1,64}$/, '配置项不正确'),
      value: z.string({ error: '请填写配置值' }).max(2000, '配置值太长'),
    }),
    output: noOutput,
    okMsg: '已保存',
  }),

  // ── coupons (finance) ──
  coupons: defineEndpoint({
    path: '/admin/coupons',
    summary: '优惠券模板',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({ ...pageInput, status: z.enum(['all', 'on', 'off'], { error: '状态不正确' }).default('all') }),
    output: pageSchema(adminCouponSchema),
  }),
  couponSave: defineEndpoint({
    path: '/admin/couponSave',
    summary: '新建优惠券模板，或修改尚无人领取的模板（已领取的券永不改变）',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({
      id: idField('模板').optional(),
      title: required('券名称', 32),
      amount: fenField('减免金额', {
        min: 1,
        max: 10_000_000,
        notInt: '减免金额须为整数分',
        tooSmall: '减免金额至少 1 分',
        tooBig: '减免金额太大',
      }),
      threshold: fenField('使用门槛', { max: 100_000_000, notInt: '使用门槛须为整数分', tooBig: '使用门槛太大' }),
      scope: z.enum(COUPON_SCOPES, { error: '适用范围不正确' }),
      shop_id: idField('店铺').optional(),
      valid_days: intField('有效天数', {
        max: 3650,
        notInt: '有效天数须为整数',
        tooSmall: '有效天数不能小于 0',
        tooBig: '有效天数最多 3650',
      }),
      starts_at: z.string({ error: '请选择开始领取时间' }).refine((s) => !Number.isNaN(Date.parse(s)), '开始领取时间不正确'),
      ends_at: z.string({ error: '请选择截止时间' }).refine((s) => !Number.isNaN(Date.parse(s)), '截止时间不正确'),
      total: intField('发放总量', {
        min: 1,
        max: 10_000_000,
        notInt: '发放总量须为整数',
        tooSmall: '发放总量至少 1 张',
        tooBig: '发放总量太大',
      }),
      per_user: intField('每人限领', {
        min: 1,
        max: 100,
        notInt: '每人限领须为整数',
        tooSmall: '每人限领至少 1 张',
        tooBig: '每人限领最多 100 张',
      }),
    }),
    output: okId,
    okMsg: '已保存',
  }),
  couponStop: defineEndpoint({
    path: '/admin/couponStop',
    summary: '停止发放（已领取的券照常可用）',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: idInput(),
    output: noOutput,
    okMsg: '已停止发放',
  }),

  // ── labels ──
  labels: defineEndpoint({
    path: '/admin/labels',
    summary: '课程标签（含隐藏的）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ ...pageInput, limit: pageInput.limit.default(50) }),
    output: pageSchema(adminLabelSchema),
  }),
  labelSave: defineEndpoint({
    path: '/admin/labelSave',
    summary: '新增或重命名课程标签',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ id: idField('标签').optional(), name: required('标签名称', 16) }),
    output: okId,
    okMsg: '已保存',
  }),
  labelStatus: defineEndpoint({
    path: '/admin/labelStatus',
    summary: '显示或隐藏课程标签（已用该标签的课程不受影响）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ id: idField('标签'), status: bitField('显示状态') }),
    output: noOutput,
    okMsg: '已更新',
  }),
  labelSort: defineEndpoint({
    path: '/admin/labelSort',
    summary: '课程标签排序（完整的 id 顺序）',
    tags,
    access: 'operator',
    staff: content,
    input: idsInput('标签'),
    output: noOutput,
    okMsg: '排序已保存',
  }),

  // ── catalogue oversight (content, reviewer) ──
  catalogue: defineEndpoint({
    path: '/admin/catalogue',
    summary: '在售监管：课程、班级、商品、店铺（关键字、所有者、状态筛选）',
    tags,
    access: 'operator',
    staff: ['content', 'reviewer'],
    input: z.object({
      ...pageInput,
      kind: z.enum(CATALOGUE_KINDS, { error: '类型不正确' }).default('course'),
      keyword: textField('关键字', 40).default(''),
      owner: textField('所有者', 32).default('').describe('教练/店铺名称或手机号'),
      status: z.enum(['all', 'on', 'off', 'held'], { error: '状态不正确' }).default('all'),
    }),
    output: pageSchema(catalogueRowSchema),
  }),
  catalogueOff: defineEndpoint({
    path: '/admin/catalogueOff',
    summary: '平台下架（店铺为暂停营业），原因通知所有者；所有者不能自行恢复',
    tags,
    access: 'operator',
    staff: ['content', 'reviewer'],
    input: z.object({ kind: z.enum(CATALOGUE_KINDS, { error: '类型不正确' }), id: idField(), reason: reasonField('下架原因') }),
    output: noOutput,
    okMsg: '已下架并通知所有者',
  }),
  catalogueOn: defineEndpoint({
    path: '/admin/catalogueOn',
    summary: '解除平台下架，恢复上架（店铺恢复营业及随之下架的商品、课程）',
    tags,
    access: 'operator',
    staff: ['content', 'reviewer'],
    input: z.object({ kind: z.enum(CATALOGUE_KINDS, { error: '类型不正确' }), id: idField(), note: textField('备注', 200).default('') }),
    output: noOutput,
    okMsg: '已恢复上架',
  }),
};
