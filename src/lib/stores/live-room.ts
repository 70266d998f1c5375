import { atom, map } from 'nanostores';
import { api } from '../api/client';
import type { LiveRoom } from '../api/contract/live';
import type { Gift, GiftEvent } from '../api/contract/live-gifts';
import type { ChatClient } from '../chat/client';
import type { Message } from '../chat/types';
import { LIVE_EVENT, LIVE_LIMITS } from '../rules/live';
import { ensureChat } from './chat/ensure';
import { $session } from './session';

/**
 * The room while watching: joins the room's chat (an AVChatRoom of the site's chat),
 * keeps only messages addressed to this room (SPEC §4), and splits them into the chat list, the
 * barrage lane and the gift list (SPEC §3's live message, gift and barrage lists). Server events
 * (gift, like, status, kick) arrive as custom messages.
 */

export interface ChatLine {
  id: string;
  kind: 'text' | 'gift' | 'system';
  nick: string;
  userId: string;
  text: string;
  gift?: GiftEvent;
}
export interface Barrage {
  id: string;
  text: string;
  /** Lane 0–3 and when it entered (for the CSS animation). */
  lane: number;
  self: boolean;
}

const CHAT_MAX = 200;
const BARRAGE_MAX = 40;

export type ChatPhase = 'guest' | 'connecting' | 'ready' | 'kicked' | 'error';

export function createLiveRoom(initial: LiveRoom) {
  const $room = atom<LiveRoom>(initial);
  const $chat = atom<ChatLine[]>([]);
  const $barrage = atom<Barrage[]>([]);
  const $gifts = atom<GiftEvent[]>([]);
  // The same first phase on the server (no session) and in the browser (a session cookie), so the
  // hydrating chat matches the server HTML (no React #418); connect() decides guest or ready.
  const $phase = map<{ phase: ChatPhase; error: string }>({ phase: 'connecting', error: '' });
  const $likes = atom(initial.likes);
  let client: ChatClient | null = null;
  let unsubscribe: (() => void) | null = null;
  let lane = 0;

  const conversationID = () => `GROUP${$room.get().group_id ?? ''}`;

  function pushChat(line: ChatLine) {
    const list = [...$chat.get(), line];
    $chat.set(list.length > CHAT_MAX ? list.slice(-CHAT_MAX) : list);
  }
  function pushBarrage(id: string, text: string, self: boolean) {
    lane = (lane + 1) % 4;
    const list = [...$barrage.get(), { id, text, lane, self }];
    $barrage.set(list.length > BARRAGE_MAX ? list.slice(-BARRAGE_MAX) : list);
  }

  async function refresh(): Promise<void> {
    const r = await api('/public/liveRoom', { id: initial.id });
    $room.set(r);
    $likes.set(r.likes);
  }

  function onMessage(m: Message) {
    // SPEC §4: a live message is kept only when it is addressed to the current room.
    if (m.conversationID !== conversationID()) return;
    const me = String($session.get()?.user_id ?? '');
    if (m.type === 'TIMTextElem') {
      pushChat({ id: m.ID, kind: 'text', nick: m.nick || `用户${m.from}`, userId: m.from, text: m.payload.text });
      pushBarrage(m.ID, m.payload.text, m.from === me);
      return;
    }
    if (m.type !== 'TIMCustomElem') return;
    let data: { type?: string } & Record<string, unknown>;
    try {
      data = JSON.parse(m.payload.data) as typeof data;
    } catch {
      return;
    }
    if (data.type === LIVE_EVENT.gift) {
      const g = data as unknown as GiftEvent;
      if ($gifts.get().some((x) => x.send_id === g.send_id)) return;
      $gifts.set([...$gifts.get(), g].slice(-50));
      pushChat({
        id: m.ID,
        kind: 'gift',
        nick: g.from.nick,
        userId: String(g.from.user_id),
        text: `送出 ${g.gift.name} ×${g.num}`,
        gift: g,
      });
    } else if (data.type === LIVE_EVENT.like) {
      const likes = Number(data['likes']);
      if (Number.isFinite(likes)) $likes.set(Math.max($likes.get(), likes));
    } else if (data.type === LIVE_EVENT.status) {
      void refresh().catch(() => undefined);
      const status = data['status'];
      pushChat({
        id: m.ID,
        kind: 'system',
        nick: '',
        userId: '',
        text: status === 'live' ? '主播开播了' : status === 'banned' ? '直播间已被封禁' : '直播已结束',
      });
    } else if (data.type === LIVE_EVENT.kick) {
      if (String(data['user_id']) === me) {
        $phase.set({ phase: 'kicked', error: '你已被主播移出直播间' });
      } else {
        pushChat({ id: m.ID, kind: 'system', nick: '', userId: '', text: `${m.nick || '一位观众'} 被移出了直播间` });
      }
    }
  }

  /** Joins the room's chat when logged in (guests watch without it). */
  async function connect(): Promise<void> {
    const groupID = $room.get().group_id;
    if (!$session.get()?.token || !groupID) {
      $phase.set({ phase: 'guest', error: '' });
      return;
    }
    $phase.set({ phase: 'connecting', error: '' });
    try {
      client = await ensureChat();
      unsubscribe = client.on('messageReceived', (list) => list.forEach(onMessage));
      await client.joinGroup({ groupID });
      $phase.set({ phase: 'ready', error: '' });
      // The audience now counts this viewer.
      void refresh().catch(() => undefined);
    } catch (err) {
      const text = err instanceof Error ? err.message : '聊天连接失败';
      $phase.set({ phase: text.includes('移出') ? 'kicked' : 'error', error: text });
    }
  }

  function leave(): void {
    unsubscribe?.();
    unsubscribe = null;
    const groupID = $room.get().group_id;
    if (client && groupID) void client.quitGroup(groupID).catch(() => undefined);
  }

  /** Sends a barrage line (it also appears in the chat list). Shown at once for the sender. */
  async function say(text: string): Promise<void> {
    const t = text.trim();
    if (!t) throw new Error('请输入内容');
    if (!client || $phase.get().phase !== 'ready') throw new Error('聊天未连接');
    const m = await client.sendMessage({
      conversationID: conversationID(),
      clientID: crypto.randomUUID(),
      type: 'TIMTextElem',
      payload: { text: t.slice(0, 100) },
    });
    if (m.type === 'TIMTextElem') {
      pushChat({ id: m.ID, kind: 'text', nick: m.nick || '我', userId: m.from, text: m.payload.text });
      pushBarrage(m.ID, m.payload.text, true);
    }
  }

  /** Likes pile up while tapping and go out as one request. */
  let pendingLikes = 0;
  let likeTimer: ReturnType<typeof setTimeout> | null = null;
  function like(): void {
    $likes.set($likes.get() + 1);
    pendingLikes++;
    if (likeTimer) return;
    likeTimer = setTimeout(() => {
      const n = Math.min(pendingLikes, LIVE_LIMITS.likeBurstMax);
      pendingLikes = 0;
      likeTimer = null;
      api('/member/liveLike', { id: initial.id, count: n }).then(
        (r) => $likes.set(Math.max($likes.get(), r.likes)),
        () => undefined,
      );
    }, 800);
  }

  /**
   * Sends a gift. The key is made once per click, so a retry of the same click (a network error
   * after the server paid) is charged once.
   */
  async function sendGift(gift: Gift, num: number, key: string, payPassword?: string): Promise<{ balance: number }> {
    const r = await api('/member/sendGift', {
      room_id: initial.id,
      gift_id: gift.id,
      num,
      key,
      ...(payPassword ? { pay_password: payPassword } : {}),
    });
    if (!$gifts.get().some((x) => x.send_id === r.event.send_id)) {
      $gifts.set([...$gifts.get(), r.event].slice(-50));
      pushChat({
        id: `gift-${r.event.send_id}`,
        kind: 'gift',
        nick: r.event.from.nick,
        userId: String(r.event.from.user_id),
        text: `送出 ${gift.name} ×${num}`,
        gift: r.event,
      });
    }
    return { balance: r.balance };
  }

  return { $room, $chat, $barrage, $gifts, $phase, $likes, connect, leave, refresh, say, like, sendGift };
}

export type LiveRoomStore = ReturnType<typeof createLiveRoom>;

export const fetchGifts = () => api('/public/liveGifts', {});
export const fetchWallet = () => api('/member/wallet', {});
export const bookNotice = (id: number, status: 0 | 1) => api('/member/liveBook', { id, status });

/** Whether a gift of `coins` in total needs the pay password. */
export const needsPayPassword = (coins: number) => coins > LIVE_LIMITS.giftPayPasswordAbove;
