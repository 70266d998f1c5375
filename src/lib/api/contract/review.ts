import { z } from 'zod';
import { defineEndpoint } from '../define';
import { idField, intField, isoTime, pageInput, pageSchema, textField } from '../fields';
import { REVIEW_KINDS, REVIEW_LIMITS, REVIEW_TEXTS } from '../../rules/review';

const tags = ['评价'];
const stars = intField('评分', { min: 1, max: 5, column: 'smallint', tooSmall: REVIEW_TEXTS.starsNeeded, tooBig: '评分为 1–5 星' });

export const reviewSchema = z.object({
  id: z.number().int(),
  user: z.object({ nick: z.string(), avatar: z.string() }),
  stars: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  /** What was bought (a goods spec, e.g. 白色/M). */
  specs: z.string(),
  created_at: isoTime(),
});
export type Review = z.output<typeof reviewSchema>;

export const reviewSummarySchema = z.object({
  count: z.number().int(),
  /** 0 when there are none. */
  average: z.number(),
  /** How many gave 1…5 stars (index 0 = one star). */
  stars: z.array(z.number().int()).length(5),
});
export type ReviewSummary = z.output<typeof reviewSummarySchema>;

/** 评价: a member reviews the lines of a completed order; detail pages list reviews with the average. */
export const reviewApi = {
  pending: defineEndpoint({
    path: '/member/orderReviewInfo',
    summary: '待评价订单的各项（已评价的带上评价内容）',
    tags,
    access: 'member',
    input: z.object({ order_id: idField('订单 id') }),
    output: z.object({
      order_id: z.number().int(),
      order_no: z.string(),
      kind: z.enum(REVIEW_KINDS),
      completed_at: isoTime().nullable(),
      items: z.array(
        z.object({
          item_id: z.number().int(),
          target_id: z.number().int(),
          title: z.string(),
          specs: z.string(),
          cover: z.string(),
          review: reviewSchema.nullable(),
        }),
      ),
    }),
  }),
  publish: defineEndpoint({
    path: '/member/orderReview',
    summary: '评价已完成订单的各项：星级、文字、图片；每项只能评价一次',
    tags,
    access: 'member',
    input: z.object({
      order_id: idField('订单 id'),
      items: z
        .array(
          z.object({
            item_id: idField('订单项'),
            stars,
            content: textField('评价', REVIEW_LIMITS.contentMax).default(''),
            images: z.array(z.string().max(500)).max(REVIEW_LIMITS.imagesMax, `图片最多 ${REVIEW_LIMITS.imagesMax} 张`).default([]),
          }),
        )
        .min(1, REVIEW_TEXTS.starsNeeded)
        .max(50),
    }),
    output: z.object({ reviewed: z.number().int() }),
    okMsg: REVIEW_TEXTS.done,
  }),
  list: defineEndpoint({
    path: '/public/reviews',
    summary: '商品、课程或班级的评价，最新在前，附平均分和星级分布',
    tags,
    access: 'public',
    input: z.object({ kind: z.enum(REVIEW_KINDS, { error: '评价对象不正确' }), id: idField('id'), ...pageInput }),
    output: pageSchema(reviewSchema).extend({ summary: reviewSummarySchema }),
  }),
};
