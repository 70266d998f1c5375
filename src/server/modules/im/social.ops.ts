import { z } from 'zod';
import { intValue } from '~/lib/api/fields';
import { CHAT_CODE } from '~/lib/chat/client';
import { IM_SOCIAL } from '~/lib/rules/im-social';
import { addToBlacklist, blacklist, removeFromBlacklist } from './blacklist';
import {
  acceptApplication,
  addFriend,
  addToFriendGroup,
  createFriendGroup,
  deleteFriendGroup,
  deleteFriends,
  friendGroupList,
  friendList,
  listApplications,
  refuseApplication,
  removeFromFriendGroup,
  renameFriendGroup,
  updateFriend,
} from './friends';
import { changeGroupOwner, createGroup, dismissGroup, joinGroup, quitGroup, updateGroupProfile } from './groups';
import { applicationsToManage, handleApplication } from './groups.applications';
import { addGroupMembers, deleteGroupMembers, memberPage, setMemberMute, setMemberRole } from './groups.members';
import { groupList, groupProfile } from './groups.store';
import { connectionsOf } from './hub';
import { ChatFault, registerOps, type OpContext } from './ops';
import { myProfile, profilesOf, searchUser, userIdOf } from './profiles';
import { chatUserID } from './protocol';
import { isLiveRoom, joinRoom, quitRoom } from './rooms';

/**
 * The social ops (profiles, friends, blacklist, groups, live rooms) in the IM op registry. Each
 * args schema is the ChatClient method's parameters; handlers act as the socket's user only.
 */

const userID = chatUserID;
const userIDList = z.array(userID).min(1, '请选择用户').max(IM_SOCIAL.userListMax);
const groupID = z.string().min(1, '群ID不正确').max(48, '群ID不正确');
const wording = z.string().max(IM_SOCIAL.wordingMax, `验证消息最多 ${IM_SOCIAL.wordingMax} 个字`);
const remark = z.string().trim().max(IM_SOCIAL.remarkMax, `备注最多 ${IM_SOCIAL.remarkMax} 个字`);
const friendGroupName = z
  .string()
  .trim()
  .min(1, '请输入分组名称')
  .max(IM_SOCIAL.friendGroupNameMax, `分组名称最多 ${IM_SOCIAL.friendGroupNameMax} 个字`);
const groupName = z.string().trim().min(1, '请输入群名称').max(IM_SOCIAL.groupNameMax, `群名称最多 ${IM_SOCIAL.groupNameMax} 个字`);
const joinOption = z.enum(['FreeAccess', 'NeedPermission', 'DisableApply']);
const avatar = z.string().max(500);
const one = <T extends z.ZodType>(s: T) => z.tuple([s]);

/** The socket that asked: live rooms subscribe it. The hub knows it by the context's connId. */
function conn(ctx: OpContext) {
  const c = ctx.conn ?? [...connectionsOf(ctx.userId)].find((x) => x.id === ctx.connId);
  if (!c) throw new ChatFault(CHAT_CODE.badInput, '请通过聊天连接进入直播间');
  return c;
}

registerOps({
  getMyProfile: { args: z.tuple([]), handler: (ctx) => myProfile(ctx.userId) },
  getUserProfile: {
    args: one(z.object({ userIDList: z.array(userID).max(IM_SOCIAL.userListMax) })),
    handler: (_ctx, p: { userIDList: string[] }) => profilesOf(p.userIDList.flatMap((id) => userIdOf(id) ?? [])),
  },
  searchUser: {
    args: one(z.object({ keyword: z.string().max(20) })),
    handler: (ctx, p: { keyword: string }) => searchUser(ctx.userId, p.keyword),
  },

  getFriendList: { args: z.tuple([]), handler: (ctx) => friendList(ctx.userId) },
  addFriend: {
    args: one(
      z.object({
        to: userID,
        wording,
        remark: remark.optional(),
        groupName: z.string().trim().max(IM_SOCIAL.friendGroupNameMax).optional(),
      }),
    ),
    handler: async (ctx, p: { to: string; wording: string; remark?: string; groupName?: string }) => {
      await addFriend(ctx.userId, p);
    },
  },
  deleteFriend: {
    args: one(z.object({ userIDList })),
    handler: (ctx, p: { userIDList: string[] }) => deleteFriends(ctx.userId, p.userIDList),
  },
  updateFriend: {
    args: one(z.object({ userID, remark })),
    handler: (ctx, p: { userID: string; remark: string }) => updateFriend(ctx.userId, p),
  },
  getFriendApplicationList: { args: z.tuple([]), handler: (ctx) => listApplications(ctx.userId) },
  acceptFriendApplication: {
    args: one(z.object({ userID, remark: remark.optional() })),
    handler: (ctx, p: { userID: string; remark?: string }) => acceptApplication(ctx.userId, p),
  },
  refuseFriendApplication: {
    args: one(z.object({ userID })),
    handler: (ctx, p: { userID: string }) => refuseApplication(ctx.userId, p),
  },
  getFriendGroupList: { args: z.tuple([]), handler: (ctx) => friendGroupList(ctx.userId) },
  createFriendGroup: {
    args: one(z.object({ name: friendGroupName, userIDList: z.array(userID).max(IM_SOCIAL.userListMax) })),
    handler: (ctx, p: { name: string; userIDList: string[] }) => createFriendGroup(ctx.userId, p),
  },
  deleteFriendGroup: {
    args: one(z.object({ name: friendGroupName })),
    handler: (ctx, p: { name: string }) => deleteFriendGroup(ctx.userId, p),
  },
  renameFriendGroup: {
    args: one(z.object({ oldName: friendGroupName, newName: friendGroupName })),
    handler: (ctx, p: { oldName: string; newName: string }) => renameFriendGroup(ctx.userId, p),
  },
  addToFriendGroup: {
    args: one(z.object({ name: friendGroupName, userIDList })),
    handler: (ctx, p: { name: string; userIDList: string[] }) => addToFriendGroup(ctx.userId, p),
  },
  removeFromFriendGroup: {
    args: one(z.object({ name: friendGroupName, userIDList })),
    handler: (ctx, p: { name: string; userIDList: string[] }) => removeFromFriendGroup(ctx.userId, p),
  },

  getBlacklist: { args: z.tuple([]), handler: (ctx) => blacklist(ctx.userId) },
  addToBlacklist: {
    args: one(z.object({ userIDList })),
    handler: (ctx, p: { userIDList: string[] }) => addToBlacklist(ctx.userId, p.userIDList),
  },
  removeFromBlacklist: {
    args: one(z.object({ userIDList })),
    handler: (ctx, p: { userIDList: string[] }) => removeFromBlacklist(ctx.userId, p.userIDList),
  },

  getGroupList: { args: z.tuple([]), handler: (ctx) => groupList(ctx.userId) },
  getGroupProfile: {
    args: one(z.object({ groupID })),
    handler: (ctx, p: { groupID: string }) => groupProfile(ctx.userId, p.groupID),
  },
  searchGroupByID: { args: one(groupID), handler: (ctx, id: string) => groupProfile(ctx.userId, id) },
  createGroup: {
    args: one(
      z.object({
        type: z.enum(['Work', 'Public']),
        name: groupName,
        avatar: avatar.optional(),
        introduction: z.string().max(IM_SOCIAL.introductionMax).optional(),
        joinOption: joinOption.optional(),
        memberList: z.array(userID).max(IM_SOCIAL.userListMax).optional(),
      }),
    ),
    handler: (ctx, p: Parameters<typeof createGroup>[1]) => createGroup(ctx.userId, p),
  },
  updateGroupProfile: {
    args: one(
      z.object({
        groupID,
        name: groupName.optional(),
        avatar: avatar.optional(),
        introduction: z.string().max(IM_SOCIAL.introductionMax, `群简介最多 ${IM_SOCIAL.introductionMax} 个字`).optional(),
        notification: z.string().max(IM_SOCIAL.notificationMax, `群公告最多 ${IM_SOCIAL.notificationMax} 个字`).optional(),
        joinOption: joinOption.optional(),
        muteAllMembers: z.boolean().optional(),
      }),
    ),
    handler: (ctx, p: Parameters<typeof updateGroupProfile>[1]) => updateGroupProfile(ctx.userId, p),
  },
  joinGroup: {
    args: one(z.object({ groupID, applyMessage: wording.optional() })),
    handler: async (ctx, p: { groupID: string; applyMessage?: string }) => ({
      status: (await isLiveRoom(p.groupID)) ? await joinRoom(conn(ctx), p.groupID) : await joinGroup(ctx.userId, p),
    }),
  },
  quitGroup: {
    args: one(groupID),
    handler: async (ctx, id: string) => ((await isLiveRoom(id)) ? quitRoom(conn(ctx), id) : quitGroup(ctx.userId, id)),
  },
  dismissGroup: {
    args: one(groupID),
    handler: async (ctx, id: string) => {
      await dismissGroup(ctx.userId, id);
    },
  },
  changeGroupOwner: {
    args: one(z.object({ groupID, newOwnerID: userID })),
    handler: (ctx, p: { groupID: string; newOwnerID: string }) => changeGroupOwner(ctx.userId, p),
  },
  getGroupMemberList: {
    args: one(z.object({ groupID, offset: intValue('offset').optional(), count: intValue('count', { min: 1, max: 100 }).optional() })),
    handler: (ctx, p: { groupID: string; offset?: number; count?: number }) => memberPage(ctx.userId, p),
  },
  addGroupMember: {
    args: one(z.object({ groupID, userIDList })),
    handler: (ctx, p: { groupID: string; userIDList: string[] }) => addGroupMembers(ctx.userId, p),
  },
  deleteGroupMember: {
    args: one(z.object({ groupID, userIDList, reason: z.string().max(IM_SOCIAL.wordingMax).optional() })),
    handler: (ctx, p: { groupID: string; userIDList: string[]; reason?: string }) => deleteGroupMembers(ctx.userId, p),
  },
  setGroupMemberRole: {
    args: one(z.object({ groupID, userID, role: z.enum(['Admin', 'Member']) })),
    handler: (ctx, p: { groupID: string; userID: string; role: 'Admin' | 'Member' }) => setMemberRole(ctx.userId, p),
  },
  setGroupMemberMuteTime: {
    args: one(z.object({ groupID, userID, muteTime: intValue('禁言时长', { max: IM_SOCIAL.muteMaxS }) })),
    handler: (ctx, p: { groupID: string; userID: string; muteTime: number }) => setMemberMute(ctx.userId, p),
  },
  getGroupApplicationList: { args: z.tuple([]), handler: (ctx) => applicationsToManage(ctx.userId) },
  handleGroupApplication: {
    args: one(
      z.object({ applicationID: z.string().max(12), handleAction: z.enum(['Agree', 'Reject']), handleMessage: wording.optional() }),
    ),
    handler: (ctx, p: { applicationID: string; handleAction: 'Agree' | 'Reject'; handleMessage?: string }) =>
      handleApplication(ctx.userId, p),
  },
});
