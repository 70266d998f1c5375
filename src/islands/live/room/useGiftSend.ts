import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Gift } from '~/lib/api/contract/live-gifts';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { fetchGifts, fetchWallet, needsPayPassword, type LiveRoomStore } from '~/lib/stores/live-room';
import { openLogin } from '~/lib/stores/ui';
import { toast } from '~/lib/toast';
import { useSession } from '../../chrome/useSession';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';

/** The numbers a gift can be sent in (the desktop shelf and the phone's gift sheet). */
export const GIFT_NUMS = [1, 10, 66, 188] as const;

/**
 * Sending gifts in a room, shared by the desktop GiftBar and the phone's gift sheet: the gift list,
 * the viewer's coin balance, the pick, one idempotency key per intended send (a retry after a lost
 * answer, or the password step, reuses it), and the pay password over 100 coins (SPEC live gifts).
 */
export function useGiftSend(store: LiveRoomStore, onSent?: () => void) {
  const room = useStore(store.$room);
  // The page is rendered for guests: the viewer's balance appears once hydrated (no React #418).
  const { user: session } = useSession();
  const gifts = useLoad(fetchGifts);
  const wallet = useLoad(() => (session?.token ? fetchWallet() : Promise.resolve(null)), session?.token ?? '');
  const [picked, setPicked] = useState<Gift | null>(null);
  const [num, setNum] = useState(1);
  const [pending, setPending] = useState<{ key: string; gift: Gift; num: number } | null>(null);
  const [ask, setAsk] = useState(false);
  const send = useAction();
  const live = room.status === 'live';
  const isAnchor = session?.user_id === room.anchor.uid;
  const total = picked ? picked.coins * num : 0;
  const balance = wallet.data?.coins ?? null;
  /** The pick costs more than the viewer has (the balance is known): 余额不足, top up first. */
  const short = balance !== null && total > balance;

  async function go(p: { key: string; gift: Gift; num: number }, pw?: string) {
    const r = await store.sendGift(p.gift, p.num, p.key, pw);
    if (wallet.data) wallet.set({ ...wallet.data, coins: r.balance });
    setPending(null);
    // With a password the password step says 支付成功 itself.
    if (!pw) toast.success(LIVE_TEXTS.giftSent);
    onSent?.();
  }

  /** The send button: login, a pick, then straight away or through the pay password. */
  function start(): boolean {
    if (!session?.token) return (openLogin(), false);
    if (!picked) return (toast.warning('请先选择礼物'), false);
    const p = pending && pending.gift.id === picked.id && pending.num === num ? pending : { key: crypto.randomUUID(), gift: picked, num };
    setPending(p);
    if (needsPayPassword(p.gift.coins * p.num)) return (setAsk(true), false);
    void send.run(() => go(p));
    return true;
  }

  /** The password step's pay: the pending send with the password. */
  async function payWithPassword(pw: string) {
    if (!pending) return;
    await go(pending, pw);
    setAsk(false);
  }

  return {
    room,
    session,
    gifts,
    wallet,
    balance,
    picked,
    setPicked,
    num,
    setNum,
    pending,
    total,
    short,
    send,
    live,
    isAnchor,
    ask: ask && pending !== null,
    closeAsk: () => setAsk(false),
    start,
    payWithPassword,
  };
}
