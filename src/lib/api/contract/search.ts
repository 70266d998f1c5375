import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, pageInput, pageSchema } from '../fields';
import { SEARCH_KINDS, SEARCH_LIMITS } from '../../rules/search';
import { goodsItemSchema, shopCardSchema } from './catalogue-shop';
import { classItemSchema, coachCardSchema, courseItemSchema } from './catalogue-training';
import { circlePostSchema } from './circle';
import { articleItemSchema } from './content';
import { liveRoomCardSchema } from './live';
import { liveNoticeSchema } from './live-notices';

/** The kinds of /search's tabs (SPEC §9's course, class and coach, then the rest the one box finds). */
export const searchTypes = SEARCH_KINDS;
export type SearchType = (typeof SEARCH_KINDS)[number];

const countSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  n: z.number().int().describe(`命中数（最多显示 ${SEARCH_LIMITS.countCap}）`),
  capped: bit().describe(`1 = 超过 ${SEARCH_LIMITS.countCap} 条（显示 99+）`),
});

/** A page of one kind of result, tagged with the type and key it answers, with every tab's count. */
const resultPage = <T extends SearchType, I extends z.ZodType>(type: T, item: I) =>
  pageSchema(item).extend({
    type: z.literal(type),
    q: z.string(),
    counts: z.array(countSchema).describe('每个分类的命中数（结果页的标签）'),
    did_you_mean: z.string().describe('没有任何结果时：读音相近的词（你是不是要找），否则为空'),
  });

/** One search answer; the item shape follows `type`. */
export const searchResultSchema = z.discriminatedUnion('type', [
  resultPage('course', courseItemSchema),
  resultPage('class', classItemSchema),
  resultPage('coach', coachCardSchema),
  resultPage('goods', goodsItemSchema),
  resultPage('shop', shopCardSchema),
  resultPage('live', liveRoomCardSchema),
  resultPage('notice', liveNoticeSchema),
  resultPage('post', circlePostSchema),
  resultPage('article', articleItemSchema),
]);
export type SearchResult = z.output<typeof searchResultSchema>;

const keyField = z
  .string({ error: '请输入搜索关键字' })
  .trim()
  .min(1, '请输入搜索关键字')
  .max(SEARCH_LIMITS.keyMax, `关键字最多 ${SEARCH_LIMITS.keyMax} 个字`);

export const suggestionSchema = z.object({ text: z.string(), kind: z.enum(SEARCH_KINDS) });
export type Suggestion = z.output<typeof suggestionSchema>;

/** Site search (SPEC §2 search box; §5 empty key): Chinese, full pinyin, initials and mixed keys. */
export const searchApi = {
  search: defineEndpoint({
    path: '/index/comSeach',
    summary: '综合搜索：课程、班级、教练、商品、店铺、直播间、直播预告、功夫圈、资讯；中文、全拼、简拼与混合输入（如 taiji拳）',
    tags: ['搜索'],
    access: 'public',
    input: z.object({
      q: keyField,
      type: z.enum(SEARCH_KINDS, { error: '搜索类型不正确' }).default('course'),
      ...pageInput,
    }),
    output: searchResultSchema,
  }),
  suggest: defineEndpoint({
    path: '/index/searchSuggest',
    summary: '搜索联想：输入一个字或一个拼音字母起，最多 8 条（当前分类在前）；并给出运营设置的热门搜索词',
    tags: ['搜索'],
    access: 'public',
    input: z.object({
      q: z.string().trim().max(SEARCH_LIMITS.keyMax, `关键字最多 ${SEARCH_LIMITS.keyMax} 个字`).default(''),
      type: z.enum(SEARCH_KINDS, { error: '搜索类型不正确' }).optional(),
    }),
    output: z.object({ q: z.string(), list: z.array(suggestionSchema), hot: z.array(z.string()) }),
  }),
};
