import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatError } from '~/lib/chat/client';
import type { Message } from '~/lib/chat/types';
import { fakeChat } from './chat-fake';

const toasts: [string, string][] = [];
vi.mock('~/lib/toast', () => ({
  toast: {
    success: (m: string) => toasts.push(['success', m]),
    error: (m: string) => toasts.push(['error', m]),
    warning: (m: string) => toasts.push(['warning', m]),
    info: (m: string) => toasts.push(['info', m]),
  },
}));

// The one API call the chat stores make here: the check after the chat reports its session ended.
const memberInfo = vi.fn<() => Promise<unknown>>();
vi.mock('~/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/lib/api/client')>()),
  api: (path: string) => (path === '/member/memberInfo' ? memberInfo() : Promise.reject(new Error(`unexpected ${path}`))),
}));
const { ApiError } = await import('~/lib/api/client');
const { startChat, loginFailureText } = await import('~/lib/stores/chat/connect');
const msgs = await import('~/lib/stores/chat/messages');
const state = await import('~/lib/stores/chat/state');
const contacts = await import('~/lib/stores/chat/contacts');

const texts = () => state.$messages.get().map((m) => (m.type === 'TIMTextElem' ? m.payload.text : m.type));

let fake: ReturnType<typeof fakeChat>;
beforeEach(async () => {
  toasts.length = 0;
  state.resetChatState();
  fake = fakeChat('1');
  fake.seed('C2C2', 40);
  fake.seed('C2C3', 2);
  await startChat(fake.client, { userID: '1', userSig: 'sig', sdkAppID: 1400000000 });
});

describe('chat login (SPEC §8)', () => {
  it('shows 登录成功 and loads the conversation list and unread total', () => {
    expect(toasts).toContainEqual(['success', '登录成功']);
    expect(state.$chatStatus.get().phase).toBe('ready');
    expect(state.$conversations.get().map((c) => c.conversationID)).toEqual(['C2C2', 'C2C3']);
    expect(state.$chatUnread.get()).toBe(3);
  });

  it('shows 登录失败：{reason}, and the application-id hint for code 2000', async () => {
    state.resetChatState();
    const f = fakeChat('1');
    f.failLogin(new ChatError(2000, 'SDKAppID 无效'));
    toasts.length = 0;
    await expect(startChat(f.client, { userID: '1', userSig: 's', sdkAppID: 1 })).rejects.toThrow();
    expect(toasts[0]![1]).toBe('登录失败：SDKAppID 无效，请检查 SDKAppID（应用 ID）是否填写正确');
    expect(loginFailureText(new ChatError(70001, '签名错误'))).toBe('登录失败：签名错误');
    expect(state.$chatStatus.get().phase).toBe('failed');
  });
});

describe('the chat’s login session ends (revoked elsewhere, password changed)', () => {
  it('shows 登录已失效 and lets the API decide: code 101 (the page’s session cleared) is said in a toast', async () => {
    memberInfo.mockReset().mockRejectedValueOnce(new ApiError('请先登录', 101));
    fake.emit('kickedOut', { reason: 'sessionEnded' });
    expect(state.$chatStatus.get()).toEqual({ phase: 'failed', reason: '登录已失效，请重新登录' });
    expect(memberInfo).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(toasts).toContainEqual(['warning', '登录已失效，请重新登录']));
  });

  it('a session that is still alive (renewed on this device) gets no toast', async () => {
    memberInfo.mockReset().mockResolvedValueOnce({});
    fake.emit('kickedOut', { reason: 'sessionEnded' });
    await vi.waitFor(() => expect(memberInfo).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(toasts.filter(([kind]) => kind === 'warning')).toEqual([]);
  });
});

describe('switching conversations and history (SPEC §4)', () => {
  it('loads the newest 15, then 15 older at a time until complete', async () => {
    await msgs.openConversation('C2C2');
    expect(texts()).toHaveLength(15);
    expect(texts()[0]).toBe('第26条');
    expect(state.$isCompleted.get()).toBe(false);
    await msgs.loadMoreHistory();
    await msgs.loadMoreHistory();
    expect(texts()).toHaveLength(40);
    expect(texts()[0]).toBe('第1条');
    expect(state.$isCompleted.get()).toBe(true);
    // Complete: asking again fetches nothing more.
    await msgs.loadMoreHistory();
    expect(texts()).toHaveLength(40);
  });

  it('marks the previous and the new conversation read', async () => {
    await msgs.openConversation('C2C2');
    fake.readCalls.length = 0;
    await msgs.openConversation('C2C3');
    expect(fake.readCalls).toContain('C2C2');
    expect(fake.readCalls).toContain('C2C3');
    expect(texts()).toEqual(['第1条', '第2条']);
  });

  it('opens (creates) a conversation that is not in the list yet (?cid=C2C…)', async () => {
    await msgs.openConversation('C2C9');
    expect(state.$conversations.get()[0]!.conversationID).toBe('C2C9');
    expect(state.$isCompleted.get()).toBe(true);
    expect(texts()).toEqual([]);
  });
});

describe('sending', () => {
  it('shows the message at once and replaces it with the stored one', async () => {
    await msgs.openConversation('C2C3');
    const p = msgs.sendText('C2C3', '  你好  ');
    expect(state.$messages.get().at(-1)).toMatchObject({ status: 'unSend', payload: { text: '你好' } });
    await p;
    const last = state.$messages.get().at(-1)!;
    expect(last).toMatchObject({ status: 'success', sequence: 3 });
    expect(state.$messages.get()).toHaveLength(3);
  });

  it('refuses blank text before sending', async () => {
    await msgs.openConversation('C2C3');
    await expect(msgs.sendText('C2C3', '   ')).rejects.toThrow('不能发送空白消息');
    expect(fake.sent).toHaveLength(0);
  });

  it('a failed send shows the fail state; 重试 reuses the clientID and it is stored once', async () => {
    await msgs.openConversation('C2C3');
    fake.failSends(1);
    await expect(msgs.sendText('C2C3', '再试')).rejects.toThrow('网络连接失败');
    const failed = state.$messages.get().at(-1)!;
    expect(failed.status).toBe('fail');
    await msgs.retrySend(failed.clientID);
    expect(fake.sent.map((d) => d.clientID)).toEqual([failed.clientID, failed.clientID]);
    expect(state.$messages.get().filter((m) => m.clientID === failed.clientID)).toHaveLength(1);
    expect(state.$messages.get().at(-1)!.status).toBe('success');
    expect(fake.stored('C2C3')).toHaveLength(3);
  });
});

describe('voice messages', () => {
  it('sends the recording as TIMSoundElem with whole seconds, at most 60, in its own container', async () => {
    await msgs.openConversation('C2C3');
    await msgs.sendVoice('C2C3', new Blob(['x'], { type: 'audio/mp4' }), 3.4);
    await msgs.sendVoice('C2C3', new Blob(['x'], { type: 'audio/webm;codecs=opus' }), 75);
    const [short, long] = fake.sent.slice(-2) as Extract<(typeof fake.sent)[number], { file: File }>[];
    expect([short?.type, short?.second, short?.file.name, short?.file.type]).toEqual(['TIMSoundElem', 3, 'voice.m4a', 'audio/mp4']);
    expect([long?.second, long?.file.name, long?.file.type]).toEqual([60, 'voice.webm', 'audio/webm']);
  });

  it('refuses a recording under a second (说话时间太短)', async () => {
    const before = fake.sent.length;
    await expect(msgs.sendVoice('C2C3', new Blob(['x'], { type: 'audio/webm' }), 0.6)).rejects.toThrow('说话时间太短');
    expect(fake.sent).toHaveLength(before);
  });
});

describe('events', () => {
  it('a live message in the open conversation appears once, even if delivered twice, and is marked read', async () => {
    await msgs.openConversation('C2C3');
    fake.readCalls.length = 0;
    const m = fake.incoming('C2C3', '新消息');
    fake.emit('messageReceived', [m]);
    fake.emit('messageReceived', [m]);
    expect(texts()).toEqual(['第1条', '第2条', '新消息']);
    expect(fake.readCalls).toEqual(['C2C3', 'C2C3']);
  });

  it('after a dropped connection the open conversation catches up: what came meanwhile shows once', async () => {
    await msgs.openConversation('C2C3');
    const live = fake.incoming('C2C3', '断线前');
    fake.emit('messageReceived', [live]);
    fake.emit('notReady', undefined);
    fake.incoming('C2C3', '断线时一');
    fake.incoming('C2C3', '断线时二');
    fake.readCalls.length = 0;
    fake.emit('ready', undefined);
    await vi.waitFor(() => expect(texts()).toEqual(['第1条', '第2条', '断线前', '断线时一', '断线时二']));
    // In view, so read.
    await vi.waitFor(() => expect(fake.readCalls).toEqual(['C2C3']));
    // The resume replay may bring them too: still once each.
    fake.emit('messageReceived', [live]);
    expect(texts()).toHaveLength(5);
  });

  it('a ready without a drop before it (the first login) fetches nothing again', async () => {
    await msgs.openConversation('C2C3');
    fake.incoming('C2C3', '未推送');
    fake.emit('ready', undefined);
    await Promise.resolve();
    expect(texts()).toEqual(['第1条', '第2条']);
  });

  it('a message for another conversation does not enter the pane', async () => {
    await msgs.openConversation('C2C3');
    fake.emit('messageReceived', [fake.incoming('C2C2', '别处')]);
    expect(texts()).not.toContain('别处');
  });

  it('applies recalls and read receipts', async () => {
    await msgs.openConversation('C2C3');
    const mine = await msgs.sendText('C2C3', '看到没');
    fake.emit('messageReadByPeer', { conversationID: 'C2C3', sequence: mine.sequence, time: 0 });
    expect(state.$messages.get().at(-1)!.isPeerRead).toBe(true);
    fake.emit('messageRevoked', [{ conversationID: 'C2C3', ID: state.$messages.get()[0]!.ID }]);
    expect(state.$messages.get()[0]!.isRevoked).toBe(true);
  });

  it('conversation list and unread total follow the pushes', () => {
    fake.emit('totalUnreadMessageCountUpdated', 120);
    expect(state.$chatUnreadBadge.get()).toBe('99+');
    fake.emit('conversationListUpdated', []);
    expect(state.$conversations.get()).toEqual([]);
  });
});

describe('reducers', () => {
  const base = {
    conversationType: 'C2C',
    from: '1',
    to: '2',
    flow: 'out',
    time: 1,
    isRevoked: false,
    isPeerRead: false,
    nick: '',
    avatar: '',
    cloudCustomData: '',
    type: 'TIMTextElem',
    payload: { text: '' },
  } as const;
  const m = (ID: string, sequence: number, clientID = ID): Message => ({
    ...base,
    ID,
    clientID,
    conversationID: 'C2C2',
    sequence,
    status: sequence ? 'success' : 'unSend',
  });

  it('mergeMessages dedupes by ID and by clientID and keeps unsent ones last', () => {
    const list = msgs.mergeMessages([m('a', 1), m('tmp', 0, 'k')], [m('b', 2), m('a', 1)]);
    expect(list.map((x) => x.ID)).toEqual(['a', 'b', 'tmp']);
    expect(msgs.mergeMessages(list, [m('c', 3, 'k')]).map((x) => x.ID)).toEqual(['a', 'b', 'c']);
  });

  it('applyPeerRead marks only own sent messages up to the sequence', () => {
    const list = msgs.applyPeerRead([m('a', 1), m('b', 2), { ...m('c', 3), flow: 'in' }], 2);
    expect(list.map((x) => x.isPeerRead)).toEqual([true, true, false]);
  });
});

describe('friends', () => {
  it('groups friends by 分组 with 我的好友 first, remark before nick', () => {
    const f = (userID: string, remark: string, groupList: string[]) => ({
      userID,
      remark,
      groupList,
      profile: { userID, nick: `n${userID}`, avatar: '', gender: 0 as const, selfSignature: '' },
    });
    const out = contacts.friendsByGroup([f('1', '', ['教练']), f('2', '阿强', []), f('3', '', [])]);
    expect(out.map((g) => g.name)).toEqual(['我的好友', '教练']);
    expect(out[0]!.friends.map(contacts.friendName)).toEqual(['阿强', 'n3']);
  });

  it('search refuses an empty key and a malformed phone', async () => {
    await expect(contacts.searchUser(' ')).rejects.toThrow('请输入搜索关键字');
    await expect(contacts.searchUser('12000000000')).rejects.toThrow('请输入正确的手机号或用户 ID');
  });
});
