import { asc, count, eq, inArray } from 'drizzle-orm';
import { db } from '../db/index';
import { imFriends, imGroups, imMessages, users } from '../db/schema';
import { acceptApplication, addFriend } from '../modules/im/friends';
import { createGroup, updateGroupProfile } from '../modules/im/groups';
import { setMemberRole } from '../modules/im/groups.members';
import { ensureC2CThread, groupKey, postMessage } from '../modules/im/threads';

/**
 * Chat demo data, made through the chat services themselves so sequences and unread counts are
 * what real use would leave: the demo member and coach are friends with a short conversation (the
 * coach's last reply unread), the coach runs a Public group with members, talk and tips, and the
 * shop owner's friend request waits for the member. Only when no chat data exists yet.
 */
export async function seedChat(): Promise<number> {
  const [groups] = await db().select({ n: count() }).from(imGroups);
  const [friends] = await db().select({ n: count() }).from(imFriends);
  if (groups?.n || friends?.n) return 0;
  const phones = ['13800000001', '13800000002', '13800000003', '13800000004', '13800000102', '13800000103'];
  const rows = await db()
    .select({ id: users.id, phone: users.phone, nick: users.nickName })
    .from(users)
    .where(inArray(users.phone, phones));
  const by = (phone: string) => rows.find((r) => r.phone === phone);
  const member = by('13800000001');
  const coach = by('13800000002');
  const shop = by('13800000003');
  if (!member || !coach || !shop) return 0;
  const others = [by('13800000004'), by('13800000102'), by('13800000103')].flatMap((u) => (u ? [u.id] : []));

  await addFriend(member.id, { to: String(coach.id), wording: `${coach.nick}您好，我想跟您学太极拳`, groupName: '我的教练' });
  await acceptApplication(coach.id, { userID: String(member.id), remark: '' });
  const dialog: [number, string][] = [
    [member.id, `${coach.nick}您好，我想跟您学太极拳，零基础可以吗？`],
    [coach.id, '可以的，零基础建议先从站桩和基本步法练起。'],
    [member.id, '好的，每周练几次比较合适？'],
    [coach.id, '每周三到四次，每次四十分钟左右。先看看我的《太极拳入门》课程，有问题随时问我。'],
  ];
  const key = await db().transaction((tx) => ensureC2CThread(tx, member.id, coach.id));
  await postAll(key, dialog);
  await spreadTimes(key, 90);

  const group = await createGroup(coach.id, {
    type: 'Public',
    name: `${coach.nick}太极交流群`,
    introduction: '太极拳学员交流练功心得，有问题可以在群里提问。',
    memberList: [member.id, ...others].map(String),
  });
  if (others[0]) await setMemberRole(coach.id, { groupID: group.groupID, userID: String(others[0]), role: 'Admin' });
  await updateGroupProfile(coach.id, { groupID: group.groupID, notification: '每周六早上八点线上答疑，欢迎大家参加。' });
  const talk: [number, string][] = [
    [coach.id, '欢迎大家加入，练功中遇到的问题都可以发在群里。'],
    [member.id, '谢谢师傅！今天站桩二十分钟，腿有点酸。'],
    [coach.id, '刚开始腿酸是正常的，注意膝盖不要超过脚尖，循序渐进。'],
  ];
  await postAll(groupKey(group.groupID), talk);
  await spreadTimes(groupKey(group.groupID), 30);

  await addFriend(shop.id, { to: String(member.id), wording: `你好，我是${shop.nick}的掌柜，加个好友方便联系` });
  return 1;
}

async function postAll(threadKey: string, lines: [number, string][]): Promise<void> {
  for (const [from, text] of lines) {
    await db().transaction((tx) => postMessage(tx, { threadKey, fromUser: from, type: 'TIMTextElem', payload: { text } }));
  }
}

/** Spreads a thread's messages, in sequence order, over the last `minutesAgo` minutes (believable times). */
async function spreadTimes(threadKey: string, minutesAgo: number): Promise<void> {
  const list = await db()
    .select({ id: imMessages.id })
    .from(imMessages)
    .where(eq(imMessages.threadKey, threadKey))
    .orderBy(asc(imMessages.seq));
  for (const [i, m] of list.entries()) {
    const at = new Date(Date.now() - (minutesAgo - (i * minutesAgo) / list.length) * 60_000);
    await db().update(imMessages).set({ createdAt: at }).where(eq(imMessages.id, m.id));
  }
}
