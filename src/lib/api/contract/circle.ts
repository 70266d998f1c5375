import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, idField, intField, isoTime, pageInput, pageSchema, switchField, textField } from '../fields';
import { CIRCLE_LIMITS, CIRCLE_TABS, CIRCLE_TEXTS } from '../../rules/circle';
import { videoSchema, voucherSchema } from './seller-content';

const tags = ['功夫圈'];

export const circleAuthorSchema = z.object({
  user_id: z.number().int(),
  nick: z.string(),
  avatar: z.string(),
  /** member, coach or shop: a coach's or shop's posts link to their profile. */
  kind: z.enum(['member', 'coach', 'shop']),
  /** The author's homepage. */
  home: z.string(),
});

export const circlePostSchema = z.object({
  id: z.number().int(),
  author: circleAuthorSchema,
  content: z.string(),
  images: z.array(z.string()),
  /** Grid thumbnails, one per image (the image itself when it has none). */
  thumbs: z.array(z.string()),
  /** One short video instead of images. */
  video: z.object({ url: z.string(), poster: z.string(), duration: z.number().int() }).nullable(),
  tags: z.array(z.string()),
  city: z.string(),
  likes: z.number().int(),
  comments: z.number().int(),
  /** The viewer liked it (0 for guests). */
  is_like: bit(),
  /** Links in the text (http/https) and @mentions of followed authors, for safe rendering. */
  mentions: z.array(z.object({ nick: z.string(), home: z.string() })),
  created_at: isoTime(),
});
export type CirclePost = z.output<typeof circlePostSchema>;

export const circleCommentSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  author: circleAuthorSchema,
  content: z.string(),
  /** A reply: the comment it belongs under and whom it answers. */
  parent_id: z.number().int().nullable(),
  reply_to: circleAuthorSchema.nullable(),
  created_at: isoTime(),
});
export type CircleComment = z.output<typeof circleCommentSchema>;

const postId = idField('动态');
const feedOutput = z.object({ list: z.array(circlePostSchema), next_cursor: z.number().int().nullable() });

export const circleProfileSchema = z.object({
  author: circleAuthorSchema,
  intro: z.string(),
  city: z.string(),
  /** Coaches and shops the member follows; a coach's or shop's fans. */
  follows: z.number().int(),
  fans: z.number().int(),
  posts: z.number().int(),
  /** Likes their posts received. */
  likes: z.number().int(),
  /** Courses they study (only when they let others see it; else null). */
  courses: z.array(z.object({ id: z.number().int(), title: z.string(), cover: z.string() })).nullable(),
});
export type CircleProfile = z.output<typeof circleProfileSchema>;

export const myCommentSchema = circleCommentSchema.extend({
  post: z.object({ id: z.number().int(), content: z.string(), image: z.string(), author: circleAuthorSchema }),
});

/**
 * 功夫圈: publish, the feed (cursor paging, stable while new posts arrive),
 * likes, comments and replies with their notices, delete. The SPEC's two calls are
 * /index/friendCircleComment (list) and /member/friendCircleComment (create).
 */
export const circleApi = {
  publish: defineEndpoint({
    path: '/member/friendCirclePublish',
    summary: `发布动态：文字最多 ${CIRCLE_LIMITS.contentMax} 字，图片最多 ${CIRCLE_LIMITS.imagesMax} 张`,
    tags,
    access: 'member',
    input: z
      .object({
        content: textField('内容', CIRCLE_LIMITS.contentMax).default(''),
        images: z
          .array(z.string().max(500), { error: CIRCLE_TEXTS.image })
          .max(CIRCLE_LIMITS.imagesMax, `图片最多 ${CIRCLE_LIMITS.imagesMax} 张`)
          .default([]),
        tags: z
          .array(textField('标签', CIRCLE_LIMITS.tagMax).min(1, '标签不能为空'))
          .max(CIRCLE_LIMITS.tagsMax, `标签最多 ${CIRCLE_LIMITS.tagsMax} 个`)
          .default([]),
        city: textField('城市', CIRCLE_LIMITS.cityMax).default(''),
        /** A video uploaded through /member/circleVideoVoucher (instead of images). */
        video_id: idField('视频').optional(),
      })
      .refine((v) => v.content.length > 0 || v.images.length > 0 || v.video_id !== undefined, CIRCLE_TEXTS.empty)
      .refine((v) => !(v.images.length > 0 && v.video_id !== undefined), CIRCLE_TEXTS.imagesOrVideo),
    output: circlePostSchema,
    okMsg: CIRCLE_TEXTS.published,
  }),
  feed: defineEndpoint({
    path: '/index/friendCircleList',
    summary:
      '功夫圈动态：rec 推荐（互动数按时间衰减排序，before 为第一页最新一条的 id，cursor 为已读条数）、new 最新、following 关注的人、city 同城（cursor 为上一页最后一条的 id）',
    tags,
    access: 'public',
    input: z.object({
      tab: z.enum(CIRCLE_TABS, { error: '动态分类不正确' }).default('new'),
      city: textField('城市', CIRCLE_LIMITS.cityMax).optional(),
      user_id: idField('用户').optional(),
      cursor: intField('cursor', { msg: 'cursor 不正确' }).optional(),
      before: idField('before').optional(),
      limit: intField('每页条数', { min: 1, max: CIRCLE_LIMITS.pageMax }).default(10),
    }),
    output: feedOutput,
  }),
  search: defineEndpoint({
    path: '/index/friendCircleSearch',
    summary: '搜索动态：内容或作者昵称包含关键字，最新在前；cursor 为上一页最后一条的 id',
    tags,
    access: 'public',
    input: z.object({
      q: z.string().trim().min(1, CIRCLE_TEXTS.keyNeeded).max(CIRCLE_LIMITS.searchMax, `关键字最多 ${CIRCLE_LIMITS.searchMax} 个字`),
      cursor: idField('cursor').optional(),
      limit: intField('每页条数', { min: 1, max: CIRCLE_LIMITS.pageMax }).default(10),
    }),
    output: feedOutput,
  }),
  profile: defineEndpoint({
    path: '/index/friendCircleProfile',
    summary: '个人主页：头像、昵称、简介、关注/粉丝/动态/获赞数，允许时附在学课程',
    tags,
    access: 'public',
    input: z.object({ user_id: idField('用户') }),
    output: circleProfileSchema,
  }),
  liked: defineEndpoint({
    path: '/member/friendCircleLiked',
    summary: '这些动态中我点过赞的（页面为游客渲染，登录后补上点赞状态）',
    tags,
    access: 'member',
    input: z.object({ ids: z.array(idField('动态 id')).max(CIRCLE_LIMITS.pageMax * 3) }),
    output: z.object({ ids: z.array(z.number().int()) }),
  }),
  videoVoucher: defineEndpoint({
    path: '/member/circleVideoVoucher',
    summary: '功夫圈视频上传凭证（本站 tus 断点续传）',
    tags,
    access: 'member',
    input: z.object({}),
    output: voucherSchema,
  }),
  videoStatus: defineEndpoint({
    path: '/member/circleVideoStatus',
    summary: '我上传的功夫圈视频的处理状态',
    tags,
    access: 'member',
    input: z.object({ id: idField('视频') }),
    output: videoSchema,
  }),
  settings: defineEndpoint({
    path: '/member/friendCircleSettings',
    summary: '个人主页设置：是否公开在学的课程（不传则只读取）',
    tags,
    access: 'member',
    input: z.object({ show_study: bit().optional() }),
    output: z.object({ show_study: bit() }),
  }),
  myComments: defineEndpoint({
    path: '/member/friendCircleMyComments',
    summary: '我发表的评论和回复，最新在前',
    tags,
    access: 'member',
    input: z.object({ ...pageInput }),
    output: pageSchema(myCommentSchema),
  }),
  detail: defineEndpoint({
    path: '/index/friendCircleDetail',
    summary: '一条动态',
    tags,
    access: 'public',
    input: z.object({ id: postId }),
    output: circlePostSchema,
  }),
  like: defineEndpoint({
    path: '/member/friendCircleLike',
    summary: '点赞/取消点赞 {id, status}；重复请求结果不变',
    tags,
    access: 'member',
    input: z.object({
      id: postId,
      status: switchField('status'),
    }),
    output: z.object({ is_like: bit(), likes: z.number().int() }),
  }),
  remove: defineEndpoint({
    path: '/member/friendCircleDelete',
    summary: '删除自己的动态',
    tags,
    access: 'member',
    input: z.object({ id: postId }),
    output: z.null(),
    okMsg: CIRCLE_TEXTS.deleted,
  }),
  comments: defineEndpoint({
    path: '/index/friendCircleComment',
    summary: '一条动态的评论（含回复），按时间顺序分页',
    tags,
    access: 'public',
    input: z.object({ id: postId, ...pageInput }),
    output: pageSchema(circleCommentSchema),
  }),
  comment: defineEndpoint({
    path: '/member/friendCircleComment',
    summary: '评论动态，或回复一条评论（comment_id）；动态作者或被回复的人收到评论通知',
    tags,
    access: 'member',
    input: z.object({
      id: postId,
      content: textField('评论', CIRCLE_LIMITS.commentMax).min(1, CIRCLE_TEXTS.commentEmpty),
      comment_id: idField('评论').optional(),
    }),
    output: circleCommentSchema,
    okMsg: CIRCLE_TEXTS.commented,
  }),
  commentDelete: defineEndpoint({
    path: '/member/friendCircleCommentDelete',
    summary: '删除自己的评论，或自己动态下的评论',
    tags,
    access: 'member',
    input: z.object({ id: idField('评论') }),
    output: z.null(),
    okMsg: CIRCLE_TEXTS.deleted,
  }),
};
