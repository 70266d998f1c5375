import { img } from '~/lib/media';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import type { LiveRoomStore } from '~/lib/stores/live-room';
import { GIFT_NUMS, useGiftSend } from '~/islands/live/room/useGiftSend';
import { PayPasswordStep } from '~/islands/mobile/pay/PayPasswordStep';
import { Sheet } from '~/islands/ui/mobile/Sheet';

/**
 * The phone's gift sheet: the same gifts, key, balance and pay-password rule as the desktop shelf
 * (`useGiftSend`); over 100 coins the sheet turns into the pay password step; 余额不足 leads to
 * the wallet's top-up. Closes once a gift is sent, so the viewer sees it in the chat.
 */
export default function GiftSheet(props: { store: LiveRoomStore; open: boolean; onClose: () => void }) {
  const g = useGiftSend(props.store, props.onClose);
  const { picked, num, send, live, isAnchor, short } = g;
  if (g.ask && g.pending) {
    return (
      <Sheet open={props.open} onClose={g.closeAsk} title="输入支付密码">
        <p className="mb-3 text-center text-xs text-ink-mute">{LIVE_TEXTS.giftPayPassword(100)}</p>
        <PayPasswordStep amountText={`${g.pending.gift.coins * g.pending.num} 功夫币`} pay={g.payWithPassword} />
      </Sheet>
    );
  }
  const footer = (
    <div className="flex items-center gap-3">
      <p className="min-w-0 flex-1 text-sm text-ink-soft" data-testid="gift-balance">
        {g.session?.token ? (
          <>
            余额 <span className="font-600 text-ink">{g.balance ?? '…'}</span> 功夫币
            <a href={MOBILE_PATHS.wallet} className="ml-2 inline-flex min-h-11 items-center text-brand">
              充值
            </a>
          </>
        ) : (
          '登录后送礼物'
        )}
      </p>
      {short ? (
        <a href={MOBILE_PATHS.wallet} className="gf-m-btn-primary" data-testid="gift-topup">
          余额不足，去充值
        </a>
      ) : (
        <button
          type="button"
          className="gf-m-btn-primary"
          disabled={send.busy || !live || isAnchor}
          onClick={() => void g.start()}
          data-testid="gift-send"
        >
          {send.busy ? '赠送中…' : picked ? `赠送 ${picked.coins * num} 币` : '赠送'}
        </button>
      )}
    </div>
  );
  return (
    <Sheet open={props.open} onClose={props.onClose} title="送礼物" footer={g.gifts.data?.list.length ? footer : undefined}>
      {g.gifts.error ? (
        <div className="py-6 text-center text-sm">
          <p role="alert" className="text-danger">
            {g.gifts.error}
          </p>
          <button type="button" className="gf-m-btn-ghost mt-3" onClick={g.gifts.reload}>
            重试
          </button>
        </div>
      ) : !g.gifts.data ? (
        <p className="py-6 text-center text-sm text-ink-mute">礼物加载中…</p>
      ) : g.gifts.data.list.length === 0 ? (
        <p className="py-6 text-center text-sm text-ink-mute">暂无礼物</p>
      ) : (
        <div data-testid="gift-sheet">
          <ul className="grid grid-cols-4 gap-2">
            {g.gifts.data.list.map((x) => (
              <li key={x.id}>
                <button
                  type="button"
                  className={`flex w-full flex-col items-center gap-0.5 rounded-lg border px-1 py-2 text-xs ${picked?.id === x.id ? 'border-brand-accent bg-brand-light' : 'border-transparent'}`}
                  onClick={() => g.setPicked(x)}
                  aria-pressed={picked?.id === x.id}
                  data-testid="gift-item"
                >
                  <img src={img(x.icon)} alt="" className="h-10 w-10" />
                  <span className="text-ink">{x.name}</span>
                  <span className="text-ink-mute">{x.coins} 币</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex items-center gap-2 text-sm" role="group" aria-label="数量">
            <span className="text-ink-soft">数量</span>
            {GIFT_NUMS.map((n) => (
              <button
                key={n}
                type="button"
                className={`h-11 min-w-11 rounded-full px-3 ${num === n ? 'bg-brand text-white' : 'bg-page text-ink-soft'}`}
                onClick={() => g.setNum(n)}
                aria-pressed={num === n}
              >
                {n}
              </button>
            ))}
          </div>
          {!live && <p className="mt-2 text-xs text-ink-mute">{LIVE_TEXTS.giftNotLive}</p>}
          {live && isAnchor && <p className="mt-2 text-xs text-ink-mute">{LIVE_TEXTS.giftSelf}</p>}
          {short && (
            <p className="mt-2 text-xs text-danger" role="status">
              余额不足，充值后再送
            </p>
          )}
        </div>
      )}
    </Sheet>
  );
}
