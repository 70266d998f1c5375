import { describe, expect, it } from 'vitest';
import { createTimClient, type TimModule, type TimSdk } from '~/lib/chat/tim';
import { ChatError } from '~/lib/chat/client';
import type { ChatEvents, Message } from '~/lib/chat/types';

/**
 * The tim adapter against a fake of the tim-js-sdk surface it uses: this stands in for Tencent's cloud,
 * which tests must not reach. The fake answers in the SDK's documented shapes (imResponse.data…,
 * rejections {code, message}, events {name, data}); the event names come from the real package.
 */
const REAL = (await import('tim-js-sdk/tim-js-friendship.js')).default as unknown as TimModule;
const EV = REAL.EVENT;

type Raw = Record<string, unknown>;
type Handler = (e: { name: string; data: unknown }) => void;

function sdkMessage(i: number, extra: Raw = {}): Raw {
  return {
    ID: `m${i}`,
    type: 'TIMTextElem',
    payload: { text: `第${i}条` },
    conversationID: 'C2C7',
    conversationType: 'C2C',
    from: '7',
    to: '5',
    flow: 'in',
    time: 1_700_000_000 + i,
    sequence: i,
    status: 'success',
    isRevoked: false,
    isPeerRead: false,
    nick: '张教练',
    avatar: '',
    cloudCustomData: '',
    ...extra,
  };
}

class FakeTim {
  handlers = new Map<string, Set<Handler>>();
  calls: { method: string; args: unknown[] }[] = [];
  plugins: Record<string, unknown> = {};
  /** 40 messages in C2C7, oldest first. */
  history = Array.from({ length: 40 }, (_, i) => sdkMessage(i + 1));
  members = Array.from({ length: 65 }, (_, i) => ({
    userID: String(100 + i),
    nick: `成员${i}`,
    avatar: '',
    role: i === 0 ? 'Owner' : 'Member',
    joinTime: 1,
    nameCard: '',
    muteUntil: 0,
  }));
  loginError: { code: number; message: string } | null = null;
  failNextSend: { code: number; message: string } | null = null;
  store = new Map<string, Raw>();

  emit(name: string, data: unknown) {
    for (const h of this.handlers.get(name) ?? []) h({ name, data });
  }
  on(name: string, h: Handler) {
    if (!this.handlers.has(name)) this.handlers.set(name, new Set());
    this.handlers.get(name)!.add(h);
  }
  off(name: string, h: Handler) {
    this.handlers.get(name)?.delete(h);
  }
  setLogLevel() {}
  registerPlugin(p: Record<string, unknown>) {
    Object.assign(this.plugins, p);
  }
  async login(p: { userID: string; userSig: string }) {
    this.calls.push({ method: 'login', args: [p] });
    if (this.loginError) throw this.loginError;
    // Logged in already: the SDK answers repeatLogin and emits no second SDK_READY.
    if (this.loggedIn) return { data: { repeatLogin: true } };
    this.loggedIn = true;
    // The SDK becomes ready after login resolves, asynchronously.
    setTimeout(() => this.emit(EV['SDK_READY']!, undefined), 0);
    return { data: { repeatLogin: false } };
  }
  loggedIn = false;
  async logout() {
    this.loggedIn = false;
  }
  private create(type: string, o: Raw): Raw {
    const m: Raw = {
      ...sdkMessage(0),
      ID: `out-${this.store.size + 1}`,
      type,
      to: o['to'],
      conversationType: o['conversationType'],
      conversationID: `${o['conversationType']}${o['to']}`,
      flow: 'out',
      from: '5',
      status: 'unSend',
      sequence: 0,
      payload: o['payload'],
      _onProgress: o['onProgress'],
    };
    this.store.set(m['ID'] as string, m);
    return m;
  }
  createTextMessage(o: Raw) {
    return this.create('TIMTextElem', o);
  }
  createImageMessage(o: Raw) {
    return this.create('TIMImageElem', o);
  }
  createAudioMessage(o: Raw) {
    return this.create('TIMSoundElem', o);
  }
  createVideoMessage(o: Raw) {
    return this.create('TIMVideoFileElem', o);
  }
  createFileMessage(o: Raw) {
    return this.create('TIMFileElem', o);
  }
  createCustomMessage(o: Raw) {
    return this.create('TIMCustomElem', o);
  }
  createLocationMessage(o: Raw) {
    return this.create('TIMLocationElem', o);
  }
  async sendMessage(m: Raw, opts?: Raw) {
    this.calls.push({ method: 'sendMessage', args: [m['ID'], opts] });
    const progress = m['_onProgress'] as ((f: number) => void) | undefined;
    if (progress) for (const f of [0, 0.5, 1]) progress(f);
    if (this.failNextSend) {
      const e = this.failNextSend;
      this.failNextSend = null;
      m['status'] = 'fail';
      throw e;
    }
    m['status'] = 'success';
    m['sequence'] = 41;
    if (m['type'] === 'TIMImageElem')
      m['payload'] = {
        imageFormat: 3,
        imageInfoArray: [0, 1, 2].map((t) => ({ type: t, url: `https://cos/${t}.png`, width: 10, height: 10, size: 1 })),
      };
    return { data: { message: m } };
  }
  async resendMessage(m: Raw) {
    this.calls.push({ method: 'resendMessage', args: [m['ID']] });
    m['status'] = 'success';
    return { data: { message: m } };
  }
  async revokeMessage(m: Raw) {
    this.calls.push({ method: 'revokeMessage', args: [m['ID']] });
    throw { code: 20016, message: 'MSG_REVOKE_TIME_LIMIT_EXCEED' };
  }
  async deleteMessage(list: Raw[]) {
    this.calls.push({ method: 'deleteMessage', args: list.map((m) => m['ID']) });
    return { data: {} };
  }
  findMessage(ID: string) {
    return this.store.get(ID) ?? [...this.history, ...this.notices].find((m) => m['ID'] === ID) ?? null;
  }
  /** @TIM#SYSTEM: a join application (notice type 1) and a custom operator notice (255). */
  notices = [
    sdkMessage(70, {
      ID: 'n1',
      type: 'TIMGroupSystemNoticeElem',
      conversationID: '@TIM#SYSTEM',
      conversationType: '@TIM#SYSTEM',
      from: '@TIM#SYSTEM',
      nick: '王五',
      payload: {
        operationType: 1,
        operatorID: '8',
        handleMessage: '想加入',
        groupProfile: { groupID: 'pub', name: '太极交流群', type: 'Public' },
      },
    }),
    sdkMessage(71, {
      ID: 'n2',
      type: 'TIMGroupSystemNoticeElem',
      conversationID: '@TIM#SYSTEM',
      conversationType: '@TIM#SYSTEM',
      payload: {
        operationType: 255,
        userDefinedField: '本群明日维护',
        groupProfile: { groupID: 'pub', name: '太极交流群', type: 'Public' },
      },
    }),
  ];
  async handleGroupApplication(o: Raw) {
    this.calls.push({ method: 'handleGroupApplication', args: [{ ...o, message: (o['message'] as Raw)['ID'] }] });
    return { data: {} };
  }
  getTotalUnreadMessageCount() {
    return 3;
  }
  // The SDK's getMessageList: 15 per page, oldest first, nextReqMessageID = the oldest returned.
  async getMessageList(o: { conversationID: string; nextReqMessageID?: string }) {
    this.calls.push({ method: 'getMessageList', args: [o] });
    if (o.conversationID === '@TIM#SYSTEM') return { data: { messageList: this.notices, nextReqMessageID: '', isCompleted: true } };
    const end = o.nextReqMessageID ? this.history.findIndex((m) => m['ID'] === o.nextReqMessageID) : this.history.length;
    const start = Math.max(0, end - 15);
    const page = this.history.slice(start, end);
    return { data: { messageList: page, nextReqMessageID: start > 0 ? page[0]!['ID'] : '', isCompleted: start === 0 } };
  }
  async getGroupMemberList(o: { groupID: string; count: number; offset: number }) {
    this.calls.push({ method: 'getGroupMemberList', args: [o] });
    const page = this.members.slice(o.offset, o.offset + o.count);
    const next = o.offset + page.length;
    return { data: { memberList: page, offset: next >= this.members.length ? 0 : next } };
  }
  async getGroupList(o: Raw) {
    this.calls.push({ method: 'getGroupList', args: [o] });
    return {
      data: {
        groupList: [
          {
            groupID: 'g1',
            type: 'Private',
            name: '师兄弟',
            ownerID: '5',
            memberNum: 3,
            joinOption: 'FreeAccess',
            selfInfo: { role: 'Owner', messageRemindType: 'AcceptAndNotify', joinTime: 9 },
          },
          { groupID: 'live1', type: 'AVChatRoom', name: '直播间' },
        ],
      },
    };
  }
  async createGroup(o: Raw) {
    this.calls.push({ method: 'createGroup', args: [o] });
    return { data: { group: { groupID: 'g2', type: o['type'], name: o['name'], ownerID: '5', memberCount: 1 } } };
  }
  async joinGroup(o: { groupID: string }) {
    return { data: { status: o.groupID === 'pub' ? 'WaitAdminApproval' : 'JoinedSuccess' } };
  }
  async getMyProfile() {
    return { data: { userID: '5', nick: '李四', avatar: '', gender: 'Gender_Type_Female', selfSignature: '' } };
  }
  async addFriend(o: Raw) {
    this.calls.push({ method: 'addFriend', args: [o] });
    return { data: { code: 30539, userID: o['to'] } };
  }
  async addToBlacklist() {
    throw { code: 30525, message: 'blocked by peer' };
  }
  async getFriendList() {
    throw { code: 99999, message: 'internal error' };
  }
}

function setup(opts: { http?: (path: string, body: object) => Promise<unknown> } = {}) {
  const fake = new FakeTim();
  const created: unknown[] = [];
  const TIM = { create: (o: unknown) => (created.push(o), fake as unknown as TimSdk), EVENT: EV };
  const client = createTimClient(1400123456, {
    load: async () => ({ TIM, uploadPlugin: { name: 'upload' } }),
    ...(opts.http ? { http: opts.http } : {}),
  });
  return { fake, client, created };
}

async function ready() {
  const s = setup();
  await s.client.login({ userID: '5', userSig: 'sig' });
  return s;
}

describe('tim adapter: login', () => {
  it('creates the SDK with the SDKAppID, registers the upload plugin and resolves once the SDK is ready', async () => {
    const { client, fake, created } = setup();
    expect(client.provider).toBe('tim');
    expect(client.isReady()).toBe(false);
    await client.login({ userID: '5', userSig: 'sig' });
    expect(created).toEqual([{ SDKAppID: 1400123456 }]);
    expect(fake.plugins).toHaveProperty('tim-upload-plugin');
    expect(fake.calls[0]).toEqual({ method: 'login', args: [{ userID: '5', userSig: 'sig' }] });
    expect(client.isReady()).toBe(true);
  });

  it('a wrong SDKAppID (code 2000) rejects with ChatError 2000 and a Chinese message (SPEC §8)', async () => {
    const { client, fake } = setup();
    fake.loginError = { code: 2000, message: 'invalid SDKAppID' };
    const err = await client.login({ userID: '5', userSig: 'sig' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChatError);
    expect((err as ChatError).code).toBe(2000);
    expect((err as ChatError).message).toBe('应用 ID（SDKAppID）无效');
    expect(client.isReady()).toBe(false);
  });

  it('a second login on the same SDK instance (repeatLogin) resolves without waiting for SDK_READY', async () => {
    const { client } = await ready();
    await client.login({ userID: '5', userSig: 'sig' });
    expect(client.isReady()).toBe(true);
    expect(await client.getMyProfile()).toMatchObject({ userID: '5' });
  });

  it('refuses calls before login with a clear error', async () => {
    const { client } = setup();
    await expect(client.getConversationList()).rejects.toMatchObject({ code: 2024, message: '聊天尚未登录' });
  });
});

describe('tim adapter: events', () => {
  it('translates SDK events into ChatEvents', async () => {
    const { client, fake } = await ready();
    const got: { [K in keyof ChatEvents]?: ChatEvents[K][] } = {};
    const keep = (k: keyof ChatEvents) => client.on(k, (d: unknown) => void ((got as Record<string, unknown[]>)[k] ??= []).push(d));
    (
      [
        'messageReceived',
        'messageRevoked',
        'messageReadByPeer',
        'conversationListUpdated',
        'totalUnreadMessageCountUpdated',
        'groupListUpdated',
        'friendApplicationListUpdated',
        'blacklistUpdated',
        'netStateChange',
        'kickedOut',
        'error',
        'notReady',
      ] as const
    ).forEach(keep);

    fake.emit(EV['MESSAGE_RECEIVED']!, [
      sdkMessage(50),
      sdkMessage(51, {
        type: 'TIMGroupTipElem',
        conversationType: 'GROUP',
        conversationID: 'GROUPg1',
        payload: { operationType: 7, operatorID: '5', memberList: [{ userID: '9', muteTime: 600 }] },
      }),
    ]);
    // The same message again (a reconnect replay) is not emitted twice.
    fake.emit(EV['MESSAGE_RECEIVED']!, [sdkMessage(50)]);
    fake.emit(EV['MESSAGE_REVOKED']!, [sdkMessage(50)]);
    fake.emit(EV['MESSAGE_READ_BY_PEER']!, [sdkMessage(3), sdkMessage(9)]);
    fake.emit(EV['CONVERSATION_LIST_UPDATED']!, [
      {
        conversationID: 'C2C7',
        type: 'C2C',
        unreadCount: 2,
        isPinned: true,
        messageRemindType: 'AcceptNotNotify',
        remark: '师父',
        userProfile: { userID: '7', nick: '张教练', gender: 'Gender_Type_Male' },
        lastMessage: { lastTime: 5, lastSequence: 4, fromAccount: '7', messageForShow: '[图片]', type: 'TIMImageElem' },
      },
      { conversationID: 'GROUPlive1', type: 'GROUP', groupProfile: { groupID: 'live1', type: 'AVChatRoom' } },
    ]);
    fake.emit(EV['TOTAL_UNREAD_MESSAGE_COUNT_UPDATED']!, 4);
    fake.emit(EV['GROUP_LIST_UPDATED']!, [
      { groupID: 'g1', type: 'Private', name: '师兄弟' },
      { groupID: 'live1', type: 'AVChatRoom' },
    ]);
    fake.emit(EV['FRIEND_APPLICATION_LIST_UPDATED']!, {
      applicationList: [{ userID: '8', nick: '王五', wording: '你好', type: 'Pendency_Type_ComeIn', time: 1 }],
      unreadCount: 1,
    });
    fake.emit(EV['BLACKLIST_UPDATED']!, ['8']);
    fake.emit(EV['NET_STATE_CHANGE']!, { state: 'connecting' });
    fake.emit(EV['KICKED_OUT']!, { type: 'userSigExpired' });
    // Our server's REST kick (every login of the member ended) and another device's login.
    fake.emit(EV['KICKED_OUT']!, { type: 'REST_API_Kick' });
    fake.emit(EV['KICKED_OUT']!, { type: 'multipleAccount' });
    fake.emit(EV['ERROR']!, { code: 10017, message: 'muted' });

    const received = got.messageReceived!;
    expect(received).toHaveLength(1);
    expect(received[0]!.map((m) => m.ID)).toEqual(['m50', 'm51']);
    const tip = received[0]![1]!;
    expect(tip.type === 'TIMGroupTipElem' && tip.payload).toEqual({ operationType: 7, operatorID: '5', userIDList: ['9'], muteTime: 600 });
    expect(got.messageRevoked).toEqual([[{ conversationID: 'C2C7', ID: 'm50' }]]);
    expect(got.messageReadByPeer).toEqual([{ conversationID: 'C2C7', sequence: 9, time: 1_700_000_009 }]);
    const [conv] = got.conversationListUpdated![0]!;
    expect(got.conversationListUpdated![0]).toHaveLength(1);
    expect(conv).toMatchObject({
      conversationID: 'C2C7',
      unreadCount: 2,
      isPinned: true,
      messageRemindType: 'AcceptNotNotify',
      userProfile: { userID: '7', nick: '张教练', gender: 1, remark: '师父' },
      lastMessage: { messageForShow: '[图片]', lastSequence: 4 },
    });
    expect(got.totalUnreadMessageCountUpdated).toEqual([4]);
    expect(got.groupListUpdated![0]!.map((g) => [g.groupID, g.type])).toEqual([['g1', 'Work']]);
    expect(got.friendApplicationListUpdated![0]).toEqual({
      applicationList: [{ userID: '8', nick: '王五', avatar: '', wording: '你好', time: 1, type: 'Pendency_Type_ComeIn' }],
      unreadCount: 1,
    });
    expect(got.blacklistUpdated).toEqual([['8']]);
    expect(got.netStateChange).toEqual(['connecting']);
    expect(got.kickedOut).toEqual([{ reason: 'userSigExpired' }, { reason: 'sessionEnded' }, { reason: 'multipleAccount' }]);
    expect(got.error).toEqual([{ code: 10017, message: '你已被禁言，无法发言' }]);
    expect(client.isReady()).toBe(false);
  });

  it('logout detaches from the SDK: later SDK events reach nobody', async () => {
    const { client, fake } = await ready();
    const seen: Message[][] = [];
    client.on('messageReceived', (m) => seen.push(m));
    await client.logout();
    fake.emit(EV['MESSAGE_RECEIVED']!, [sdkMessage(60)]);
    expect(seen).toEqual([]);
    expect(client.isReady()).toBe(false);
  });
});

describe('tim adapter: messages', () => {
  it('loads history 15 at a time, oldest first, until complete', async () => {
    const { client } = await ready();
    const first = await client.getMessageList({ conversationID: 'C2C7' });
    expect(first.messageList.map((m) => m.sequence)).toEqual(Array.from({ length: 15 }, (_, i) => 26 + i));
    expect(first).toMatchObject({ isCompleted: false, nextReqMessageID: 'm26' });
    const second = await client.getMessageList({ conversationID: 'C2C7', nextReqMessageID: first.nextReqMessageID });
    expect(second.messageList).toHaveLength(15);
    const last = await client.getMessageList({ conversationID: 'C2C7', nextReqMessageID: second.nextReqMessageID });
    expect(last.messageList.map((m) => m.ID)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 1}`));
    expect(last).toMatchObject({ isCompleted: true, nextReqMessageID: '' });
    expect(last.messageList[0]).toMatchObject({
      type: 'TIMTextElem',
      payload: { text: '第1条' },
      flow: 'in',
      status: 'success',
      clientID: 'm1',
    });
  });

  it('sends an image with upload progress in percent and normalises the answer', async () => {
    const { client, fake } = await ready();
    const progress: number[] = [];
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    const msg = await client.sendMessage(
      { conversationID: 'C2C7', clientID: 'c-1', type: 'TIMImageElem', file },
      { onProgress: (p) => progress.push(p) },
    );
    expect(progress).toEqual([0, 50, 100]);
    expect(msg).toMatchObject({ clientID: 'c-1', to: '7', conversationType: 'C2C', status: 'success', sequence: 41, flow: 'out' });
    expect(msg.type === 'TIMImageElem' && msg.payload.imageFormat).toBe('PNG');
    expect(msg.type === 'TIMImageElem' && msg.payload.imageInfoArray.map((i) => i.type)).toEqual([0, 1, 2]);
    expect(fake.store.get(msg.ID)!['payload']).toBeTruthy();
  });

  it('a failed send rejects with the Chinese reason; a retry with the same clientID resends the same message', async () => {
    const { client, fake } = await ready();
    fake.failNextSend = { code: 20007, message: 'blocked' };
    const draft = { conversationID: 'C2C7', clientID: 'c-2', type: 'TIMTextElem' as const, payload: { text: '你好' } };
    await expect(client.sendMessage(draft)).rejects.toMatchObject({ code: 20007, message: '对方已将你拉黑，消息发送失败' });
    const ok = await client.sendMessage(draft);
    expect(ok).toMatchObject({ clientID: 'c-2', status: 'success' });
    expect(fake.calls.filter((c) => c.method === 'sendMessage')).toHaveLength(1);
    expect(fake.calls.filter((c) => c.method === 'resendMessage')).toHaveLength(1);
    expect(fake.store.size).toBe(1);
  });

  it('online-only sends (call signalling) pass the SDK option and answer sequence 0', async () => {
    const { client, fake } = await ready();
    const msg = await client.sendMessage(
      {
        conversationID: 'C2C7',
        clientID: 'c-3',
        type: 'TIMCustomElem',
        payload: { data: '{"businessID":"call"}', description: '', extension: '' },
      },
      { onlineUserOnly: true },
    );
    expect(msg.sequence).toBe(0);
    expect(fake.calls.at(-1)).toEqual({ method: 'sendMessage', args: [msg.ID, { onlineUserOnly: true }] });
  });

  it('revoke past the window maps to 20016 with the Chinese text; unknown messages are refused', async () => {
    const { client } = await ready();
    await expect(client.revokeMessage({ conversationID: 'C2C7', ID: 'm3' })).rejects.toMatchObject({
      code: 20016,
      message: '消息发送已超过2分钟，无法撤回',
    });
    await expect(client.deleteMessage({ conversationID: 'C2C7', IDList: ['nope'] })).rejects.toMatchObject({
      code: 10010,
      message: '消息不存在或已被删除',
    });
  });

  it('reports and user search go to our HTTP API', async () => {
    const posted: [string, object][] = [];
    const s = setup({
      http: async (path, body) => {
        posted.push([path, body]);
        return path === '/im/searchUser'
          ? [{ userID: '7', nick: '张教练', avatar: '', gender: 1, selfSignature: '', isFriend: true }]
          : null;
      },
    });
    await s.client.login({ userID: '5', userSig: 'sig' });
    await s.client.reportMessage({ conversationID: 'C2C7', ID: 'm2', reason: '广告' });
    const found = await s.client.searchUser({ keyword: '13800000002' });
    expect(found).toEqual([{ userID: '7', nick: '张教练', avatar: '', gender: 1, selfSignature: '', isFriend: true }]);
    expect(posted[0]).toEqual([
      '/im/report',
      {
        conversationID: 'C2C7',
        ID: 'm2',
        reason: '广告',
        snapshot: { from: '7', time: 1_700_000_002, type: 'TIMTextElem', payload: '{"text":"第2条"}' },
      },
    ]);
    expect(posted[1]).toEqual(['/im/searchUser', { keyword: '13800000002' }]);
  });
});

describe('tim adapter: groups, friends, errors', () => {
  it('pages group members 30 at a time with isCompleted', async () => {
    const { client, fake } = await ready();
    const p1 = await client.getGroupMemberList({ groupID: 'g1' });
    expect(p1.memberList).toHaveLength(30);
    expect(p1).toMatchObject({ offset: 30, isCompleted: false });
    expect(p1.memberList[0]).toMatchObject({ userID: '100', role: 'Owner' });
    const p2 = await client.getGroupMemberList({ groupID: 'g1', offset: p1.offset });
    const p3 = await client.getGroupMemberList({ groupID: 'g1', offset: p2.offset });
    expect(p3.memberList).toHaveLength(5);
    expect(p3).toMatchObject({ offset: 0, isCompleted: true });
    expect(fake.calls.filter((c) => c.method === 'getGroupMemberList').map((c) => c.args[0])).toEqual([
      { groupID: 'g1', offset: 0, count: 30 },
      { groupID: 'g1', offset: 30, count: 30 },
      { groupID: 'g1', offset: 60, count: 30 },
    ]);
  });

  it('maps group types, roles and join statuses both ways and hides live rooms', async () => {
    const { client, fake } = await ready();
    const list = await client.getGroupList();
    expect(list).toEqual([
      expect.objectContaining({
        groupID: 'g1',
        type: 'Work',
        memberCount: 3,
        joinOption: 'FreeAccess',
        selfInfo: { role: 'Owner', muteUntil: 0, messageRemindType: 'AcceptAndNotify', joinTime: 9 },
      }),
    ]);
    expect(fake.calls.find((c) => c.method === 'getGroupList')!.args[0]).toMatchObject({
      groupProfileFilter: expect.arrayContaining(['ownerID', 'memberNum', 'muteAllMembers']),
    });
    const g = await client.createGroup({ type: 'Work', name: '新群', joinOption: 'FreeAccess', memberList: ['7', '8'] });
    expect(fake.calls.find((c) => c.method === 'createGroup')!.args[0]).toEqual({
      type: 'Private',
      name: '新群',
      memberList: [{ userID: '7' }, { userID: '8' }],
    });
    expect(g).toMatchObject({ groupID: 'g2', type: 'Work' });
    expect(await client.joinGroup({ groupID: 'pub' })).toEqual({ status: 'WaitAdminOK' });
    expect(await client.joinGroup({ groupID: 'free' })).toEqual({ status: 'Success' });
  });

  it('profiles, friends and error codes are normalised', async () => {
    const { client, fake } = await ready();
    expect(await client.getMyProfile()).toEqual({ userID: '5', nick: '李四', avatar: '', gender: 2, selfSignature: '' });
    await client.addFriend({ to: '8', wording: '想跟你学拳' });
    expect(fake.calls.find((c) => c.method === 'addFriend')!.args[0]).toEqual({
      to: '8',
      source: 'AddSource_Type_Web',
      wording: '想跟你学拳',
      type: 'Add_Type_Both',
    });
    await expect(client.addToBlacklist({ userIDList: ['8'] })).rejects.toMatchObject({ code: 30525, message: '你已被对方拉黑' });
    await expect(client.getFriendList()).rejects.toMatchObject({ code: 99999, message: '聊天服务出错（99999）' });
    expect(client.getTotalUnreadMessageCount()).toBe(3);
  });

  it('group join applications come from type-1 system notices and are handled once', async () => {
    const { client, fake } = await ready();
    const apps = await client.getGroupApplicationList();
    expect(apps).toEqual([
      {
        applicationID: 'n1',
        groupID: 'pub',
        groupName: '太极交流群',
        applicant: '8',
        applicantNick: '王五',
        applicantAvatar: '',
        wording: '想加入',
        time: 1_700_000_070,
      },
    ]);
    const page = await client.getMessageList({ conversationID: '@TIM#SYSTEM' });
    expect(page.messageList[1]!.type === 'TIMGroupSystemNoticeElem' && page.messageList[1]!.payload).toMatchObject({
      operationType: 255,
      handleMessage: '本群明日维护',
    });
    await client.handleGroupApplication({ applicationID: 'n1', handleAction: 'Agree' });
    expect(fake.calls.filter((c) => c.method === 'handleGroupApplication').map((c) => c.args[0])).toEqual([
      { handleAction: 'Agree', message: 'n1' },
    ]);
    await expect(client.handleGroupApplication({ applicationID: 'n1', handleAction: 'Reject' })).rejects.toMatchObject({
      code: 10010,
      message: '该入群申请已处理或不存在',
    });
    expect(await client.getGroupApplicationList()).toEqual([]);
  });
});
