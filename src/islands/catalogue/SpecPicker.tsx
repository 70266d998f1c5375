import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Sku } from '~/lib/api/contract/catalogue-shop';
import { createSpecPicker } from '~/lib/stores/spec-picker';
import { VIP_TEXTS } from '~/lib/rules/vip';
import { useAction } from '../ui/useAction';

/**
 * Spec selection on the goods page: each choice narrows the SKU; price and stock follow it.
 * Values with no stock left in any matching combination are disabled. Buying continues in the
 * commerce flow (/cart, /order/goodsOrder).
 */
export default function SpecPicker(props: { goodsId: number; specNames: string[]; skus: Sku[]; minPrice: number }) {
  const [picker] = useState(() =>
    createSpecPicker({ id: props.goodsId, specNames: props.specNames, skus: props.skus, minPrice: props.minPrice }),
  );
  const chosen = useStore(picker.$chosen);
  const qty = useStore(picker.$qty);
  const view = useStore(picker.$view);
  const go = useAction();

  function buy(kind: 'cart' | 'buy') {
    void go.run(async () => location.assign(picker.target(kind)));
  }

  return (
    <div className="flex flex-col gap-5" data-testid="spec-picker">
      <p className="rounded-lg bg-price-panel px-4 py-3">
        <span className="mr-3 text-sm text-ink-mute">价格</span>
        <span className="text-3xl font-700 text-price" data-testid="goods-price">
          {view.price}
        </span>
        {view.vipPrice && (
          <a href="/my/vip" className="ml-4 inline-flex items-baseline gap-1 text-sm text-vip" data-testid="goods-vip-price">
            <span className="rounded bg-vip px-1 text-xs text-white">{VIP_TEXTS.memberPrice}</span>
            <span className="text-lg font-700">{view.vipPrice}</span>
          </a>
        )}
      </p>
      {props.specNames.map((name, i) => (
        <div key={name} className="flex items-start gap-4" role="group" aria-label={name}>
          <span className="w-12 shrink-0 pt-1.5 text-sm text-ink-mute">{name}</span>
          <div className="flex flex-wrap gap-2">
            {(picker.values[i] ?? []).map((v) => {
              const ok = picker.canPick(i, v);
              const on = chosen[i] === v;
              return (
                <button
                  key={v}
                  type="button"
                  aria-pressed={on}
                  disabled={!ok && !on}
                  onClick={() => picker.pick(i, v)}
                  className={`min-w-12 rounded border px-3 py-1.5 text-sm ${on ? 'border-brand-accent bg-brand-light text-brand' : ok ? 'border-line text-ink hover:border-brand-accent' : 'cursor-not-allowed border-dashed border-line text-ink-mute'}`}
                >
                  {v}
                </button>
              );
            })}
          </div>
        </div>
      ))}
      <div className="flex items-center gap-4">
        <span className="w-12 shrink-0 text-sm text-ink-mute">数量</span>
        <div className="flex items-center rounded border border-line">
          <button
            type="button"
            aria-label="减少"
            className="h-8 w-8 text-ink-soft disabled:opacity-40"
            disabled={qty <= 1}
            onClick={() => picker.setQty(qty - 1)}
          >
            −
          </button>
          <span className="w-10 text-center text-sm" aria-live="polite">
            {qty}
          </span>
          <button
            type="button"
            aria-label="增加"
            className="h-8 w-8 text-ink-soft disabled:opacity-40"
            disabled={qty >= view.stock}
            onClick={() => picker.setQty(qty + 1)}
          >
            +
          </button>
        </div>
        <span className="text-sm text-ink-mute" data-testid="goods-stock">
          {view.stock > 0 ? `库存 ${view.stock} 件` : '已售罄'}
        </span>
      </div>
      <div className="flex gap-3">
        <button
          type="button"
          className="gf-btn h-11 w-40 border border-brand-accent bg-brand-light text-base text-brand hover:bg-brand-soft"
          onClick={() => buy('cart')}
        >
          <span className="i-ri-shopping-cart-2-line" />
          加入购物车
        </button>
        <button type="button" className="gf-btn-primary h-11 w-40 text-base" onClick={() => buy('buy')}>
          立即购买
        </button>
      </div>
    </div>
  );
}
