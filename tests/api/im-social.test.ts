import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import type { ChatOp } from '~/lib/chat/protocol';
import type { GroupProfile, GroupSystemNoticePayload, GroupTipPayload, Message } from '~/lib/chat/types';
import { IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { imGroups, imMessages, imThreadMembers, users } from '~/server/db/schema';
import { addConnection, removeConnection, type Connection } from '~/server/modules/im/hub';
import { ChatFault, findOp, type OpContext } from '~/server/modules/im/ops';
import { assertNotBlocked } from '~/server/modules/im/guards';
import { groupKey, systemKey } from '~/server/modules/im/threads';
import { imBackend } from '~/server/providers/im';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * The social ops (friends, blacklist, groups, live rooms) called through the op registry the /im
 * socket dispatches to, with their zod args, as real users of a seeded database; events are read
 * from connections registered in the hub, the way a socket receives them.
 */

let t: TestApi;
const id: Record<'member' | 'coach' | 'shop' | 'provider', number> = { member: 0, coach: 0, shop: 0, provider: 0 };
let crowd: number[] = [];

beforeAll(async () => {
  t = await startApi();
  for (const [k, phone] of [
    ['member', DEMO.member],
    ['coach', DEMO.coach],
    ['shop', DEMO.mechant],
    ['provider', DEMO.provider],
  ] as const) {
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    id[k] = u!.id;
  }
  const made = await t.db
    .insert(users)
    .values(Array.from({ length: 34 }, (_, i) => ({ phone: `1370000${String(i).padStart(4, '0')}`, nickName: `群友${i + 1}` })))
    .returning({ id: users.id });
  crowd = made.map((r) => r.id);
});
afterAll(() => t.stop());

async function op<T = unknown>(userId: number, name: ChatOp, ...args: unknown[]): Promise<T> {
  const def = findOp(name);
  if (!def) throw new Error(`op ${name} not registered`);
  const parsed = def.args.parse(args) as never[];
  const ctx: OpContext = { userId, userID: String(userId), connId: `test-${userId}`, ip: '127.0.0.1' };
  return (await def.handler(ctx, ...parsed)) as T;
}

async function refusal(p: Promise<unknown>): Promise<ChatFault> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ChatFault);
  return e as ChatFault;
}

/** A socket-like connection that records the events it is sent. */
function tab(userId: number, name = 'tab'): Connection & { events: { ev: string; data: unknown }[]; close(): void } {
  const events: { ev: string; data: unknown }[] = [];
  const c = {
    id: `${name}-${userId}-${Math.random().toString(36).slice(2)}`,
    userId,
    send: (frame: string) => {
      const f = JSON.parse(frame) as { t: string; ev: string; data: unknown };
      if (f.t === 'ev') events.push({ ev: f.ev, data: f.data });
    },
    events,
    close: () => removeConnection(c),
  };
  addConnection(c);
  return c;
}

async function threadMessages(key: string) {
  return t.db.select().from(imMessages).where(eq(imMessages.threadKey, key)).orderBy(imMessages.seq);
}
const tips = async (groupID: string) =>
  (await threadMessages(groupKey(groupID))).filter((m) => m.type === 'TIMGroupTipElem').map((m) => m.payload as GroupTipPayload);
const notices = async (userId: number) => (await threadMessages(systemKey(userId))).map((m) => m.payload as GroupSystemNoticePayload);

describe('profiles and search', () => {
  it('answers nick, avatar and signature', async () => {
    const [p] = await op<{ nick: string; avatar: string; selfSignature: string }[]>(id.member, 'getUserProfile', {
      userIDList: [String(id.coach)],
    });
    expect(p).toMatchObject({ nick: '陈师傅', selfSignature: '教练演示账号' });
    // Stored paths get the media host rule (same origin when MEDIA_URL is empty).
    expect(p!.avatar).toMatch(/^\/uploads\//);
    const [plain] = await op<{ avatar: string }[]>(id.member, 'getUserProfile', { userIDList: [String(crowd[0])] });
    expect(plain!.avatar).toBe('/imgs/default/default.jpg');
  });

  it('finds by exact phone or id only, never by a prefix', async () => {
    const byPhone = await op<{ userID: string }[]>(id.member, 'searchUser', { keyword: DEMO.coach });
    expect(byPhone.map((u) => u.userID)).toEqual([String(id.coach)]);
    const byId = await op<{ userID: string }[]>(id.member, 'searchUser', { keyword: String(id.shop) });
    expect(byId.map((u) => u.userID)).toEqual([String(id.shop)]);
    expect(await op(id.member, 'searchUser', { keyword: '13800000009' })).toEqual([]);
    // A phone prefix is no phone: it can only match a user id exactly.
    expect(await op(id.member, 'searchUser', { keyword: DEMO.coach.slice(0, 10) })).toEqual([]);
    expect((await refusal(op(id.member, 'searchUser', { keyword: '陈师傅' }))).message).toBe(IM_SOCIAL_TEXT.searchKeyword);
  });

  it('rate-limits searching', async () => {
    const who = crowd[33]!;
    for (let i = 0; i < 20; i++) await op(who, 'searchUser', { keyword: DEMO.member });
    expect((await refusal(op(who, 'searchUser', { keyword: DEMO.member }))).code).toBe(CHAT_CODE.rateLimited);
  });

  it('answers the same over HTTP for the tim adapter', async () => {
    const token = await t.login(DEMO.member);
    const res = await t.post('/im/searchUser', { keyword: DEMO.coach }, token);
    expect(res.body).toMatchObject({ code: 200, data: { list: [{ userID: String(id.coach), nick: '陈师傅' }] } });
    expect((await t.post('/im/searchUser', { keyword: DEMO.coach })).body.code).toBe(101);
  });
});

describe('friends', () => {
  it('applies, lists both sides, accepts once, pushes to every tab', async () => {
    const a = crowd[0]!;
    const b = crowd[1]!;
    const bTab1 = tab(b);
    const bTab2 = tab(b);
    await op(a, 'addFriend', { to: String(b), wording: '你好，一起练拳', remark: '拳友', groupName: '武友' });
    const comeIn = await op<{ applicationList: { userID: string; type: string; wording: string }[]; unreadCount: number }>(
      b,
      'getFriendApplicationList',
    );
    expect(comeIn.unreadCount).toBe(1);
    expect(comeIn.applicationList).toMatchObject([{ userID: String(a), type: 'Pendency_Type_ComeIn', wording: '你好，一起练拳' }]);
    // Listing marked it seen.
    expect((await op<{ unreadCount: number }>(b, 'getFriendApplicationList')).unreadCount).toBe(0);
    const sendOut = await op<{ applicationList: { type: string }[] }>(a, 'getFriendApplicationList');
    expect(sendOut.applicationList).toMatchObject([{ type: 'Pendency_Type_SendOut' }]);
    for (const tb of [bTab1, bTab2]) expect(tb.events.some((e) => e.ev === 'friendApplicationListUpdated')).toBe(true);

    const [first, second] = await Promise.allSettled([
      op(b, 'acceptFriendApplication', { userID: String(a), remark: '新朋友' }),
      op(b, 'acceptFriendApplication', { userID: String(a) }),
    ]);
    expect([first.status, second.status].sort()).toEqual(['fulfilled', 'rejected']);
    const aFriends = await op<{ userID: string; remark: string; groupList: string[] }[]>(a, 'getFriendList');
    expect(aFriends).toMatchObject([{ userID: String(b), remark: '拳友', groupList: ['武友'] }]);
    const bFriends = await op<{ userID: string }[]>(b, 'getFriendList');
    expect(bFriends.map((f) => f.userID)).toEqual([String(a)]);
    for (const tb of [bTab1, bTab2]) expect(tb.events.some((e) => e.ev === 'friendListUpdated')).toBe(true);
    expect((await refusal(op(a, 'addFriend', { to: String(b), wording: '' }))).message).toBe(IM_SOCIAL_TEXT.alreadyFriends);
    bTab1.close();
    bTab2.close();
  });

  it('makes friends at once when the other already applied', async () => {
    const a = crowd[2]!;
    const b = crowd[3]!;
    await op(a, 'addFriend', { to: String(b), wording: '' });
    await op(b, 'addFriend', { to: String(a), wording: '' });
    expect((await op<unknown[]>(a, 'getFriendList')).length).toBe(1);
    expect((await op<{ applicationList: unknown[] }>(a, 'getFriendApplicationList')).applicationList).toEqual([]);
  });

  it('refuses adding oneself, and a refused application is gone', async () => {
    const a = crowd[4]!;
    expect((await refusal(op(a, 'addFriend', { to: String(a), wording: '' }))).message).toBe(IM_SOCIAL_TEXT.addSelf);
    await op(a, 'addFriend', { to: String(crowd[5]), wording: '' });
    await op(crowd[5]!, 'refuseFriendApplication', { userID: String(a) });
    expect((await refusal(op(crowd[5]!, 'acceptFriendApplication', { userID: String(a) }))).message).toBe(IM_SOCIAL_TEXT.noApplication);
    expect(await op(a, 'getFriendList')).toEqual([]);
  });

  it('keeps remarks, friend groups and deletes both ways', async () => {
    const a = crowd[2]!;
    const b = crowd[3]!;
    await op(a, 'updateFriend', { userID: String(b), remark: '老李' });
    await op(a, 'createFriendGroup', { name: '太极班', userIDList: [String(b)] });
    await op(a, 'createFriendGroup', { name: '空分组', userIDList: [] });
    expect((await refusal(op(a, 'createFriendGroup', { name: '太极班', userIDList: [] }))).message).toBe(IM_SOCIAL_TEXT.friendGroupExists);
    await op(a, 'renameFriendGroup', { oldName: '太极班', newName: '推手班' });
    expect(await op(a, 'getFriendGroupList')).toEqual([
      { name: '推手班', count: 1, userIDList: [String(b)] },
      { name: '空分组', count: 0, userIDList: [] },
    ]);
    await op(a, 'addToFriendGroup', { name: '空分组', userIDList: [String(b)] });
    await op(a, 'removeFromFriendGroup', { name: '推手班', userIDList: [String(b)] });
    expect(await op(a, 'getFriendList')).toMatchObject([{ remark: '老李', groupList: ['空分组'] }]);
    await op(a, 'deleteFriendGroup', { name: '空分组' });
    expect(await op(a, 'getFriendList')).toMatchObject([{ groupList: [] }]);
    await op(a, 'deleteFriend', { userIDList: [String(b)] });
    expect(await op(a, 'getFriendList')).toEqual([]);
    expect(await op(b, 'getFriendList')).toEqual([]);
  });

  it('limits friend groups to 30', async () => {
    const a = crowd[6]!;
    for (let i = 0; i < 30; i++) await op(a, 'createFriendGroup', { name: `分组${i}`, userIDList: [] });
    expect((await refusal(op(a, 'createFriendGroup', { name: '多一个', userIDList: [] }))).message).toBe(IM_SOCIAL_TEXT.friendGroupsFull);
  });
});

describe('blacklist', () => {
  it('ends the friendship, refuses their application and their messages', async () => {
    const a = crowd[7]!;
    const b = crowd[8]!;
    await op(a, 'addFriend', { to: String(b), wording: '' });
    await op(b, 'acceptFriendApplication', { userID: String(a) });
    const aTab = tab(a);
    await op(a, 'addToBlacklist', { userIDList: [String(b)] });
    expect(await op(a, 'getBlacklist')).toEqual([String(b)]);
    expect(aTab.events.find((e) => e.ev === 'blacklistUpdated')?.data).toEqual([String(b)]);
    expect(await op(a, 'getFriendList')).toEqual([]);
    expect(await op(b, 'getFriendList')).toEqual([]);
    expect((await refusal(op(b, 'addFriend', { to: String(a), wording: '' }))).code).toBe(CHAT_CODE.blocked);
    const blocked = await refusal(t.db.transaction((tx) => assertNotBlocked(tx, b, a)));
    expect(blocked.code).toBe(CHAT_CODE.blocked);
    await op(a, 'removeFromBlacklist', { userIDList: [String(b)] });
    expect(await op(a, 'getBlacklist')).toEqual([]);
    await op(b, 'addFriend', { to: String(a), wording: '' });
    aTab.close();
  });
});

describe('groups', () => {
  let work: GroupProfile;
  const [owner, admin, m1, m2, outsider] = [0, 1, 2, 3, 4] as const;
  const who = (i: number) => crowd[10 + i]!;

  it('creates a Work group: owner seated, members added, notice 6 and tip 1', async () => {
    work = await op<GroupProfile>(who(owner), 'createGroup', {
      type: 'Work',
      name: '  推手小组 ',
      memberList: [String(who(admin)), String(who(m1)), String(who(owner))],
    });
    expect(work.groupID).toMatch(/^@GF#[0-9a-z]{12}$/);
    expect(work).toMatchObject({
      name: '推手小组',
      type: 'Work',
      ownerID: String(who(owner)),
      memberCount: 3,
      selfInfo: { role: 'Owner' },
    });
    expect((await notices(who(owner))).at(-1)).toMatchObject({ operationType: 6, groupProfile: { groupID: work.groupID } });
    expect(await tips(work.groupID)).toEqual([
      { operationType: 1, operatorID: String(who(owner)), userIDList: [String(who(admin)), String(who(m1))] },
    ]);
    expect((await op<GroupProfile[]>(who(m1), 'getGroupList')).map((g) => g.groupID)).toContain(work.groupID);
    // Work groups: members only, no applications, but any member may invite.
    expect((await refusal(op(who(outsider), 'getGroupProfile', { groupID: work.groupID }))).code).toBe(CHAT_CODE.notMember);
    expect((await refusal(op(who(outsider), 'joinGroup', { groupID: work.groupID }))).message).toBe(IM_SOCIAL_TEXT.workNoApply);
    const invited = await op<{ successUserIDList: string[] }>(who(m1), 'addGroupMember', {
      groupID: work.groupID,
      userIDList: [String(who(m2)), String(who(m1))],
    });
    expect(invited.successUserIDList).toEqual([String(who(m2))]);
    expect((await notices(who(m2))).at(-1)).toMatchObject({ operationType: 7, operatorID: String(who(m1)) });
  });

  it('enforces roles: member cannot kick, admin cannot kick the owner or admins, owner cannot quit', async () => {
    const g = work.groupID;
    expect((await refusal(op(who(m1), 'deleteGroupMember', { groupID: g, userIDList: [String(who(m2))] }))).code).toBe(
      CHAT_CODE.noPermission,
    );
    expect((await refusal(op(who(m1), 'setGroupMemberRole', { groupID: g, userID: String(who(admin)), role: 'Admin' }))).message).toBe(
      IM_SOCIAL_TEXT.ownerOnly,
    );
    await op(who(owner), 'setGroupMemberRole', { groupID: g, userID: String(who(admin)), role: 'Admin' });
    expect((await notices(who(admin))).at(-1)).toMatchObject({ operationType: 9 });
    expect((await refusal(op(who(admin), 'deleteGroupMember', { groupID: g, userIDList: [String(who(owner))] }))).message).toBe(
      IM_SOCIAL_TEXT.cannotKickManager,
    );
    expect((await refusal(op(who(owner), 'quitGroup', g))).message).toBe(IM_SOCIAL_TEXT.ownerMustTransfer);
    expect(
      (await refusal(op(who(admin), 'setGroupMemberMuteTime', { groupID: g, userID: String(who(owner)), muteTime: 60 }))).message,
    ).toBe(IM_SOCIAL_TEXT.cannotMuteManager);
    await op(who(admin), 'setGroupMemberMuteTime', { groupID: g, userID: String(who(m1)), muteTime: 600 });
    const seat = await op<GroupProfile>(who(m1), 'getGroupProfile', { groupID: g });
    expect(seat.selfInfo!.muteUntil).toBeGreaterThan(Math.floor(Date.now() / 1000));
    const m2Tab = tab(who(m2));
    await op(who(admin), 'deleteGroupMember', { groupID: g, userIDList: [String(who(m2))] });
    expect((await notices(who(m2))).at(-1)).toMatchObject({ operationType: 4, operatorID: String(who(admin)) });
    // The kicked member no longer gets the group's messages, but keeps the thread up to the kick.
    const [row] = await t.db
      .select()
      .from(imThreadMembers)
      .where(and(eq(imThreadMembers.threadKey, groupKey(g)), eq(imThreadMembers.userId, who(m2))));
    expect(row).toMatchObject({ active: false });
    expect(row!.leftSeq).toBeGreaterThan(0);
    expect(m2Tab.events.find((e) => e.ev === 'groupListUpdated')?.data).toEqual([]);
    m2Tab.close();
    await op(who(owner), 'setGroupMemberRole', { groupID: g, userID: String(who(admin)), role: 'Member' });
    expect((await notices(who(admin))).at(-1)).toMatchObject({ operationType: 10 });
    expect((await tips(g)).map((x) => x.operationType)).toEqual([1, 1, 4, 7, 3, 5]);
    expect((await tips(g)).find((x) => x.operationType === 7)).toMatchObject({ muteTime: 600, userIDList: [String(who(m1))] });
  });

  it('updates the profile with tip 6, transfers ownership, then the old owner may quit', async () => {
    const g = work.groupID;
    const updated = await op<GroupProfile>(who(owner), 'updateGroupProfile', { groupID: g, name: '推手二组', notification: '周六练功' });
    expect(updated).toMatchObject({ name: '推手二组', notification: '周六练功' });
    expect((await tips(g)).at(-1)).toMatchObject({ operationType: 6, newGroupProfile: { name: '推手二组', notification: '周六练功' } });
    await op(who(owner), 'changeGroupOwner', { groupID: g, newOwnerID: String(who(m1)) });
    expect((await tips(g)).at(-1)).toMatchObject({ operationType: 6, newGroupProfile: { ownerID: String(who(m1)) } });
    await op(who(owner), 'quitGroup', g);
    expect((await tips(g)).at(-1)).toMatchObject({ operationType: 2, userIDList: [String(who(owner))] });
    expect((await notices(who(owner))).at(-1)).toMatchObject({ operationType: 8 });
    const profile = await op<GroupProfile>(who(m1), 'getGroupProfile', { groupID: g });
    expect(profile).toMatchObject({ ownerID: String(who(m1)), memberCount: 2, selfInfo: { role: 'Owner' } });
  });

  it('dismisses: notice 5 to all, the group is gone from lists and refuses sends', async () => {
    const g = work.groupID;
    expect((await refusal(op(who(admin), 'dismissGroup', g))).message).toBe(IM_SOCIAL_TEXT.ownerOnly);
    await op(who(m1), 'dismissGroup', g);
    for (const u of [who(m1), who(admin)]) expect((await notices(u)).at(-1)).toMatchObject({ operationType: 5 });
    expect((await op<GroupProfile[]>(who(admin), 'getGroupList')).map((x) => x.groupID)).not.toContain(g);
    expect((await refusal(op(who(admin), 'getGroupMemberList', { groupID: g }))).code).toBe(CHAT_CODE.notFound);
  });

  it('Public groups: applications notify managers and are handled once', async () => {
    const pub = await op<GroupProfile>(who(owner), 'createGroup', { type: 'Public', name: '太极公开群' });
    expect(pub.joinOption).toBe('NeedPermission');
    // Anyone signed in may read a Public group's profile.
    expect((await op<GroupProfile>(who(outsider), 'searchGroupByID', pub.groupID)).selfInfo).toBeUndefined();
    expect((await op<{ status: string }>(who(outsider), 'joinGroup', { groupID: pub.groupID, applyMessage: '想学太极' })).status).toBe(
      'WaitAdminOK',
    );
    const notice = (await notices(who(owner))).at(-1)!;
    expect(notice).toMatchObject({ operationType: 1, handleMessage: '想学太极', operatorID: String(who(outsider)) });
    const [app] = await op<{ applicationID: string; applicant: string }[]>(who(owner), 'getGroupApplicationList');
    expect(app).toMatchObject({ applicationID: notice.applicationID, applicant: String(who(outsider)) });
    expect(await op(who(outsider), 'getGroupApplicationList')).toEqual([]);
    expect(
      (await refusal(op(who(outsider), 'handleGroupApplication', { applicationID: app!.applicationID, handleAction: 'Agree' }))).code,
    ).toBe(CHAT_CODE.notMember);
    const both = await Promise.allSettled([
      op(who(owner), 'handleGroupApplication', { applicationID: app!.applicationID, handleAction: 'Agree' }),
      op(who(owner), 'handleGroupApplication', { applicationID: app!.applicationID, handleAction: 'Agree' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await notices(who(outsider))).at(-1)).toMatchObject({ operationType: 2 });
    expect((await tips(pub.groupID)).filter((x) => x.operationType === 1)).toEqual([
      { operationType: 1, operatorID: String(who(owner)), userIDList: [String(who(outsider))] },
    ]);
    expect((await op<{ status: string }>(who(outsider), 'joinGroup', { groupID: pub.groupID })).status).toBe('AlreadyInGroup');
    // A member of a Public group may not invite; a refusal notifies with type 3.
    expect((await refusal(op(who(outsider), 'addGroupMember', { groupID: pub.groupID, userIDList: [String(who(m2))] }))).message).toBe(
      IM_SOCIAL_TEXT.inviteNoPermission,
    );
    await op(who(m2), 'joinGroup', { groupID: pub.groupID });
    const [second] = await op<{ applicationID: string }[]>(who(owner), 'getGroupApplicationList');
    await op(who(owner), 'handleGroupApplication', {
      applicationID: second!.applicationID,
      handleAction: 'Reject',
      handleMessage: '人数已满',
    });
    expect((await notices(who(m2))).at(-1)).toMatchObject({ operationType: 3, handleMessage: '人数已满' });
    // FreeAccess joins at once; DisableApply refuses.
    await op(who(owner), 'updateGroupProfile', { groupID: pub.groupID, joinOption: 'FreeAccess' });
    expect((await op<{ status: string }>(who(m2), 'joinGroup', { groupID: pub.groupID })).status).toBe('Success');
    await op(who(owner), 'updateGroupProfile', { groupID: pub.groupID, joinOption: 'DisableApply' });
    expect((await refusal(op(who(m1), 'joinGroup', { groupID: pub.groupID }))).message).toBe(IM_SOCIAL_TEXT.applyDisabled);
  });

  it('pages members 30 at a time: owner, admins, then by join time', async () => {
    const owner2 = crowd[20]!;
    const others = crowd.filter((u) => u !== owner2).slice(0, 32);
    const g = await op<GroupProfile>(owner2, 'createGroup', { type: 'Work', name: '大群', memberList: others.map(String) });
    expect(g.memberCount).toBe(33);
    await op(owner2, 'setGroupMemberRole', { groupID: g.groupID, userID: String(others[31]), role: 'Admin' });
    const first = await op<{ memberList: { userID: string; role: string }[]; offset: number; isCompleted: boolean }>(
      others[0]!,
      'getGroupMemberList',
      { groupID: g.groupID },
    );
    expect(first.memberList).toHaveLength(30);
    expect(first.memberList.slice(0, 2).map((m) => m.role)).toEqual(['Owner', 'Admin']);
    expect(first.memberList[1]!.userID).toBe(String(others[31]));
    expect(first).toMatchObject({ offset: 30, isCompleted: false });
    const rest = await op<{ memberList: unknown[]; offset: number; isCompleted: boolean }>(others[0]!, 'getGroupMemberList', {
      groupID: g.groupID,
      offset: first.offset,
    });
    expect(rest).toMatchObject({ offset: 0, isCompleted: true });
    expect(rest.memberList).toHaveLength(3);
    expect((await refusal(op(id.shop, 'getGroupMemberList', { groupID: g.groupID }))).code).toBe(CHAT_CODE.notMember);
  });
});

describe('live rooms (AVChatRoom)', () => {
  it('delivers to subscribers only, stores nothing, and is never listed', async () => {
    const host = crowd[30]!;
    const viewer = crowd[31]!;
    const idle = crowd[32]!;
    const groupID = await imBackend().createLiveRoom({ ownerID: String(host), name: '陈师傅直播间' });
    expect(await imBackend().createLiveRoom({ ownerID: String(host), name: '陈师傅直播间', groupID })).toBe(groupID);
    const hostTab = tab(host);
    const viewerTab = tab(viewer);
    const idleTab = tab(idle);
    const asConn = async <T>(c: Connection, name: ChatOp, ...args: unknown[]) => {
      const def = findOp(name)!;
      const ctx: OpContext = { userId: c.userId, userID: String(c.userId), connId: c.id, ip: '127.0.0.1', conn: c };
      return (await def.handler(ctx, ...(def.args.parse(args) as never[]))) as T;
    };
    expect(await asConn<{ status: string }>(hostTab, 'joinGroup', { groupID })).toEqual({ status: 'AlreadyInGroup' });
    expect(await asConn<{ status: string }>(viewerTab, 'joinGroup', { groupID })).toEqual({ status: 'Success' });
    const { sendRoomMessage } = await import('~/server/modules/im/rooms');
    const ctx: OpContext = { userId: host, userID: String(host), connId: hostTab.id, ip: '127.0.0.1', conn: hostTab };
    const sent = await sendRoomMessage(ctx, {
      conversationID: `GROUP${groupID}`,
      clientID: 'c1',
      type: 'TIMTextElem',
      payload: { text: '欢迎' },
    });
    expect(sent).toMatchObject({ flow: 'out', from: String(host), sequence: 0 });
    const got = viewerTab.events.filter((e) => e.ev === 'messageReceived').map((e) => (e.data as Message[])[0]!);
    expect(got).toMatchObject([{ ID: sent.ID, flow: 'in', payload: { text: '欢迎' } }]);
    expect(hostTab.events.filter((e) => e.ev === 'messageReceived')).toEqual([]);
    expect(idleTab.events.filter((e) => e.ev === 'messageReceived')).toEqual([]);
    expect(
      await t.db
        .select()
        .from(imMessages)
        .where(eq(imMessages.threadKey, groupKey(groupID))),
    ).toEqual([]);
    expect((await op<GroupProfile[]>(host, 'getGroupList')).map((g) => g.groupID)).not.toContain(groupID);
    // Muted members may not speak; one who left stops receiving.
    await op(host, 'setGroupMemberMuteTime', { groupID, userID: String(viewer), muteTime: 60 });
    const vctx: OpContext = { userId: viewer, userID: String(viewer), connId: viewerTab.id, ip: '127.0.0.1', conn: viewerTab };
    const muted = await refusal(
      sendRoomMessage(vctx, { conversationID: `GROUP${groupID}`, clientID: 'c2', type: 'TIMTextElem', payload: { text: '嗨' } }),
    );
    expect(muted.code).toBe(CHAT_CODE.muted);
    await asConn(viewerTab, 'quitGroup', groupID);
    await sendRoomMessage(ctx, { conversationID: `GROUP${groupID}`, clientID: 'c3', type: 'TIMTextElem', payload: { text: '再见' } });
    expect(viewerTab.events.filter((e) => e.ev === 'messageReceived')).toHaveLength(1);
    expect(
      (
        await refusal(
          sendRoomMessage(vctx, { conversationID: `GROUP${groupID}`, clientID: 'c4', type: 'TIMTextElem', payload: { text: '嗨' } }),
        )
      ).code,
    ).toBe(CHAT_CODE.notMember);
    await imBackend().destroyGroup(groupID);
    const [row] = await t.db.select().from(imGroups).where(eq(imGroups.id, groupID));
    expect(row!.dismissedAt).not.toBeNull();
    for (const c of [hostTab, viewerTab, idleTab]) c.close();
  });
});

describe('HTTP: memberInGroup and applyGroup', () => {
  it('lists a user’s groups: all of one’s own, only Public ones of someone else', async () => {
    const me = await t.login(DEMO.mechant);
    const work = await op<GroupProfile>(id.shop, 'createGroup', { type: 'Work', name: '店铺内部群' });
    const pub = await op<GroupProfile>(id.shop, 'createGroup', { type: 'Public', name: '店铺粉丝群' });
    const mine = await t.post('/public/memberInGroup', { uid: id.shop, is_owenr: 0, is_group: 1 }, me);
    expect(mine.body.code).toBe(200);
    const ids = (mine.body.data.group_list as { GroupId: string }[]).map((g) => g.GroupId);
    expect(ids).toEqual(expect.arrayContaining([work.groupID, pub.groupID]));
    const theirs = await t.post('/public/memberInGroup', { uid: String(id.shop), is_owenr: '1', is_group: 1 });
    expect(theirs.body.data.group_list).toEqual([{ GroupId: pub.groupID, Name: '店铺粉丝群', FaceUrl: '' }]);
    expect((await t.post('/public/memberInGroup', { uid: 'x', is_owenr: 0, is_group: 1 })).body.code).toBe(100);

    const member = await t.login(DEMO.provider);
    const applied = await t.post('/member/applyGroup', { group_id: pub.groupID, apply_msg: '想加入' }, member);
    expect(applied.body).toMatchObject({ code: 200, data: { status: 'WaitAdminOK' } });
    const refused = await t.post('/member/applyGroup', { group_id: work.groupID }, member);
    expect(refused.body).toMatchObject({ code: 403, msg: IM_SOCIAL_TEXT.workNoApply });
    expect((await t.post('/member/applyGroup', { group_id: '@GF#nope' }, member)).body.code).toBe(404);
    expect((await t.post('/member/applyGroup', { group_id: pub.groupID })).body.code).toBe(101);
  });
});

describe('seeded chat demo', () => {
  it('member and coach are friends with a conversation; the coach runs a Public group; a request waits', async () => {
    expect((await op<{ userID: string }[]>(id.member, 'getFriendList')).map((f) => f.userID)).toContain(String(id.coach));
    const c2c = await threadMessages(`c2c:${Math.min(id.member, id.coach)}:${Math.max(id.member, id.coach)}`);
    expect(c2c.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    const [coachGroup] = await op<GroupProfile[]>(id.coach, 'getGroupList');
    expect(coachGroup).toMatchObject({ name: '陈师傅太极交流群', type: 'Public', ownerID: String(id.coach), selfInfo: { role: 'Owner' } });
    expect(coachGroup!.memberCount).toBeGreaterThanOrEqual(3);
    expect((await tips(coachGroup!.groupID)).map((x) => x.operationType)).toEqual([1, 4, 6]);
    const all = await threadMessages(groupKey(coachGroup!.groupID));
    expect(all.map((m) => m.createdAt.getTime())).toEqual([...all.map((m) => m.createdAt.getTime())].sort((a, b) => a - b));
    const apps = await op<{ applicationList: { userID: string; type: string }[] }>(id.member, 'getFriendApplicationList');
    expect(apps.applicationList).toMatchObject([{ userID: String(id.shop), type: 'Pendency_Type_ComeIn' }]);
    // The public group list of the coach, as the coach's page asks it.
    const list = await t.post('/public/memberInGroup', { uid: id.coach, is_owenr: 0, is_group: 1 });
    expect(list.body.data.group_list).toMatchObject([{ GroupId: coachGroup!.groupID, Name: '陈师傅太极交流群' }]);
  });
});
