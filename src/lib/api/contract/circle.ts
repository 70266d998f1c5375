import { z } from 'zod';
import { defineEndpoint } from '../define';
import { idField, isoTime, pageInput, pageSchema, textField } from '../fields';
import { CIRCLE_LIMITS, CIRCLE_TABS, CIRCLE_TEXTS } from '../../rules/circle';

const tags = ['功夫圈'];
const bit = z.union([z.literal(0), z.literal(1)]);

export const circleAuthorSchema = z.object({ user_id: z.number().int(), nick: z.string(), avatar: z.string() });

export const circlePostSchema = z.object({
  id: z.number().int(),
  author: circleAuthorSchema,
  content: z.string(),
  images: z.array(z.string()),
  tags: z.array(z.string()),
  city: z.string(),
  likes: z.number().int(),
  comments: z.number().int(),
  /** The viewer liked it (0 for guests). */
  is_like: bit,
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

/**
 * 功夫圈 (issue 16), first part: publish, the feed (cursor paging, stable while new posts arrive),
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
      })
      .refine((v) => v.content.length > 0 || v.images.length > 0, CIRCLE_TEXTS.empty),
    output: circlePostSchema,
    okMsg: CIRCLE_TEXTS.published,
  }),
  feed: defineEndpoint({
    path: '/index/friendCircleList',
    summary: '功夫圈动态：new 最新、following 关注的人、city 同城；cursor 为上一页最后一条的 id',
    tags,
    access: 'public',
    input: z.object({
      tab: z.enum(CIRCLE_TABS, { error: '动态分类不正确' }).default('new'),
      city: textField('城市', CIRCLE_LIMITS.cityMax).optional(),
      user_id: idField('用户').optional(),
      cursor: idField('cursor').optional(),
      limit: z.coerce.number<number | string>().int().min(1).max(CIRCLE_LIMITS.pageMax).default(10),
    }),
    output: z.object({ list: z.array(circlePostSchema), next_cursor: z.number().int().nullable() }),
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
      status: z.coerce.number<number | string>().pipe(z.union([z.literal(0), z.literal(1)], { error: 'status 只能是 0 或 1' })),
    }),
    output: z.object({ is_like: bit, likes: z.number().int() }),
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
