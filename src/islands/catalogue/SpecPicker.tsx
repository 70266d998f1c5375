import { useMemo, useState } from 'react';
import { priceText } from '~/lib/format';
import { openLogin } from '~/lib/stores/ui';
import { T } from '~/lib/texts';
import { toast } from '~/lib/toast';
import { useSession } from '../chrome/useSession';

interface Sku {
  id: number;
  specs: string[];
  price: number;
  stock: number;
}

/**
 * Spec selection on the goods page: each choice narrows the SKU; price and stock follow it.
 * Values with no stock left in any matching combination are disabled. Buying continues in the
 * commerce flow (/cart, /order/goodsOrder).
 */
export default function SpecPicker(props: { goodsId: number; specNames: string[]; skus: Sku[]; minPrice: number }) {
  const { user } = useSession();
  const [chosen, setChosen] = useState<(string | null)[]>(props.specNames.map(() => null));
  const [qty, setQty] = useState(1);
  const values = useMemo(
    () => props.specNames.map((_, i) => [...new Set(props.skus.map((s) => s.specs[i]!))]),
    [props.specNames, props.skus],
  );
  const sku = chosen.every(Boolean) ? props.skus.find((s) => s.specs.every((v, i) => v === chosen[i])) : undefined;
  const matching = props.skus.filter((s) => s.specs.every((v, i) => chosen[i] === null || v === chosen[i]));
  const stock = sku ? sku.stock : matching.reduce((n, s) => n + s.stock, 0);
  const prices = matching.map((s) => s.price);

  const available = (i: number, v: string) =>
    props.skus.some((s) => s.stock > 0 && s.specs[i] === v && s.specs.every((x, j) => j === i || chosen[j] === null || x === chosen[j]));

  function pick(i: number, v: string) {
    const next = [...chosen];
    next[i] = next[i] === v ? null : v;
    setChosen(next);
    setQty(1);
  }

  function go(kind: 'cart' | 'buy') {
    if (!user) {
      toast.warning(T.loginFirst);
      return openLogin();
    }
    if (!sku) return void toast.warning(`请选择${props.specNames.filter((_, i) => !chosen[i]).join('、')}`);
    if (sku.stock < 1) return void toast.warning('该规格已售罄');
    const q = new URLSearchParams({ goods_id: String(props.goodsId), sku_id: String(sku.id), num: String(qty) });
    location.assign(kind === 'buy' ? `/order/goodsOrder?${q}` : `/cart?add=${sku.id}&num=${qty}`);
  }

  const priceLabel = sku
    ? priceText(sku.price)
    : prices.length && Math.min(...prices) !== Math.max(...prices)
      ? `${priceText(Math.min(...prices))} - ${priceText(Math.max(...prices))}`
      : priceText(prices[0] ?? props.minPrice);
  return (
    <div className="flex flex-col gap-5" data-testid="spec-picker">
      <p className="rounded-lg bg-[#fff5f5] px-4 py-3">
        <span className="mr-3 text-sm text-ink-mute">价格</span>
        <span className="text-3xl font-700 text-[#f56c6c]" data-testid="goods-price">
          {priceLabel}
        </span>
      </p>
      {props.specNames.map((name, i) => (
        <div key={name} className="flex items-start gap-4" role="group" aria-label={name}>
          <span className="w-12 shrink-0 pt-1.5 text-sm text-ink-mute">{name}</span>
          <div className="flex flex-wrap gap-2">
            {values[i]!.map((v) => {
              const ok = available(i, v);
              const on = chosen[i] === v;
              return (
                <button
                  key={v}
                  type="button"
                  aria-pressed={on}
                  disabled={!ok && !on}
                  onClick={() => pick(i, v)}
                  className={`min-w-12 rounded border px-3 py-1.5 text-sm ${on ? 'border-brand bg-brand-light text-brand' : ok ? 'border-line text-ink hover:border-brand' : 'cursor-not-allowed border-dashed border-line text-ink-mute'}`}
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
            onClick={() => setQty(qty - 1)}
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
            disabled={qty >= stock}
            onClick={() => setQty(qty + 1)}
          >
            +
          </button>
        </div>
        <span className="text-sm text-ink-mute" data-testid="goods-stock">
          {stock > 0 ? `库存 ${stock} 件` : '已售罄'}
        </span>
      </div>
      <div className="flex gap-3">
        <button
          type="button"
          className="gf-btn h-11 w-40 border border-brand bg-brand-light text-base text-brand hover:bg-[#ffe9c2]"
          onClick={() => go('cart')}
        >
          <span className="i-ri-shopping-cart-2-line" />
          加入购物车
        </button>
        <button type="button" className="gf-btn-primary h-11 w-40 text-base" onClick={() => go('buy')}>
          立即购买
        </button>
      </div>
    </div>
  );
}
