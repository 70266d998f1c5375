import { z } from 'zod';
import { defineEndpoint } from '../define';
import { idField, switchField, textField } from '../fields';
import { IM_SOCIAL } from '../../rules/im-social';

const tags = ['聊天'];

const userSearchResult = z.object({
  userID: z.string(),
  nick: z.string(),
  avatar: z.string(),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  selfSignature: z.string(),
  isFriend: z.boolean(),
});

/**
 * Chat's social HTTP calls: the group lists and applications the SPEC names (§7) and the user search
 * the Tencent IM adapter needs (Tencent IM cannot search our phone numbers). Every answer goes
 * through imBackend(), so it is the same on either IM provider.
 */
export const imSocialApi = {
  searchUser: defineEndpoint({
    path: '/im/searchUser',
    summary: '按手机号或用户ID查找聊天用户（精确匹配）',
    tags,
    access: 'member',
    input: z.object({
      keyword: z.string({ error: '请输入搜索关键字' }).trim().min(1, '请输入搜索关键字').max(20, '请输入11位手机号或用户ID'),
    }),
    output: z.object({ list: z.array(userSearchResult) }),
  }),
  memberInGroup: defineEndpoint({
    path: '/public/memberInGroup',
    summary: '用户所在的群（is_owenr 1 只列其创建的群）',
    tags,
    access: 'public',
    input: z.object({
      uid: idField('uid'),
      // The SPEC's spelling.
      is_owenr: switchField('is_owenr').default(0),
      is_group: switchField('is_group').default(1),
    }),
    output: z.object({ group_list: z.array(z.object({ GroupId: z.string(), Name: z.string(), FaceUrl: z.string() })) }),
  }),
  applyGroup: defineEndpoint({
    path: '/member/applyGroup',
    summary: '申请加入群聊',
    tags,
    access: 'member',
    input: z.object({
      group_id: z.string({ error: '群ID不正确' }).trim().min(1, '群ID不正确').max(48, '群ID不正确'),
      apply_msg: textField('申请理由', IM_SOCIAL.wordingMax).optional(),
    }),
    output: z.object({
      status: z
        .enum(['Success', 'WaitAdminOK', 'AlreadyInGroup'])
        .describe('Success 已加入；WaitAdminOK 等待审核；AlreadyInGroup 已在群中'),
    }),
    okMsg: {
      msg: (d: { status: string }) =>
        d.status === 'WaitAdminOK' ? '申请已发送，请等待群主审核' : d.status === 'AlreadyInGroup' ? '你已经是群成员了' : '已加入群聊',
    }.msg,
  }),
} as const;
