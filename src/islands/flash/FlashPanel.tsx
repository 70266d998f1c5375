import { useEffect, useState } from 'react';
import type { FlashCard } from '~/lib/api/contract/flash';
import { money } from '~/lib/format';
import { flashDiscount } from '~/lib/rules/flash';
import { countdownOf, flashBuyHref, livePhase, phaseText } from '~/lib/stores/flash';
import { useHydrated } from '../ui/useHydrated';

/** The clock, ticking each second once hydrated (null while React hydrates the server HTML). */
function useNow(): number | null {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return hydrated ? now : null;
}

/** 限时秒杀 with the phase and a countdown (to the start, or to the end). */
export function FlashBadge({ sale }: { sale: FlashCard }) {
  const now = useNow();
  const live = now === null ? sale : { ...sale, phase: livePhase(sale, now) };
  const cd = now === null ? null : countdownOf(live, now);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="flash-badge">
      <span className="rounded bg-price px-2 py-0.5 font-600 text-white">
        <span className="i-ri-flashlight-fill mr-0.5 align-[-2px]" aria-hidden="true" />
        限时秒杀
      </span>
      <span className="text-ink-soft">{phaseText(live.phase)}</span>
      {cd && (
        <span className="text-ink-soft" data-testid="flash-countdown">
          {cd.label} <span className="font-mono text-price">{cd.text}</span>
        </span>
      )}
    </p>
  );
}

/**
 * The course and goods pages' 秒杀 strip: flash price against the list price, stock left, the
 * countdown and 立即抢购 (to /flash/buy) while it runs. `phone` lays it out for /m.
 */
export default function FlashPanel(props: { sale: FlashCard; phone?: boolean }) {
  const { sale, phone = false } = props;
  const now = useNow();
  const phase = now === null ? sale.phase : livePhase(sale, now);
  const open = phase === 'running' && sale.left > 0;
  return (
    <section
      className={`${phone ? 'mx-3 mb-3 rounded-lg p-3' : 'mb-4 rounded p-4'} border border-price/30 bg-danger-light`}
      aria-label="限时秒杀"
      data-testid="flash-panel"
    >
      <FlashBadge sale={sale} />
      <div className="mt-2 flex flex-wrap items-end gap-x-3 gap-y-1">
        <span className="text-2xl font-700 text-price" data-testid="flash-price">
          {money(sale.price)}
        </span>
        <span className="text-sm text-ink-mute line-through">{money(sale.list_price)}</span>
        <span className="text-sm text-price">{flashDiscount(sale.price, sale.list_price)}</span>
        {sale.specs && <span className="text-sm text-ink-soft">规格：{sale.specs}</span>}
        <span className="text-xs text-ink-mute">
          秒杀库存 {sale.stock} · 剩 {sale.left} · 每人限购 {sale.per_member}
        </span>
        {open ? (
          <a
            className={`${phone ? 'gf-m-btn-primary w-full mt-2' : 'gf-btn-primary ml-auto'}`}
            href={flashBuyHref(sale.id, phone)}
            data-testid="flash-buy"
          >
            立即抢购
          </a>
        ) : (
          <span className={`${phone ? 'w-full mt-2 text-center' : 'ml-auto'} rounded bg-white px-4 py-2 text-sm text-ink-mute`}>
            {phase === 'upcoming' ? '即将开始' : phase === 'running' ? '已抢光' : '秒杀已结束'}
          </span>
        )}
      </div>
    </section>
  );
}
