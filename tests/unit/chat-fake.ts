import type { ChatClient } from '~/lib/chat/client';
import { ChatError } from '~/lib/chat/client';
import type { ChatEventName, ChatEvents, Conversation, Message, MessageDraft } from '~/lib/chat/types';

/**
 * A small in-memory ChatClient for the store tests (not shipped): one viewer, C2C threads whose
 * messages it keeps, pages of 15 like the server, and event emitters the tests fire.
 */
export function fakeChat(me = '1') {
  const handlers = new Map<string, Set<(d: unknown) => void>>();
  const threads = new Map<string, Message[]>();
  const readCalls: string[] = [];
  const sent: MessageDraft[] = [];
  let failNext = 0;
  let loginError: Error | null = null;

  function msg(conversationID: string, from: string, text: string, sequence: number, clientID = `c${sequence}`): Message {
    return {
      ID: `m-${conversationID}-${sequence}`,
      clientID,
      conversationID,
      conversationType: 'C2C',
      from,
      to: from === me ? conversationID.slice(3) : me,
      flow: from === me ? 'out' : 'in',
      time: 1_700_000_000 + sequence,
      sequence,
      status: 'success',
      isRevoked: false,
      isPeerRead: false,
      nick: from === me ? '我' : `用户${from}`,
      avatar: '',
      cloudCustomData: '',
      type: 'TIMTextElem',
      payload: { text },
    };
  }

  function conv(id: string): Conversation {
    return {
      conversationID: id,
      type: 'C2C',
      unreadCount: 0,
      lastMessage: null,
      userProfile: { userID: id.slice(3), nick: `用户${id.slice(3)}`, avatar: '', gender: 0, selfSignature: '', remark: '' },
      isPinned: false,
      messageRemindType: 'AcceptAndNotify',
      peerReadTime: 0,
    };
  }

  const impl: Partial<ChatClient> = {
    provider: 'local',
    async login() {
      if (loginError) throw loginError;
    },
    async logout() {},
    isReady: () => true,
    on<K extends ChatEventName>(event: K, h: (d: ChatEvents[K]) => void) {
      const set = handlers.get(event) ?? new Set();
      set.add(h as (d: unknown) => void);
      handlers.set(event, set);
      return () => set.delete(h as (d: unknown) => void);
    },
    getTotalUnreadMessageCount: () => 3,
    async getMyProfile() {
      return { userID: me, nick: '我', avatar: '', gender: 0, selfSignature: '' };
    },
    async getConversationList() {
      return [...threads.keys()].map(conv);
    },
    async getConversationProfile(id: string) {
      if (!threads.has(id)) threads.set(id, []);
      return conv(id);
    },
    async setMessageRead({ conversationID }) {
      readCalls.push(conversationID);
    },
    async getMessageList({ conversationID, nextReqMessageID }) {
      const all = threads.get(conversationID) ?? [];
      const end = nextReqMessageID ? all.findIndex((m) => m.ID === nextReqMessageID) : all.length;
      const start = Math.max(0, end - 15);
      const messageList = all.slice(start, end);
      return { messageList, nextReqMessageID: start > 0 ? all[start]!.ID : '', isCompleted: start === 0 };
    },
    async sendMessage(draft) {
      sent.push(draft);
      if (failNext > 0) {
        failNext--;
        throw new ChatError(2800, '网络连接失败');
      }
      const list = threads.get(draft.conversationID) ?? [];
      // Idempotent by clientID, like the server.
      const dup = list.find((m) => m.clientID === draft.clientID);
      if (dup) return dup;
      const text = draft.type === 'TIMTextElem' ? draft.payload.text : '';
      const m = msg(draft.conversationID, me, text, list.length + 1, draft.clientID);
      list.push(m);
      threads.set(draft.conversationID, list);
      return m;
    },
    async revokeMessage() {},
    async deleteMessage() {},
    async getFriendList() {
      return [];
    },
    async getFriendApplicationList() {
      return { applicationList: [], unreadCount: 0 };
    },
    async getFriendGroupList() {
      return [];
    },
    async getBlacklist() {
      return [];
    },
    async getGroupList() {
      return [];
    },
    async getGroupApplicationList() {
      return [];
    },
  };

  return {
    client: impl as ChatClient,
    readCalls,
    sent,
    /** Adds `n` messages from the peer to a C2C thread. */
    seed(conversationID: string, n: number) {
      const list = threads.get(conversationID) ?? [];
      for (let i = 0; i < n; i++) list.push(msg(conversationID, conversationID.slice(3), `第${list.length + 1}条`, list.length + 1));
      threads.set(conversationID, list);
    },
    /** A message arriving live from the peer. */
    incoming(conversationID: string, text: string): Message {
      const list = threads.get(conversationID) ?? [];
      const m = msg(conversationID, conversationID.slice(3), text, list.length + 1);
      list.push(m);
      threads.set(conversationID, list);
      return m;
    },
    emit<K extends ChatEventName>(event: K, data: ChatEvents[K]) {
      for (const h of handlers.get(event) ?? []) h(data);
    },
    failSends(n: number) {
      failNext = n;
    },
    failLogin(e: Error) {
      loginError = e;
    },
    stored: (id: string) => threads.get(id) ?? [],
  };
}
