import { eq } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import { IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { db } from '../../db';
import { imGroupMembers, imGroups } from '../../db/schema';
import { registerImBackend, type GroupListItem, type ImBackend } from '../../providers/im';
import { dismissGroup, joinGroup } from './groups';
import { sendSystemNotice } from './groups.posts';
import { groupList } from './groups.store';
import { ChatFault } from './ops';
import { userIdOf } from './profiles';
import { createLiveRoom } from './rooms';

/** IM_PROVIDER=local: the server-side IM needs answered by our own /im server's services. */
function uid(userID: string): number {
  const id = userIdOf(userID);
  if (id == null) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.userNotFound);
  return id;
}

export const localImBackend: ImBackend = {
  name: 'local',
  // Chat accounts are the users table itself: nick and avatar are read live, nothing to copy.
  async syncAccount() {},
  async joinedGroups(userID, opts): Promise<GroupListItem[]> {
    const list = await groupList(uid(userID), { ownerOnly: opts.ownerOnly, publicOnly: opts.publicOnly ?? false });
    return list.map((g) => ({ GroupId: g.groupID, Name: g.name, FaceUrl: g.avatar }));
  },
  applyJoin: (userID, groupID, wording) => joinGroup(uid(userID), { groupID, applyMessage: wording }),
  createLiveRoom: (p) => createLiveRoom(uid(p.ownerID), { name: p.name, ...(p.groupID ? { groupID: p.groupID } : {}) }),
  async destroyGroup(groupID) {
    await dismissGroup(null, groupID);
  },
  // Each /im socket follows its own login session (session-watch.ts): nothing more to end.
  async endLogins() {},
  async sendGroupSystemNotice(groupID, text) {
    const [g] = await db().select({ id: imGroups.id }).from(imGroups).where(eq(imGroups.id, groupID));
    if (!g) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.groupMissing);
    const members = await db().select({ id: imGroupMembers.userId }).from(imGroupMembers).where(eq(imGroupMembers.groupId, groupID));
    await sendSystemNotice(
      groupID,
      members.map((m) => m.id),
      text,
    );
  },
};

registerImBackend('local', () => localImBackend);
