/**
 * Limits and messages of chat's relationship chains and groups. zod-free:
 * the server's ops, the HTTP contracts and the chat UI all read these.
 */
export const IM_SOCIAL = {
  wordingMax: 120,
  remarkMax: 32,
  friendGroupNameMax: 30,
  friendGroupsMax: 30,
  groupNameMax: 30,
  introductionMax: 240,
  notificationMax: 300,
  nameCardMax: 32,
  /** Invite / kick / add-to-group lists per call. */
  userListMax: 100,
  /** searchUser: searches per user per window. */
  searchPoints: 20,
  searchWindowS: 60,
  /** Longest mute a manager may set: 30 days (Tencent IM's cap). */
  muteMaxS: 30 * 24 * 3600,
} as const;

export const IM_SOCIAL_TEXT = {
  searchKeyword: '请输入11位手机号或用户ID',
  searchTooFast: '搜索太频繁，请稍后再试',
  userNotFound: '用户不存在',
  addSelf: '不能添加自己为好友',
  alreadyFriends: '你们已经是好友了',
  blockedByPeer: '对方已将你加入黑名单，无法添加好友',
  youBlockedPeer: '你已将对方加入黑名单，请先移出黑名单',
  applicationPending: '已发送过好友申请，请等待对方处理',
  noApplication: '好友申请不存在或已处理',
  notFriend: '对方不是你的好友',
  friendGroupExists: '分组已存在',
  friendGroupMissing: '分组不存在',
  friendGroupsFull: '最多创建 30 个分组',
  blockSelf: '不能将自己加入黑名单',
  groupMissing: '群组不存在或已解散',
  groupNameRequired: '请输入群名称',
  workNoApply: '该群不允许申请加入',
  applyDisabled: '该群禁止申请加入',
  alreadyInGroup: '你已经是群成员了',
  groupApplicationPending: '已申请加入，请等待群主或管理员审核',
  noGroupApplication: '入群申请不存在或已处理',
  ownerMustTransfer: '群主不能退群，请先转让群主或解散群组',
  ownerOnly: '只有群主可以这样做',
  managerOnly: '只有群主或管理员可以这样做',
  inviteNoPermission: '只有群主或管理员可以邀请成员',
  cannotKickManager: '管理员不能移出群主或其他管理员',
  cannotKickSelf: '不能移出自己，请使用退出群聊',
  notGroupMember: '对方不是该群成员',
  groupFull: '群成员已满',
  cannotMuteManager: '不能禁言群主或管理员',
  roomOnly: '该群不是直播间',
} as const;
