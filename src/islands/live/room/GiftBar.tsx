import { img } from '~/lib/media';
import { LIVE_TEXTS } from '~/lib/rules/live';
import type { LiveRoomStore } from '~/lib/stores/live-room';
import { topUpHref } from '~/lib/stores/payment';
import { PayPasswordDialog } from '../../commerce/PayPasswordDialog';
import { GIFT_NUMS, useGiftSend } from './useGiftSend';

/** The gift shelf under the stage: pick a gift and a number, pay in kung fu coins. */
export default function GiftBar(props: { store: LiveRoomStore }) {
  const { session, gifts, wallet, picked, setPicked, num, setNum, pending, send, live, isAnchor, ask, closeAsk, start, payWithPassword } =
    useGiftSend(props.store);

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
            {GIFT_NUMS.map((n) => (
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
              onClick={() => void start()}
              data-testid="gift-send"
            >
              {send.busy ? '赠送中…' : picked ? `赠送 ${picked.coins * num} 功夫币` : '赠送'}
            </button>
          </div>
          {!live && <p className="mt-2 text-xs text-ink-mute">{LIVE_TEXTS.giftNotLive}</p>}
        </>
      )}
      <PayPasswordDialog
        open={ask}
        amountText={pending ? `${pending.gift.coins * pending.num} 功夫币` : ''}
        onClose={closeAsk}
        pay={payWithPassword}
      />
    </section>
  );
}
