import type { Friend, GroupProfile, GroupRole, GroupType, JoinOption } from '../../chat/types';
import { IM_LIMITS } from '../../chat/protocol';
import { CHAT_T } from '../../rules/chat';
import { phoneError } from '../../rules/phone';
import { check } from '../action';
import {
  $blacklist,
  $conversations,
  $currentID,
  $friendApplications,
  $friendGroups,
  $friends,
  $friendsLoaded,
  $groupApplications,
  $groupMembers,
  $groups,
  $groupsLoaded,
  chat,
  learnNames,
} from './state';
import { openConversation } from './messages';

// ---- conversations ----

export async function pinConversation(conversationID: string, isPinned: boolean): Promise<void> {
  await chat().pinConversation({ conversationID, isPinned });
}

export async function muteConversation(conversationID: string, mute: boolean): Promise<void> {
  await chat().setMessageRemindType({ conversationID, messageRemindType: mute ? 'AcceptNotNotify' : 'AcceptAndNotify' });
}

export async function deleteConversation(conversationID: string): Promise<void> {
  await chat().deleteConversation(conversationID);
  $conversations.set($conversations.get().filter((c) => c.conversationID !== conversationID));
  if ($currentID.get() === conversationID) await openConversation('');
}

// ---- friends ----

export function friendName(f: Friend): string {
  return f.remark || f.profile.nick || f.userID;
}

export function setFriends(list: Friend[]): void {
  $friends.set(list);
  $friendsLoaded.set(true);
  learnNames(list.map((f) => [f.userID, friendName(f)] as [string, string]));
}

/** Friends by 分组; friends in no group are listed under 我的好友 (a friend may be in several). */
export function friendsByGroup(list: readonly Friend[]): { name: string; friends: Friend[] }[] {
  const groups = new Map<string, Friend[]>();
  for (const f of list) {
    const names = f.groupList.length ? f.groupList : ['我的好友'];
    for (const n of names) groups.set(n, [...(groups.get(n) ?? []), f]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '我的好友' ? -1 : b === '我的好友' ? 1 : a.localeCompare(b, 'zh')))
    .map(([name, friends]) => ({ name, friends: friends.sort((x, y) => friendName(x).localeCompare(friendName(y), 'zh')) }));
}

export async function loadContacts(): Promise<void> {
  const c = chat();
  const [friends, apps, groups, black] = await Promise.all([
    c.getFriendList(),
    c.getFriendApplicationList(),
    c.getFriendGroupList(),
    c.getBlacklist(),
  ]);
  setFriends(friends);
  $friendApplications.set(apps);
  $friendGroups.set(groups);
  $blacklist.set(black);
}

/** Search by phone (11 digits) or user id (digits). */
export async function searchUser(raw: string) {
  const keyword = raw.trim();
  check(keyword ? null : CHAT_T.searchKeywordRequired, 'warning');
  check(/^\d+$/.test(keyword) && (keyword.length !== 11 || !phoneError(keyword)) ? null : '请输入正确的手机号或用户 ID', 'warning');
  return chat().searchUser({ keyword });
}

export async function addFriend(p: { to: string; wording: string; remark: string; groupName: string }): Promise<void> {
  check(p.wording.length > CHAT_T.wordingMax ? `验证信息不能超过 ${CHAT_T.wordingMax} 字` : null);
  const remark = p.remark.trim();
  const groupName = p.groupName.trim();
  await chat().addFriend({ to: p.to, wording: p.wording.trim(), ...(remark ? { remark } : {}), ...(groupName ? { groupName } : {}) });
}

export async function acceptFriend(userID: string, remark = ''): Promise<void> {
  await chat().acceptFriendApplication({ userID, ...(remark.trim() ? { remark: remark.trim() } : {}) });
  await refreshFriendsAndApps();
}

export async function refuseFriend(userID: string): Promise<void> {
  await chat().refuseFriendApplication({ userID });
  await refreshFriendsAndApps();
}

async function refreshFriendsAndApps(): Promise<void> {
  const c = chat();
  const [friends, apps] = await Promise.all([c.getFriendList(), c.getFriendApplicationList()]);
  setFriends(friends);
  $friendApplications.set(apps);
}

export async function updateRemark(userID: string, remark: string): Promise<void> {
  check(remark.trim().length > 32 ? '备注不能超过 32 字' : null);
  await chat().updateFriend({ userID, remark: remark.trim() });
  setFriends(await chat().getFriendList());
}

export async function deleteFriend(userID: string): Promise<void> {
  await chat().deleteFriend({ userIDList: [userID] });
  setFriends($friends.get().filter((f) => f.userID !== userID));
}

export async function blockUser(userID: string): Promise<void> {
  await chat().addToBlacklist({ userIDList: [userID] });
  $blacklist.set(await chat().getBlacklist());
}

export async function unblockUser(userID: string): Promise<void> {
  await chat().removeFromBlacklist({ userIDList: [userID] });
  $blacklist.set($blacklist.get().filter((id) => id !== userID));
}

export async function createFriendGroup(name: string): Promise<void> {
  const n = name.trim();
  check(n ? null : '请填写分组名称', 'warning');
  check(n.length > 20 ? '分组名称不能超过 20 字' : null);
  await chat().createFriendGroup({ name: n, userIDList: [] });
  $friendGroups.set(await chat().getFriendGroupList());
}

export async function renameFriendGroup(oldName: string, newName: string): Promise<void> {
  const n = newName.trim();
  check(n ? null : '请填写分组名称', 'warning');
  await chat().renameFriendGroup({ oldName, newName: n });
  await reloadFriendGroups();
}

export async function deleteFriendGroup(name: string): Promise<void> {
  await chat().deleteFriendGroup({ name });
  await reloadFriendGroups();
}

/** Moves a friend to exactly the given 分组 (none = 我的好友). */
export async function setFriendGroup(f: Friend, name: string): Promise<void> {
  const c = chat();
  for (const g of f.groupList) if (g !== name) await c.removeFromFriendGroup({ name: g, userIDList: [f.userID] });
  if (name && !f.groupList.includes(name)) await c.addToFriendGroup({ name, userIDList: [f.userID] });
  await reloadFriendGroups();
}

async function reloadFriendGroups(): Promise<void> {
  const c = chat();
  const [groups, friends] = await Promise.all([c.getFriendGroupList(), c.getFriendList()]);
  $friendGroups.set(groups);
  setFriends(friends);
}

// ---- groups ----

export function setGroups(list: GroupProfile[]): void {
  $groups.set(list.filter((g) => g.type !== 'AVChatRoom'));
  $groupsLoaded.set(true);
}

export async function loadGroups(): Promise<void> {
  const c = chat();
  const [groups, apps] = await Promise.all([c.getGroupList(), c.getGroupApplicationList()]);
  setGroups(groups);
  $groupApplications.set(apps);
}

export async function createGroup(p: {
  type: Exclude<GroupType, 'AVChatRoom'>;
  name: string;
  introduction: string;
  joinOption: JoinOption;
  memberList: string[];
}): Promise<GroupProfile> {
  const name = p.name.trim();
  check(name ? null : CHAT_T.groupNameRequired, 'warning');
  check(name.length > IM_LIMITS.groupNameMax ? CHAT_T.groupNameTooLong : null);
  const g = await chat().createGroup({
    type: p.type,
    name,
    ...(p.introduction.trim() ? { introduction: p.introduction.trim() } : {}),
    ...(p.type === 'Public' ? { joinOption: p.joinOption } : {}),
    memberList: p.memberList,
  });
  setGroups([g, ...$groups.get().filter((x) => x.groupID !== g.groupID)]);
  return g;
}

export async function updateGroup(p: Parameters<ReturnType<typeof chat>['updateGroupProfile']>[0]): Promise<GroupProfile> {
  if (p.name !== undefined) {
    check(p.name.trim() ? null : CHAT_T.groupNameRequired, 'warning');
    check(p.name.trim().length > IM_LIMITS.groupNameMax ? CHAT_T.groupNameTooLong : null);
  }
  const g = await chat().updateGroupProfile(p);
  $groups.set($groups.get().map((x) => (x.groupID === g.groupID ? g : x)));
  return g;
}

/** Members, 30 a page (SPEC §9); `more` appends the next page. */
export async function loadMembers(groupID: string, more = false): Promise<void> {
  const cur = $groupMembers.get();
  const offset = more && cur.groupID === groupID ? cur.offset : 0;
  const page = await chat().getGroupMemberList({ groupID, offset, count: IM_LIMITS.memberPage });
  learnNames(page.memberList.filter((m) => m.nick).map((m) => [m.userID, m.nameCard || m.nick] as [string, string]));
  const list = offset ? [...cur.list, ...page.memberList.filter((m) => !cur.list.some((x) => x.userID === m.userID))] : page.memberList;
  $groupMembers.set({ groupID, list, offset: page.offset, completed: page.isCompleted });
}

export async function inviteMembers(groupID: string, userIDList: string[]): Promise<void> {
  check(userIDList.length ? null : '请选择要邀请的好友', 'warning');
  await chat().addGroupMember({ groupID, userIDList });
  await loadMembers(groupID);
}

export async function kickMember(groupID: string, userID: string): Promise<void> {
  await chat().deleteGroupMember({ groupID, userIDList: [userID] });
  $groupMembers.set({ ...$groupMembers.get(), list: $groupMembers.get().list.filter((m) => m.userID !== userID) });
}

export async function setMemberRole(groupID: string, userID: string, role: Exclude<GroupRole, 'Owner'>): Promise<void> {
  await chat().setGroupMemberRole({ groupID, userID, role });
  $groupMembers.set({ ...$groupMembers.get(), list: $groupMembers.get().list.map((m) => (m.userID === userID ? { ...m, role } : m)) });
}

export async function muteMember(groupID: string, userID: string, seconds: number): Promise<void> {
  await chat().setGroupMemberMuteTime({ groupID, userID, muteTime: seconds });
  const until = seconds ? Math.floor(Date.now() / 1000) + seconds : 0;
  $groupMembers.set({
    ...$groupMembers.get(),
    list: $groupMembers.get().list.map((m) => (m.userID === userID ? { ...m, muteUntil: until } : m)),
  });
}

async function leftGroup(groupID: string): Promise<void> {
  $groups.set($groups.get().filter((g) => g.groupID !== groupID));
  if ($currentID.get() === `GROUP${groupID}`) await openConversation('');
}

export async function quitGroup(groupID: string): Promise<void> {
  await chat().quitGroup(groupID);
  await leftGroup(groupID);
}

export async function dismissGroup(groupID: string): Promise<void> {
  await chat().dismissGroup(groupID);
  await leftGroup(groupID);
}

export async function transferGroup(groupID: string, newOwnerID: string): Promise<void> {
  await chat().changeGroupOwner({ groupID, newOwnerID });
  const g = await chat().getGroupProfile({ groupID });
  $groups.set($groups.get().map((x) => (x.groupID === groupID ? g : x)));
  await loadMembers(groupID);
}

export async function handleGroupApplication(applicationID: string, agree: boolean): Promise<void> {
  await chat().handleGroupApplication({ applicationID, handleAction: agree ? 'Agree' : 'Reject' });
  $groupApplications.set($groupApplications.get().filter((a) => a.applicationID !== applicationID));
}
