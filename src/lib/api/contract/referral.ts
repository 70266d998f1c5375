import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, isoTime, pageInput, pageSchema } from '../fields';

const tags = ['推荐好友'];

export const inviteFriendSchema = z.object({
  user_id: z.number().int(),
  nick: z.string(),
  avatar: z.string(),
  /** How they signed up: phone, wx (WeChat) or qq. */
  via: z.enum(['phone', 'wx', 'qq']),
  registered_at: isoTime(),
  /** 1 once their first order completed and the reward was paid. */
  rewarded: bit(),
  coins: z.number().int(),
  rewarded_at: isoTime().nullable(),
});
export type InviteFriend = z.output<typeof inviteFriendSchema>;

/** 推荐好友 (/my/order): the member's invitation and the friends it brought. */
export const referralApi = {
  info: defineEndpoint({
    path: '/member/inviteInfo',
    summary: '我的邀请码、邀请链接、奖励规则和统计',
    tags,
    access: 'member',
    input: z.object({}),
    output: z.object({
      code: z.string(),
      link: z.string(),
      reward_coins: z.number().int(),
      rule: z.string(),
      invited: z.number().int(),
      rewarded: z.number().int(),
      coins_earned: z.number().int(),
    }),
  }),
  list: defineEndpoint({
    path: '/member/inviteList',
    summary: '通过我的邀请注册的好友，最新在前',
    tags,
    access: 'member',
    input: z.object({ ...pageInput }),
    output: pageSchema(inviteFriendSchema),
  }),
};
