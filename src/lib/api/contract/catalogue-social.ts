import { z } from 'zod';
import { LIVE_STATUS } from '../../rules/live';
import { noticeBriefSchema } from './live';
import { playbackCardSchema } from './live-playback';
import { defineEndpoint } from '../define';
import { bit, fen, idField, isoTime, pageInput, pageSchema, switchField } from '../fields';
import { goodsItemSchema, shopCardSchema } from './catalogue-shop';
import { classItemSchema, coachCardSchema, courseItemSchema } from './catalogue-training';
import { bannerSchema } from './seller-shop';

const tags = ['目录'];
const social = ['关注与收藏'];

/** What a member can keep (收藏). */
export const favouriteTypes = ['course', 'class', 'goods'] as const;
export type FavouriteType = (typeof favouriteTypes)[number];
const favouriteType = z.enum(favouriteTypes, { error: '收藏类型不正确' });

/** Coach info {coach_id} (SPEC §3: id, uid, nick_name, head, is_follow) plus counts. */
export const coachInfoSchema = coachCardSchema.extend({ is_follow: bit(), course_count: z.number().int(), class_count: z.number().int() });
export type CoachInfo = z.output<typeof coachInfoSchema>;

/** Shop info {shop_id} (SPEC §3) plus counts. */
export const shopInfoSchema = shopCardSchema.extend({ is_follow: bit(), goods_count: z.number().int(), course_count: z.number().int() });
export type ShopInfo = z.output<typeof shopInfoSchema>;

/** What an owner set on /coach/setting or /mechant/setting for the homepage. */
/** The 直播 part of a homepage: the room, its waiting notices and latest playbacks. */
const homepageLive = z.object({
  room: z
    .object({ id: z.number().int(), title: z.string(), cover: z.string(), status: z.enum(LIVE_STATUS) })
    .nullable()
    .describe('首次打开主播后台前为 null'),
  notices: z.array(noticeBriefSchema),
  playbacks: z.array(playbackCardSchema),
});

const homepageExtras = {
  live: homepageLive,
  banners: z.array(bannerSchema).describe('主页轮播图'),
  agent_courses: z.array(courseItemSchema).describe('代理课程'),
  labels: z.array(z.string()),
  contact: z.object({ phone: z.string(), wechat: z.string() }).describe('空字符串 = 未公开'),
};

export const coachIndexSchema = z.object({
  info: coachInfoSchema,
  courses: z.array(courseItemSchema),
  classes: z.array(classItemSchema),
  goods: z.array(goodsItemSchema).describe('代理商品'),
  ...homepageExtras,
});
export type CoachIndex = z.output<typeof coachIndexSchema>;

export const shopIndexSchema = z.object({
  info: shopInfoSchema,
  goods: z.array(goodsItemSchema),
  courses: z.array(courseItemSchema),
  agent_goods: z.array(goodsItemSchema),
  ...homepageExtras,
});
export type ShopIndex = z.output<typeof shopIndexSchema>;

/** The answer to a follow: the new state and the target's fans count. */
export const followStateSchema = z.object({ is_follow: bit(), fans_count: z.number().int() });
export type FollowState = z.output<typeof followStateSchema>;

export const favouriteItemSchema = z.object({
  type: favouriteType,
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  price: fen(),
  created_at: isoTime(),
});
export type FavouriteItem = z.output<typeof favouriteItemSchema>;

export const focusItemSchema = z.object({
  type: z.enum(['coach', 'mechant']),
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  desc: z.string(),
  fans_count: z.number().int(),
});
export type FocusItem = z.output<typeof focusItemSchema>;

export const fanItemSchema = z.object({ user_id: z.number().int(), nick_name: z.string(), avatar: z.string(), followed_at: isoTime() });
export type FanItem = z.output<typeof fanItemSchema>;

/** Coach and shop homepages, follow and favourites (SPEC §2 profile layout, §4 follow, §5). */
export const socialApi = {
  coachInfo: defineEndpoint({
    path: '/coach/public/info',
    summary: '教练信息 {coach_id}',
    tags,
    access: 'public',
    input: z.object({ coach_id: idField('教练 id') }),
    output: coachInfoSchema,
  }),
  coachIndex: defineEndpoint({
    path: '/coach/public/indexInfo',
    summary: '教练主页：信息、课程、班级、代理商品',
    tags,
    access: 'public',
    input: z.object({ coach_id: idField('教练 id') }),
    output: coachIndexSchema,
  }),
  shopInfo: defineEndpoint({
    path: '/shop/public/info',
    summary: '店铺信息 {shop_id}',
    tags,
    access: 'public',
    input: z.object({ shop_id: idField('店铺 id') }),
    output: shopInfoSchema,
  }),
  shopIndex: defineEndpoint({
    path: '/shop/public/indexInfo',
    summary: '店铺主页：信息、商品、课程、代理商品',
    tags,
    access: 'public',
    input: z.object({ shop_id: idField('店铺 id') }),
    output: shopIndexSchema,
  }),
  follow: defineEndpoint({
    path: '/member/follow',
    summary: '关注/取消关注教练或店铺 {status, coach_id} 或 {status, shop_id}',
    tags: social,
    access: 'member',
    input: z
      .object({ status: switchField('status'), coach_id: idField('教练 id').optional(), shop_id: idField('店铺 id').optional() })
      .refine((v) => Boolean(v.coach_id) !== Boolean(v.shop_id), '请指定一位教练或一个店铺'),
    output: followStateSchema,
    okMsg: '操作成功',
  }),
  favourite: defineEndpoint({
    path: '/member/favorite',
    summary: '收藏/取消收藏课程、班级或商品',
    tags: social,
    access: 'member',
    input: z.object({ type: favouriteType, id: idField(), status: switchField('status') }),
    output: z.object({ is_favorite: bit() }),
    okMsg: '操作成功',
  }),
  favouriteList: defineEndpoint({
    path: '/member/favoriteList',
    summary: '我的收藏',
    tags: social,
    access: 'member',
    input: z.object({ type: favouriteType.default('course'), ...pageInput }),
    output: pageSchema(favouriteItemSchema),
  }),
  focusList: defineEndpoint({
    path: '/member/focusList',
    summary: '我的关注',
    tags: social,
    access: 'member',
    input: z.object({ ...pageInput }),
    output: pageSchema(focusItemSchema),
  }),
  fansList: defineEndpoint({
    path: '/member/fansList',
    summary: '我的粉丝（教练、店主）',
    tags: social,
    access: 'member',
    input: z.object({ ...pageInput }),
    output: pageSchema(fanItemSchema),
  }),
};
