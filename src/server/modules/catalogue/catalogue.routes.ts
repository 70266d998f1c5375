import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { currentUser, endpoint } from '../../http/endpoint';
import { pageInput, pageSchema } from '../../http/envelope';
import { idField } from '../../http/fields';
import { classDetail, classPage, coachPage, courseDetail, coursePage, labelList, trainingFilters } from './training.service';
import { agentGoodsPage, categoryList, goodsDetail, goodsPage, shopPage } from './shop.service';
import {
  coachIndex,
  coachInfo,
  fansPage,
  favouritePage,
  focusPage,
  isFavourite,
  setFavourite,
  setFollow,
  shopIndex,
  shopInfo,
} from './social.service';

const owner = z.object({ type: z.enum(['coach', 'mechant']), id: z.number(), name: z.string(), avatar: z.string() });
const courseItem = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  price: z.number().describe('分'),
  is_free: z.number(),
  level: z.string(),
  sales: z.number(),
  label_ids: z.array(z.number()),
  lesson_count: z.number(),
  owner,
});
const classItem = z.object({
  id: z.number(),
  title: z.string(),
  cover: z.string(),
  style: z.string(),
  city: z.string(),
  venue: z.string(),
  address: z.string(),
  schedule: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  capacity: z.number(),
  enrolled: z.number(),
  seats_left: z.number(),
  price: z.number(),
  coach: z.object({ id: z.number(), name: z.string(), avatar: z.string() }),
});
const profileCard = z
  .object({ id: z.number(), uid: z.number(), nick_name: z.string(), head: z.string(), cover: z.string(), fans_count: z.number() })
  .loose();
const goodsItem = z.object({
  id: z.number(),
  title: z.string(),
  cover: z.string(),
  price: z.number(),
  sales: z.number(),
  shop: z.object({ id: z.number(), name: z.string() }),
  category_id: z.number(),
});
const text = (max: number) => z.string().trim().max(max).optional();
const priceFen = z.coerce.number().int().min(0, '价格不能为负').max(100_000_000).optional();
const status01 = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: 'status 只能是 0 或 1' }));

/** The catalogue (SPEC §7 "Live and content" lists, profiles, follow, favourites, search). */
export function registerCatalogue(api: OpenAPIHono<AppEnv>): void {
  const tags = ['目录'];
  const viewer = async (c: Parameters<typeof currentUser>[0]) => (await currentUser(c))?.id ?? null;

  endpoint(
    api,
    { path: '/course/label', summary: '课程标签', tags, access: 'public', output: z.array(z.object({ id: z.number(), name: z.string() })) },
    () => labelList(),
  );

  const courseListInput = z.object({
    label_id: idField('标签 id').optional(),
    price: z.enum(['all', 'free', 'paid'], { error: '价格筛选不正确' }).default('all'),
    sort: z.enum(['new', 'hot', 'price_asc', 'price_desc'], { error: '排序方式不正确' }).default('new'),
    coach_id: idField('教练 id').optional(),
    shop_id: idField('店铺 id').optional(),
    recommend: z.coerce.number().optional(),
    ...pageInput,
  });
  endpoint(
    api,
    {
      path: '/public/courseList',
      summary: '课程列表（标签、免费/付费、排序、分页）',
      tags,
      access: 'public',
      input: courseListInput,
      output: pageSchema(courseItem),
    },
    ({ input }) =>
      coursePage({
        labelId: input.label_id,
        price: input.price,
        sort: input.sort,
        coachId: input.coach_id,
        shopId: input.shop_id,
        recommend: input.recommend === 1,
        page: input.page,
        limit: input.limit,
      }),
  );
  endpoint(
    api,
    {
      path: '/course/list',
      summary: '某位教练或某个店铺的课程',
      tags,
      access: 'public',
      input: z
        .object({ coach_id: idField('教练 id').optional(), shop_id: idField('店铺 id').optional(), ...pageInput })
        .refine((v) => v.coach_id || v.shop_id, '请指定教练或店铺'),
      output: pageSchema(courseItem),
    },
    ({ input }) => coursePage({ coachId: input.coach_id, shopId: input.shop_id, page: input.page, limit: input.limit }),
  );
  endpoint(
    api,
    {
      path: '/course/detail',
      summary: '课程详情与课时（视频仅对试看课时和有权观看者给出）',
      tags,
      access: 'public',
      input: z.object({ id: idField('课程 id') }),
      output: z.record(z.string(), z.unknown()),
    },
    async ({ input, c }) => {
      const me = await viewer(c);
      const detail = await courseDetail(input.id, me);
      return { ...detail, is_favorite: me ? await isFavourite(me, 'course', input.id) : 0 };
    },
  );

  endpoint(
    api,
    {
      path: '/class/list',
      summary: '班级列表（拳种、城市、排序、分页）',
      tags,
      access: 'public',
      input: z.object({
        style: text(16),
        city: text(16),
        coach_id: idField('教练 id').optional(),
        sort: z.enum(['soon', 'new', 'price_asc', 'price_desc'], { error: '排序方式不正确' }).default('soon'),
        ...pageInput,
      }),
      output: pageSchema(classItem),
    },
    ({ input }) =>
      classPage({
        style: input.style || undefined,
        city: input.city || undefined,
        coachId: input.coach_id,
        sort: input.sort,
        page: input.page,
        limit: input.limit,
      }),
  );
  endpoint(
    api,
    {
      path: '/class/detail',
      summary: '班级详情（日程、地点、名额与余位）',
      tags,
      access: 'public',
      input: z.object({ id: idField('班级 id') }),
      output: z.record(z.string(), z.unknown()),
    },
    async ({ input, c }) => {
      const me = await viewer(c);
      return { ...(await classDetail(input.id)), is_favorite: me ? await isFavourite(me, 'class', input.id) : 0 };
    },
  );

  endpoint(
    api,
    {
      path: '/coach/list',
      summary: '教练列表（拳种、城市、分页）',
      tags,
      access: 'public',
      input: z.object({ style: text(16), city: text(16), ...pageInput }),
      output: pageSchema(profileCard),
    },
    ({ input }) => coachPage({ style: input.style || undefined, city: input.city || undefined, page: input.page, limit: input.limit }),
  );
  endpoint(
    api,
    {
      path: '/public/trainingFilters',
      summary: '教练和班级的城市、拳种筛选项',
      tags,
      access: 'public',
      output: z.record(z.string(), z.array(z.string())),
    },
    () => trainingFilters(),
  );
  endpoint(
    api,
    {
      path: '/coach/public/info',
      summary: '教练信息 {coach_id}',
      tags,
      access: 'public',
      input: z.object({ coach_id: idField('教练 id') }),
      output: profileCard,
    },
    async ({ input, c }) => coachInfo(input.coach_id, await viewer(c)),
  );
  endpoint(
    api,
    {
      path: '/coach/public/indexInfo',
      summary: '教练主页：信息、课程、班级、代理商品',
      tags,
      access: 'public',
      input: z.object({ coach_id: idField('教练 id') }),
      output: z.record(z.string(), z.unknown()),
    },
    async ({ input, c }) => coachIndex(input.coach_id, await viewer(c)),
  );
  endpoint(
    api,
    {
      path: '/shop/public/info',
      summary: '店铺信息 {shop_id}',
      tags,
      access: 'public',
      input: z.object({ shop_id: idField('店铺 id') }),
      output: profileCard,
    },
    async ({ input, c }) => shopInfo(input.shop_id, await viewer(c)),
  );
  endpoint(
    api,
    {
      path: '/shop/public/indexInfo',
      summary: '店铺主页：信息、商品、课程、代理商品',
      tags,
      access: 'public',
      input: z.object({ shop_id: idField('店铺 id') }),
      output: z.record(z.string(), z.unknown()),
    },
    async ({ input, c }) => shopIndex(input.shop_id, await viewer(c)),
  );

  endpoint(
    api,
    {
      path: '/goods/category',
      summary: '商品分类',
      tags,
      access: 'public',
      output: z.array(z.object({ id: z.number(), name: z.string() })),
    },
    () => categoryList(),
  );
  endpoint(
    api,
    {
      path: '/goods/list',
      summary: '商品列表（分类、店铺、价格区间、排序、分页）',
      tags,
      access: 'public',
      input: z
        .object({
          category_id: idField('分类 id').optional(),
          shop_id: idField('店铺 id').optional(),
          min_price: priceFen,
          max_price: priceFen,
          sort: z.enum(['new', 'hot', 'price_asc', 'price_desc'], { error: '排序方式不正确' }).default('new'),
          ...pageInput,
        })
        .refine((v) => v.min_price === undefined || v.max_price === undefined || v.min_price <= v.max_price, '最低价不能高于最高价'),
      output: pageSchema(goodsItem),
    },
    ({ input }) =>
      goodsPage({
        categoryId: input.category_id,
        shopId: input.shop_id,
        minPrice: input.min_price,
        maxPrice: input.max_price,
        sort: input.sort,
        page: input.page,
        limit: input.limit,
      }),
  );
  endpoint(
    api,
    {
      path: '/goods/detail',
      summary: '商品详情（图集、规格、SKU 价格与库存、店铺）',
      tags,
      access: 'public',
      input: z.object({ id: idField('商品 id') }),
      output: z.record(z.string(), z.unknown()),
    },
    async ({ input, c }) => {
      const me = await viewer(c);
      return { ...(await goodsDetail(input.id)), is_favorite: me ? await isFavourite(me, 'goods', input.id) : 0 };
    },
  );
  endpoint(
    api,
    { path: '/shop/list', summary: '店铺列表', tags, access: 'public', input: z.object({ ...pageInput }), output: pageSchema(profileCard) },
    ({ input }) => shopPage(input),
  );
  endpoint(
    api,
    {
      path: '/public/businessAgentGoods',
      summary: '教练或店铺代理销售的商品',
      tags,
      access: 'public',
      input: z.object({ type: z.enum(['coach', 'shop'], { error: '类型不正确' }), id: idField(), ...pageInput }),
      output: pageSchema(goodsItem),
    },
    ({ input }) => agentGoodsPage(input.type, input.id, input.page, input.limit),
  );

  endpoint(
    api,
    {
      path: '/index/comSeach',
      summary: '综合搜索（课程、班级、教练、商品、店铺；中文子串匹配）',
      tags: ['搜索'],
      access: 'public',
      input: z.object({
        q: z.string({ error: '请输入搜索关键字' }).trim().min(1, '请输入搜索关键字').max(30, '关键字最多 30 个字'),
        type: z.enum(['course', 'class', 'coach', 'goods', 'shop'], { error: '搜索类型不正确' }).default('course'),
        ...pageInput,
      }),
      output: z.object({
        type: z.string(),
        q: z.string(),
        list: z.array(z.record(z.string(), z.unknown())),
        total: z.number(),
        page: z.number(),
        limit: z.number(),
      }),
    },
    async ({ input }) => {
      const o = { q: input.q, page: input.page, limit: input.limit };
      const page =
        input.type === 'class'
          ? await classPage(o)
          : input.type === 'coach'
            ? await coachPage(o)
            : input.type === 'goods'
              ? await goodsPage(o)
              : input.type === 'shop'
                ? await shopPage(o)
                : await coursePage(o);
      return { type: input.type, q: input.q, ...page } as never;
    },
  );

  const social = ['关注与收藏'];
  endpoint(
    api,
    {
      path: '/member/follow',
      summary: '关注/取消关注教练或店铺 {status, coach_id} 或 {status, shop_id}',
      tags: social,
      access: 'member',
      input: z
        .object({ status: status01, coach_id: idField('教练 id').optional(), shop_id: idField('店铺 id').optional() })
        .refine((v) => Boolean(v.coach_id) !== Boolean(v.shop_id), '请指定一位教练或一个店铺'),
      output: z.object({ is_follow: z.number(), fans_count: z.number() }),
      okMsg: '操作成功',
    },
    ({ input, user }) => setFollow(user.id, input.coach_id ? 'coach' : 'shop', (input.coach_id ?? input.shop_id)!, input.status),
  );
  endpoint(
    api,
    {
      path: '/member/favorite',
      summary: '收藏/取消收藏课程、班级或商品',
      tags: social,
      access: 'member',
      input: z.object({ type: z.enum(['course', 'class', 'goods'], { error: '收藏类型不正确' }), id: idField(), status: status01 }),
      output: z.object({ is_favorite: z.number() }),
      okMsg: '操作成功',
    },
    ({ input, user }) => setFavourite(user.id, input.type, input.id, input.status),
  );
  endpoint(
    api,
    {
      path: '/member/favoriteList',
      summary: '我的收藏',
      tags: social,
      access: 'member',
      input: z.object({ type: z.enum(['course', 'class', 'goods'], { error: '收藏类型不正确' }).default('course'), ...pageInput }),
      output: pageSchema(z.record(z.string(), z.unknown())),
    },
    ({ input, user }) => favouritePage(user.id, input.type, input.page, input.limit) as never,
  );
  endpoint(
    api,
    {
      path: '/member/focusList',
      summary: '我的关注',
      tags: social,
      access: 'member',
      input: z.object({ ...pageInput }),
      output: pageSchema(z.record(z.string(), z.unknown())),
    },
    ({ input, user }) => focusPage(user.id, input.page, input.limit) as never,
  );
  endpoint(
    api,
    {
      path: '/member/fansList',
      summary: '我的粉丝（教练、店主）',
      tags: social,
      access: 'member',
      input: z.object({ ...pageInput }),
      output: pageSchema(z.record(z.string(), z.unknown())),
    },
    ({ input, user }) => fansPage(user.id, input.page, input.limit) as never,
  );
}
