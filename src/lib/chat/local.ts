// One file because: one class — the socket state machine (connect, resume, retry) and the ChatClient methods that wait on it share its private state.
import { CHAT_CODE, ChatError, type ChatClient } from './client';
import {
  IM_CLOSE,
  IM_TIMING,
  type ChatOp,
  type ClientFrame,
  type OpArgs,
  type OpResult,
  type ServerFrame,
  type WireDraft,
} from './protocol';
import { CHAT_T } from '../rules/chat';
import { messageForShow } from './show';
import { MEDIA, uploadMedia } from './upload';
import type { ChatEventName, ChatEvents, Conversation, Message, MessageDraft, NetState } from './types';

/**
 * The `local` adapter: ChatClient over our /im WebSocket (src/server/modules/im/socket.ts).
 * Requests wait for the socket and time out; a dropped socket reconnects with backoff and
 * jitter and resumes from the last sequence held per conversation; messages are deduplicated by
 * ID. Works in the browser and under Node (pass `WebSocket`, e.g. the `ws` package's).
 */

/** The subset of the WebSocket API the adapter uses (browser WebSocket and `ws` both fit). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}
export type SocketCtor = new (url: string) => SocketLike;

export interface LocalChatOptions {
  /** ws(s)://host/im; in the browser defaults to this origin's /im. */
  url?: string;
  WebSocket?: SocketCtor;
  /** Where media drafts are uploaded (multipart) before sending; defaults to /api/im/upload on this origin. */
  uploadUrl?: string;
  /**
   * The login session's token (what src/lib/api/client.ts sends as `authToken`): sent in the auth
   * frame, whose socket the server ends with that session, and with uploads. Read at each
   * (re)connect, so a token replaced on this device (a password change) is the one used next.
   */
  authToken?: () => string | null | undefined;
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: ChatError) => void;
  timer: ReturnType<typeof setTimeout>;
}

const OPEN = 1;
const SEEN_MAX = 5000;
/** How long a woken page waits for the socket to answer a ping before replacing it. */
const WAKE_CHECK_MS = 3000;

export class LocalChatClient implements ChatClient {
  readonly provider = 'local' as const;
  private ws: SocketLike | null = null;
  private creds: { userID: string; userSig: string } | null = null;
  private ready = false;
  private waiters: { ok: () => void; fail: (e: ChatError) => void }[] = [];
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private handlers = new Map<ChatEventName, Set<(d: never) => void>>();
  /** conversationID → highest sequence held (the resume map). */
  private lastSeq = new Map<string, number>();
  private seen = new Set<string>();
  private conversations: Conversation[] | null = null;
  private total = 0;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private net: NetState = 'disconnected';
  /** The session token the current socket's auth frame carried. */
  private sentToken = '';
  /** The code of the last `error` frame before `ready` (why a login was refused). */
  private refusedWith = 0;
  /** A live socket's session ended: one immediate re-login decides whether it was replaced or is gone. */
  private rechecking = false;
  /** Frames heard from the server so far: a wake-up check asks for one more. */
  private heard = 0;
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly opts: LocalChatOptions = {}) {}

  // ---- connection ------------------------------------------------------------------------

  login(p: { userID: string; userSig: string }): Promise<void> {
    if (this.creds && this.creds.userID === p.userID && this.ready) return Promise.resolve();
    if (this.creds) this.teardown();
    this.creds = { ...p };
    const done = new Promise<void>((ok, fail) => this.waiters.push({ ok, fail }));
    this.connect();
    return done;
  }

  async logout(): Promise<void> {
    this.teardown();
    this.creds = null;
    this.lastSeq.clear();
    this.seen.clear();
    this.conversations = null;
    this.total = 0;
  }

  isReady(): boolean {
    return this.ready;
  }

  on<K extends ChatEventName>(event: K, handler: (data: ChatEvents[K]) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as (d: never) => void);
    return () => set.delete(handler as (d: never) => void);
  }

  private emit<K extends ChatEventName>(event: K, data: ChatEvents[K]): void {
    for (const h of this.handlers.get(event) ?? []) {
      try {
        (h as (d: ChatEvents[K]) => void)(data);
      } catch (err) {
        // A broken listener must not stop the others or the socket.
        console.error(err);
      }
    }
  }

  private setNet(s: NetState): void {
    if (this.net === s) return;
    this.net = s;
    this.emit('netStateChange', s);
  }

  private socketUrl(): string {
    if (this.opts.url) return this.opts.url;
    const loc = globalThis.location;
    if (!loc) throw new Error('LocalChatClient needs a url outside the browser');
    return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/im`;
  }

  private connect(): void {
    const Ctor = this.opts.WebSocket ?? (globalThis.WebSocket as unknown as SocketCtor | undefined);
    if (!Ctor) throw new Error('no WebSocket implementation');
    this.setNet('connecting');
    const ws = new Ctor(this.socketUrl());
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws || !this.creds) return;
      this.sentToken = this.opts.authToken?.() ?? '';
      this.refusedWith = 0;
      const frame: ClientFrame = {
        t: 'auth',
        userID: this.creds.userID,
        userSig: this.creds.userSig,
        ...(this.sentToken ? { token: this.sentToken } : {}),
        resume: Object.fromEntries(this.lastSeq),
      };
      ws.send(JSON.stringify(frame));
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.heard++;
      let f: ServerFrame;
      try {
        f = JSON.parse(String(ev.data)) as ServerFrame;
      } catch {
        return;
      }
      this.onFrame(f);
    };
    ws.onerror = () => {
      // onclose follows and decides.
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.onClosed(ev.code, ev.reason);
    };
  }

  private onClosed(code: number, reason: string): void {
    const wasReady = this.ready;
    this.ready = false;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new ChatError(CHAT_CODE.network, '网络连接已断开'));
      this.pending.delete(id);
    }
    if (wasReady) this.emit('notReady', undefined);
    const sessionEnded = code === IM_CLOSE.sessionEnded || (code === IM_CLOSE.authFailed && this.refusedWith === CHAT_CODE.sessionEnded);
    const now = sessionEnded && this.creds ? (this.opts.authToken?.() ?? '') : '';
    if (now && now !== this.sentToken) {
      // The session was replaced on this device (a password change hands it a fresh token).
      this.setNet('connecting');
      this.connect();
      return;
    }
    // A live socket whose session ended logs in once more after the usual short backoff: the
    // replacement may not have reached the page yet; refused again with the same token, it is over.
    const recheck = sessionEnded && wasReady && !this.rechecking && Boolean(this.creds);
    if (recheck) this.rechecking = true;
    const final = !recheck && (sessionEnded || code === IM_CLOSE.authFailed || code === IM_CLOSE.sigExpired || code === IM_CLOSE.kicked);
    if (final || !this.creds) {
      this.setNet('disconnected');
      const err = sessionEnded
        ? new ChatError(CHAT_CODE.sessionEnded, CHAT_T.sessionEnded)
        : code === IM_CLOSE.sigExpired
          ? new ChatError(CHAT_CODE.sigExpired, CHAT_T.sigExpired)
          : code === IM_CLOSE.kicked
            ? new ChatError(CHAT_CODE.noPermission, reason || '账号已被禁用')
            : new ChatError(CHAT_CODE.badSig, reason || '签名校验失败');
      if (sessionEnded) this.emit('kickedOut', { reason: 'sessionEnded' });
      else if (code === IM_CLOSE.sigExpired) this.emit('kickedOut', { reason: 'userSigExpired' });
      else if (final) this.emit('error', { code: err.code, message: err.message });
      this.failWaiters(err);
      if (final) this.creds = null;
      this.rechecking = false;
      return;
    }
    this.setNet('connecting');
    const delay = Math.min(IM_TIMING.backoffMaxMs, IM_TIMING.backoffMinMs * 2 ** this.attempt);
    this.attempt++;
    // Full jitter: a restarted server is not hit by every client at once.
    this.reconnectTimer = setTimeout(
      () => {
        this.reconnectTimer = null;
        if (this.creds && !this.ws) this.connect();
      },
      delay / 2 + Math.random() * (delay / 2),
    );
  }

  private failWaiters(err: ChatError): void {
    const w = this.waiters;
    this.waiters = [];
    for (const x of w) x.fail(err);
  }

  private teardown(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, 'logout');
    this.onClosed(1000, 'logout');
    this.failWaiters(new ChatError(CHAT_CODE.notLoggedIn, '已退出登录'));
  }

  /**
   * The page woke up (shown again, back online, restored from the back-forward cache). A socket
   * waiting out its backoff connects now; an open one must answer a ping within WAKE_CHECK_MS or is
   * dropped and reconnected (a phone's sleep or a network switch can leave one that looks open but
   * is dead). The reconnect resumes from the sequences held, so nothing is lost or shown twice.
   */
  wake(): void {
    if (!this.creds) return;
    if (!this.ws) {
      if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
      this.attempt = 0;
      this.connect();
      return;
    }
    if (!this.ready || this.wakeTimer) return;
    const ws = this.ws;
    const mark = this.heard;
    this.raw({ t: 'ping' });
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      if (this.ws === ws && this.heard === mark) {
        // A dead socket's close handshake may never finish: let it go and reconnect now.
        this.ws = null;
        this.attempt = 0;
        ws.close(4999, 'wake');
        this.onClosed(4999, 'wake');
      }
    }, WAKE_CHECK_MS);
  }

  /** Test hook and manual "reconnect now": drops the socket as a network failure would. */
  dropConnection(): void {
    this.ws?.close(4999, 'drop');
  }

  private onFrame(f: ServerFrame): void {
    switch (f.t) {
      case 'ready': {
        this.ready = true;
        this.attempt = 0;
        this.rechecking = false;
        this.setNet('connected');
        if (this.pingTimer) clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.raw({ t: 'ping' }), IM_TIMING.clientPingMs);
        const w = this.waiters;
        this.waiters = [];
        for (const x of w) x.ok();
        this.emit('ready', undefined);
        return;
      }
      case 'ping':
        return this.raw({ t: 'pong' });
      case 'pong':
        return;
      case 'error':
        // An ended session is reported by the close that follows (onClosed decides whether to log in again).
        if (this.ready) {
          if (f.code !== CHAT_CODE.sessionEnded) this.emit('error', { code: f.code, message: f.msg });
          return;
        }
        this.refusedWith = f.code;
        if (f.code !== CHAT_CODE.sessionEnded) this.failWaiters(new ChatError(f.code, f.msg));
        return;
      case 'res': {
        const p = this.pending.get(f.id);
        if (!p) return;
        this.pending.delete(f.id);
        clearTimeout(p.timer);
        if (f.ok) p.resolve(f.data);
        else p.reject(new ChatError(f.code, f.msg));
        return;
      }
      case 'ev':
        return this.onEvent(f);
    }
  }

  private onEvent(f: Extract<ServerFrame, { t: 'ev' }>): void {
    switch (f.ev) {
      case 'messageReceived': {
        const fresh = f.data.filter((m) => this.remember(m));
        if (!fresh.length) return;
        this.emit('messageReceived', fresh);
        this.fold(fresh);
        return;
      }
      case 'conversationListUpdated':
        this.conversations = f.data;
        this.emit('conversationListUpdated', f.data);
        return;
      case 'totalUnreadMessageCountUpdated':
        this.total = f.data;
        this.emit('totalUnreadMessageCountUpdated', f.data);
        return;
      default:
        this.emit(f.ev, f.data as never);
    }
  }

  /** Notes a message's ID and sequence; false when it was already held. */
  private remember(m: Message): boolean {
    if (this.seen.has(m.ID)) return false;
    this.seen.add(m.ID);
    if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.values().next().value as string);
    if (m.sequence > 0 && m.sequence > (this.lastSeq.get(m.conversationID) ?? 0)) this.lastSeq.set(m.conversationID, m.sequence);
    return true;
  }

  /**
   * Folds new messages into the held conversation list (the server pushes whole lists for C2C
   * and for its own changes, but not to every member of a busy group on every message).
   */
  private fold(msgs: Message[]): void {
    if (!this.conversations) return;
    let changed = false;
    let unknown = false;
    const list = [...this.conversations];
    for (const m of msgs) {
      if (m.sequence === 0) continue; // online-only signalling is not a conversation's message
      const i = list.findIndex((c) => c.conversationID === m.conversationID);
      if (i < 0) {
        unknown = true;
        continue;
      }
      const c = list[i];
      if (!c) continue;
      if (c.lastMessage && c.lastMessage.lastSequence >= m.sequence) continue;
      list[i] = {
        ...c,
        unreadCount: c.unreadCount + (m.flow === 'in' ? 1 : 0),
        lastMessage: {
          fromAccount: m.from,
          messageForShow: messageForShow(m, (id) => (id === m.from ? m.nick : id), this.creds?.userID ?? ''),
          lastTime: m.time,
          lastSequence: m.sequence,
          type: m.type,
          isRevoked: m.isRevoked,
        },
      };
      changed = true;
    }
    if (unknown) {
      void this.getConversationList().then(
        (l) => {
          this.conversations = l;
          this.publishList();
        },
        () => {},
      );
    }
    if (!changed) return;
    list.sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || (b.lastMessage?.lastTime ?? 0) - (a.lastMessage?.lastTime ?? 0));
    this.conversations = list;
    this.publishList();
  }

  private publishList(): void {
    if (!this.conversations) return;
    this.total = this.conversations.reduce((n, c) => n + (c.messageRemindType === 'AcceptNotNotify' ? 0 : c.unreadCount), 0);
    this.emit('conversationListUpdated', this.conversations);
    this.emit('totalUnreadMessageCountUpdated', this.total);
  }

  private raw(f: ClientFrame): void {
    if (this.ws && this.ws.readyState === OPEN) this.ws.send(JSON.stringify(f));
  }

  private whenReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    if (!this.creds) return Promise.reject(new ChatError(CHAT_CODE.notLoggedIn, '聊天未登录'));
    return new Promise((ok, fail) => this.waiters.push({ ok, fail }));
  }

  /** Sends one request and waits for its answer (the whole wait, socket included, is bounded). */
  request<K extends ChatOp>(op: K, ...args: OpArgs<K>): Promise<OpResult<K>> {
    return new Promise<OpResult<K>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ChatError(CHAT_CODE.timeout, '请求超时，请稍后再试'));
      }, IM_TIMING.requestTimeoutMs);
      const id = this.nextId++;
      this.whenReady().then(
        () => {
          if (!this.ws || this.ws.readyState !== OPEN) {
            clearTimeout(timer);
            return reject(new ChatError(CHAT_CODE.network, '网络连接已断开'));
          }
          this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
          this.ws.send(JSON.stringify({ t: 'req', id, op, args }));
        },
        (err: ChatError) => {
          clearTimeout(timer);
          reject(err);
        },
      );
    });
  }

  // ---- ChatClient ---------------------------------------------------------------------------

  getMyProfile = () => this.request('getMyProfile');
  getUserProfile = (p: { userIDList: string[] }) => this.request('getUserProfile', p);
  searchUser = (p: { keyword: string }) => this.request('searchUser', p);

  async getConversationList(): Promise<Conversation[]> {
    const list = await this.request('getConversationList');
    this.conversations = list;
    this.total = list.reduce((n, c) => n + (c.messageRemindType === 'AcceptNotNotify' ? 0 : c.unreadCount), 0);
    return list;
  }
  getConversationProfile = (id: string) => this.request('getConversationProfile', id);
  deleteConversation = (id: string) => this.request('deleteConversation', id);
  pinConversation = (p: { conversationID: string; isPinned: boolean }) => this.request('pinConversation', p);
  setMessageRemindType = (p: Parameters<ChatClient['setMessageRemindType']>[0]) => this.request('setMessageRemindType', p);
  setMessageRead = (p: { conversationID: string }) => this.request('setMessageRead', p);
  getTotalUnreadMessageCount = () => this.total;

  async getMessageList(p: { conversationID: string; nextReqMessageID?: string }) {
    const page = await this.request('getMessageList', p);
    for (const m of page.messageList) this.remember(m);
    return page;
  }

  async sendMessage(
    draft: MessageDraft,
    opts: { onProgress?: (percent: number) => void; onlineUserOnly?: boolean } = {},
  ): Promise<Message> {
    let wire: WireDraft;
    if ('file' in draft) {
      const payload = await uploadMedia(
        { url: this.opts.uploadUrl, authToken: this.opts.authToken },
        MEDIA[draft.type] ?? 'file',
        draft.file,
        opts.onProgress,
      );
      if (draft.second !== undefined) {
        if (draft.type === 'TIMSoundElem') (payload as { second?: number }).second = Math.round(draft.second);
        if (draft.type === 'TIMVideoFileElem') (payload as { videoSecond?: number }).videoSecond = Math.round(draft.second);
      }
      wire = {
        conversationID: draft.conversationID,
        clientID: draft.clientID,
        type: draft.type,
        payload,
        cloudCustomData: draft.cloudCustomData,
      } as WireDraft;
    } else {
      wire = draft as WireDraft;
    }
    const args: OpArgs<'sendMessage'> = opts.onlineUserOnly ? [wire, { onlineUserOnly: true }] : [wire];
    let m: Message;
    try {
      m = await this.request('sendMessage', ...args);
    } catch (err) {
      // The socket closed under the send (its instance stopping in a rolling restart, a network
      // blip): the message may or may not have arrived. Once reconnected it goes again with the same
      // clientID, and the server answers the stored copy if the first one did arrive. Live rooms
      // keep no history to recognise a repeat by, so their messages are not resent.
      if (!(err instanceof ChatError) || err.code !== CHAT_CODE.network || !this.keepsHistory(wire.conversationID)) throw err;
      m = await this.request('sendMessage', ...args);
    }
    if (this.remember(m)) this.fold([m]);
    return m;
  }

  /** C2C and group conversations are stored threads (a resend is recognised); a live room is not one. */
  private keepsHistory(conversationID: string): boolean {
    return conversationID.startsWith('C2C') || Boolean(this.conversations?.some((c) => c.conversationID === conversationID));
  }
  revokeMessage = (p: { conversationID: string; ID: string }) => this.request('revokeMessage', p);
  deleteMessage = (p: { conversationID: string; IDList: string[] }) => this.request('deleteMessage', p);
  reportMessage = (p: { conversationID: string; ID: string; reason: string }) => this.request('reportMessage', p);

  getFriendList = () => this.request('getFriendList');
  addFriend = (p: Parameters<ChatClient['addFriend']>[0]) => this.request('addFriend', p);
  deleteFriend = (p: { userIDList: string[] }) => this.request('deleteFriend', p);
  updateFriend = (p: { userID: string; remark: string }) => this.request('updateFriend', p);
  getFriendApplicationList = () => this.request('getFriendApplicationList');
  acceptFriendApplication = (p: { userID: string; remark?: string }) => this.request('acceptFriendApplication', p);
  refuseFriendApplication = (p: { userID: string }) => this.request('refuseFriendApplication', p);
  getFriendGroupList = () => this.request('getFriendGroupList');
  createFriendGroup = (p: { name: string; userIDList: string[] }) => this.request('createFriendGroup', p);
  deleteFriendGroup = (p: { name: string }) => this.request('deleteFriendGroup', p);
  renameFriendGroup = (p: { oldName: string; newName: string }) => this.request('renameFriendGroup', p);
  addToFriendGroup = (p: { name: string; userIDList: string[] }) => this.request('addToFriendGroup', p);
  removeFromFriendGroup = (p: { name: string; userIDList: string[] }) => this.request('removeFromFriendGroup', p);

  getBlacklist = () => this.request('getBlacklist');
  addToBlacklist = (p: { userIDList: string[] }) => this.request('addToBlacklist', p);
  removeFromBlacklist = (p: { userIDList: string[] }) => this.request('removeFromBlacklist', p);

  getGroupList = () => this.request('getGroupList');
  getGroupProfile = (p: { groupID: string }) => this.request('getGroupProfile', p);
  searchGroupByID = (groupID: string) => this.request('searchGroupByID', groupID);
  createGroup = (p: Parameters<ChatClient['createGroup']>[0]) => this.request('createGroup', p);
  updateGroupProfile = (p: Parameters<ChatClient['updateGroupProfile']>[0]) => this.request('updateGroupProfile', p);
  joinGroup = (p: { groupID: string; applyMessage?: string }) => this.request('joinGroup', p);
  quitGroup = (groupID: string) => this.request('quitGroup', groupID);
  dismissGroup = (groupID: string) => this.request('dismissGroup', groupID);
  changeGroupOwner = (p: { groupID: string; newOwnerID: string }) => this.request('changeGroupOwner', p);
  getGroupMemberList = (p: { groupID: string; offset?: number; count?: number }) => this.request('getGroupMemberList', p);
  addGroupMember = (p: { groupID: string; userIDList: string[] }) => this.request('addGroupMember', p);
  deleteGroupMember = (p: { groupID: string; userIDList: string[]; reason?: string }) => this.request('deleteGroupMember', p);
  setGroupMemberRole = (p: Parameters<ChatClient['setGroupMemberRole']>[0]) => this.request('setGroupMemberRole', p);
  setGroupMemberMuteTime = (p: { groupID: string; userID: string; muteTime: number }) => this.request('setGroupMemberMuteTime', p);
  getGroupApplicationList = () => this.request('getGroupApplicationList');
  handleGroupApplication = (p: Parameters<ChatClient['handleGroupApplication']>[0]) => this.request('handleGroupApplication', p);
}
