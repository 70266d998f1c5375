import { z } from 'zod';
import { defineEndpoint } from '../define';
import { pageInput, pageSchema } from '../fields';
import { goodsItemSchema, shopCardSchema } from './catalogue-shop';
import { classItemSchema, coachCardSchema, courseItemSchema } from './catalogue-training';

export const searchTypes = ['course', 'class', 'coach', 'goods', 'shop'] as const;
export type SearchType = (typeof searchTypes)[number];

/** A page of one kind of result, tagged with the type and key it answers. */
const resultPage = <T extends SearchType, I extends z.ZodType>(type: T, item: I) =>
  pageSchema(item).extend({ type: z.literal(type), q: z.string() });

/** One search answer; the item shape follows `type`. */
export const searchResultSchema = z.discriminatedUnion('type', [
  resultPage('course', courseItemSchema),
  resultPage('class', classItemSchema),
  resultPage('coach', coachCardSchema),
  resultPage('goods', goodsItemSchema),
  resultPage('shop', shopCardSchema),
]);
export type SearchResult = z.output<typeof searchResultSchema>;

/** Site search (SPEC §2 search box; §5 empty key). */
export const searchApi = {
  search: defineEndpoint({
    path: '/index/comSeach',
    summary: '综合搜索（课程、班级、教练、商品、店铺；中文子串匹配）',
    tags: ['搜索'],
    access: 'public',
    input: z.object({
      q: z.string({ error: '请输入搜索关键字' }).trim().min(1, '请输入搜索关键字').max(30, '关键字最多 30 个字'),
      type: z.enum(searchTypes, { error: '搜索类型不正确' }).default('course'),
      ...pageInput,
    }),
    output: searchResultSchema,
  }),
};
