import { z } from 'zod';
import { defineEndpoint, noOutput } from '../define';
import { bit, bitField, idField, idInput, imagePath, isoTime, pageInput, pageSchema, textField } from '../fields';
import { content, html, idsInput, okId, optionalTime, required, sortField, tags } from './admin-content-fields';
import { PAGE_SLUGS } from './content';
import { UPLOAD_FOLDERS, UPLOAD_TEXTS } from './upload';

/** The console's editorial content: uploads, articles, help, fixed pages, announcements. */

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

export const adminPagesApi = {
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
};
