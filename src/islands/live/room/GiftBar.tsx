import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Gift } from '~/lib/api/contract/live-gifts';
import { img } from '~/lib/media';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { fetchGifts, fetchWallet, needsPayPassword, type LiveRoomStore } from '~/lib/stores/live-room';
import { topUpHref } from '~/lib/stores/payment';
import { openLogin } from '~/lib/stores/ui';
import { toast } from '~/lib/toast';
import { useSession } from '../../chrome/useSession';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';
import { PayPasswordDialog } from '../../commerce/PayPasswordDialog';

const NUMS = [1, 10, 66, 188] as const;

/** The gift shelf under the stage: pick a gift and a number, pay in kung fu coins. */
export default function GiftBar(props: { store: LiveRoomStore }) {
  const room = useStore(props.store.$room);
  // The page is rendered for guests: the viewer's balance appears once hydrated (no React #418).
  const { user: session } = useSession();
  const gifts = useLoad(fetchGifts);
  const wallet = useLoad(() => (session?.token ? fetchWallet() : Promise.resolve(null)), session?.token ?? '');
  const [picked, setPicked] = useState<Gift | null>(null);
  const [num, setNum] = useState(1);
  // One key per intended send: a retry after a lost answer (or the password step) reuses it.
  const [pending, setPending] = useState<{ key: string; gift: Gift; num: number } | null>(null);
  const send = useAction();
  const live = room.status === 'live';
  const isAnchor = session?.user_id === room.anchor.uid;

  async function go(p: { key: string; gift: Gift; num: number }, pw?: string) {
    const r = await props.store.sendGift(p.gift, p.num, p.key, pw);
    if (wallet.data) wallet.set({ ...wallet.data, coins: r.balance });
    setPending(null);
    // With a password the dialog says 支付成功 itself.
    if (!pw) toast.success(LIVE_TEXTS.giftSent);
  }

  function start() {
    if (!session?.token) return openLogin();
    if (!picked) return toast.warning('请先选择礼物');
    const p = pending && pending.gift.id === picked.id && pending.num === num ? pending : { key: crypto.randomUUID(), gift: picked, num };
    setPending(p);
    if (needsPayPassword(p.gift.coins * p.num)) return setAsk(true);
    void send.run(() => go(p));
  }
  const [ask, setAsk] = useState(false);

  return (
    <section className="gf-card mt-3 p-4" aria-label="送礼物" data-testid="gift-bar">
      {gifts.error ? (
        <p role="alert" className="text-sm text-danger">
          {gifts.error}
        </p>
      ) : !gifts.data ? (
        <p className="text-sm text-ink-mute">礼物加载中…</p>
      ) : gifts.data.list.length === 0 ? (
        <p className="text-sm text-ink-mute">暂无礼物</p>
      ) : (
        <>
          <ul className="flex flex-wrap gap-2">
            {gifts.data.list.map((g) => (
              <li key={g.id}>
                <button
                  type="button"
                  className={`flex w-[76px] flex-col items-center gap-1 rounded-md border px-1 py-2 text-xs ${picked?.id === g.id ? 'border-brand-accent bg-brand-light' : 'border-transparent hover:border-line'}`}
                  onClick={() => setPicked(g)}
                  aria-pressed={picked?.id === g.id}
                  data-testid="gift-item"
                >
                  <img src={img(g.icon)} alt="" className="h-10 w-10" />
                  <span>{g.name}</span>
                  <span className="text-ink-mute">{g.coins} 币</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex items-center gap-2 text-sm">
            <span className="text-ink-soft">数量</span>
            {NUMS.map((n) => (
              <button
                key={n}
                type="button"
                className={`h-7 rounded px-2.5 ${num === n ? 'bg-brand text-white' : 'bg-page text-ink-soft hover:text-brand'}`}
                onClick={() => setNum(n)}
              >
                {n}
              </button>
            ))}
            <span className="ml-auto text-ink-mute" data-testid="gift-balance">
              {session?.token ? `余额 ${wallet.data?.coins ?? '…'} 功夫币` : ''}
              {session?.token && (
                <a href={topUpHref(`${location.pathname}${location.search}`)} className="ml-2 text-brand">
                  充值
                </a>
              )}
            </span>
            <button
              type="button"
              className="gf-btn-primary"
              disabled={send.busy || !live || isAnchor}
              title={!live ? LIVE_TEXTS.giftNotLive : isAnchor ? LIVE_TEXTS.giftSelf : undefined}
              onClick={start}
              data-testid="gift-send"
            >
              {send.busy ? '赠送中…' : picked ? `赠送 ${picked.coins * num} 功夫币` : '赠送'}
            </button>
          </div>
          {!live && <p className="mt-2 text-xs text-ink-mute">{LIVE_TEXTS.giftNotLive}</p>}
        </>
      )}
      <PayPasswordDialog
        open={ask && pending !== null}
        amountText={pending ? `${pending.gift.coins * pending.num} 功夫币` : ''}
        onClose={() => setAsk(false)}
        pay={async (pw) => {
          if (!pending) return;
          await go(pending, pw);
          setAsk(false);
        }}
      />
    </section>
  );
}
