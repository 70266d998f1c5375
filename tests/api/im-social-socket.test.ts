import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { db } from '~/server/db';
import { imMessages } from '~/server/db/schema';
import { ChatError } from '~/lib/chat/client';
import type { GroupTipPayload } from '~/lib/chat/types';
import { IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { connectionsOf } from '~/server/modules/im/hub';
import { sendRoomMessage } from '~/server/modules/im/rooms';
import { imBackend } from '~/server/providers/im';
import { recorder, startIm, type TestIm } from '../helpers/im';

/** The social ops through the real /im WebSocket and the `local` adapter, two users at once. */

let t: TestIm;
beforeAll(async () => {
  t = await startIm();
});
afterAll(() => t.stop());

describe('social ops over /im', () => {
  it('friend request and accept reach both users live, on every tab', async () => {
    const a = await t.connect(await t.makeUser('甲'));
    const b = await t.connect(await t.makeUser('乙'));
    const b2 = await t.connect(b.id);
    const apps = recorder(b2.c, 'friendApplicationListUpdated');
    await a.c.addFriend({ to: String(b.id), wording: '一起练功' });
    await apps.until((all) => all.some((x) => x.applicationList.some((p) => p.userID === String(a.id) && p.wording === '一起练功')));
    const aFriends = recorder(a.c, 'friendListUpdated');
    const b2Friends = recorder(b2.c, 'friendListUpdated');
    await b.c.acceptFriendApplication({ userID: String(a.id) });
    await aFriends.until((all) => all.some((l) => l.some((f) => f.userID === String(b.id))));
    await b2Friends.until((all) => all.some((l) => l.some((f) => f.userID === String(a.id))));
    // A refusal reaches the caller as a ChatError with the Chinese message.
    const again = await a.c.addFriend({ to: String(b.id), wording: '' }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ChatError);
    expect((again as ChatError).message).toBe(IM_SOCIAL_TEXT.alreadyFriends);
  });

  it('a group invitation shows up in the invitee’s group list and the join tip arrives as a message', async () => {
    const owner = await t.connect(await t.makeUser('群主'));
    const guest = await t.connect(await t.makeUser('客人'));
    const lists = recorder(guest.c, 'groupListUpdated');
    const received = recorder(guest.c, 'messageReceived');
    const g = await owner.c.createGroup({ type: 'Work', name: '晨练群' });
    await owner.c.addGroupMember({ groupID: g.groupID, userIDList: [String(guest.id)] });
    await lists.until((all) => all.some((l) => l.some((x) => x.groupID === g.groupID)));
    await received.until((all) =>
      all
        .flat()
        .some(
          (m) =>
            m.conversationID === `GROUP${g.groupID}` && m.type === 'TIMGroupTipElem' && (m.payload as GroupTipPayload).operationType === 1,
        ),
    );
    await received.until((all) => all.flat().some((m) => m.conversationID === '@TIM#SYSTEM' && m.type === 'TIMGroupSystemNoticeElem'));
    const page = await guest.c.getGroupMemberList({ groupID: g.groupID });
    expect(page.memberList.map((m) => m.role)).toEqual(['Owner', 'Member']);
  });

  it('joining a live room over the socket subscribes that socket only', async () => {
    const host = await t.makeUser('主播');
    const viewer = await t.connect(await t.makeUser('观众'));
    const other = await t.connect(viewer.id);
    const groupID = await imBackend().createLiveRoom({ ownerID: String(host), name: '直播间' });
    expect(await viewer.c.joinGroup({ groupID })).toEqual({ status: 'Success' });
    const watching = recorder(viewer.c, 'messageReceived');
    const otherTab = recorder(other.c, 'messageReceived');
    const hostConn = { id: 'host-conn', userId: host, send: () => {} };
    const sent = await sendRoomMessage(
      { userId: host, userID: String(host), connId: hostConn.id, ip: '127.0.0.1', conn: hostConn },
      {
        conversationID: `GROUP${groupID}`,
        clientID: 'room-1',
        type: 'TIMTextElem',
        payload: { text: '开播啦' },
      },
    );
    await watching.until((all) => all.flat().some((m) => m.ID === sent.ID));
    expect(otherTab.seen.flat().some((m) => m.ID === sent.ID)).toBe(false);
    expect([...connectionsOf(viewer.id)]).toHaveLength(2);
    // Never in the conversation list.
    expect((await viewer.c.getConversationList()).some((c) => c.conversationID === `GROUP${groupID}`)).toBe(false);
  });

  it("a viewer's message to a live room goes through sendMessage to the watchers and is not stored", async () => {
    const host = await t.makeUser('主播');
    const a = await t.connect(await t.makeUser('观众甲'));
    const b = await t.connect(await t.makeUser('观众乙'));
    const groupID = await imBackend().createLiveRoom({ ownerID: String(host), name: '直播间' });
    await a.c.joinGroup({ groupID });
    await b.c.joinGroup({ groupID });
    const heard = recorder(b.c, 'messageReceived');
    const before = await db().select({ n: count() }).from(imMessages);
    const sent = await a.c.sendMessage({
      conversationID: `GROUP${groupID}`,
      clientID: 'room-viewer-1',
      type: 'TIMTextElem',
      payload: { text: '老师好' },
    });
    expect(sent.sequence).toBe(0);
    await heard.until((all) => all.flat().some((m) => m.ID === sent.ID && m.type === 'TIMTextElem' && m.payload.text === '老师好'));
    expect(await db().select({ n: count() }).from(imMessages)).toEqual(before);
  });
});
