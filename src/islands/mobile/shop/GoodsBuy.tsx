import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { Sku } from '~/lib/api/contract/catalogue-shop';
import { img } from '~/lib/media';
import { positiveInt } from '~/lib/format';
import { CART_TEXTS } from '~/lib/rules/cart';
import { MOBILE_PATHS, toMobileHref } from '~/lib/rules/mobile-redirect';
import { addSku } from '~/lib/stores/cart';
import { restoreSession, $session } from '~/lib/stores/session';
import { createFavourite } from '~/lib/stores/social';
import { createSpecPicker } from '~/lib/stores/spec-picker';
import { useSession } from '~/islands/chrome/useSession';
import { useAction } from '~/islands/ui/useAction';
import { Sheet } from '~/islands/ui/mobile/Sheet';

type Mode = 'both' | 'cart' | 'buy';

/** The query a choice is kept in while the guest logs in (SPEC §5 请先登录), so it is there on return. */
const KEEP = ['sku', 'num', 'act'] as const;

/**
 * The buying part of the mobile goods page: the 规格 row, the fixed action bar (店铺, 收藏, 加入购物车,
 * 立即购买) and the SKU sheet. The picking rules are the desktop's (spec-picker store); a guest is
 * sent to log in with the choice kept in the page's query.
 */
export default function GoodsBuy(props: {
  goodsId: number;
  cover: string;
  specNames: string[];
  skus: Sku[];
  minPrice: number;
  shopId: number;
}) {
  const [picker] = useState(() =>
    createSpecPicker({ id: props.goodsId, specNames: props.specNames, skus: props.skus, minPrice: props.minPrice }),
  );
  const [fav] = useState(() => createFavourite('goods', props.goodsId));
  const chosen = useStore(picker.$chosen);
  const qty = useStore(picker.$qty);
  const view = useStore(picker.$view);
  const on = useStore(fav.$on);
  const { ready, user } = useSession();
  // Which sheet is open: a store, so the choice restored after login can open it from an effect.
  const [$mode] = useState(() => atom<Mode | null>(null));
  const mode = useStore($mode);
  const setMode = (m: Mode | null) => $mode.set(m);
  const go = useAction();
  const favAction = useAction();

  useEffect(() => {
    if (ready && user) void fav.load().catch(() => undefined);
  }, [ready, user, fav]);

  // Back from logging in: the choice made before is chosen again and the sheet reopens on it.
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const sku = positiveInt(q.get('sku'));
    if (!sku) return;
    picker.preset(sku, positiveInt(q.get('num')) ?? 1);
    const act = q.get('act');
    $mode.set(act === 'cart' || act === 'buy' ? act : 'both');
    for (const k of KEEP) q.delete(k);
    history.replaceState(history.state, '', `${location.pathname}${q.size ? `?${q}` : ''}`);
  }, [picker, $mode]);

  function keepForLogin(kind: 'cart' | 'buy'): void {
    restoreSession();
    const sku = picker.$view.get().sku;
    if ($session.get() || !sku) return;
    const q = new URLSearchParams(location.search);
    q.set('sku', String(sku.id));
    q.set('num', String(picker.$qty.get()));
    q.set('act', kind);
    history.replaceState(history.state, '', `${location.pathname}?${q}`);
  }

  function act(kind: 'cart' | 'buy'): void {
    // Nothing chosen yet (and something to choose): the sheet first.
    if (!mode && !view.sku && props.specNames.length > 0) {
      setMode(kind);
      return;
    }
    keepForLogin(kind);
    if (kind === 'buy') {
      void go.run(async () => location.assign(toMobileHref(picker.target('buy'))));
      return;
    }
    void go.run(
      async () => {
        const line = picker.chosenLine();
        await addSku(line.sku.id, line.num);
        setMode(null);
      },
      { done: CART_TEXTS.added },
    );
  }

  const pickedText = view.sku ? `已选 ${view.sku.specs.map((v) => `“${v}”`).join(' ')} × ${qty}` : `请选择 ${view.missing.join(' ')}`;
  const bar = 'flex h-11 flex-1 items-center justify-center text-[15px] text-white disabled:opacity-60';

  return (
    <>
      {props.specNames.length > 0 && (
        <button
          type="button"
          className="flex min-h-12 w-full items-center gap-3 bg-white px-4 text-left text-sm"
          onClick={() => setMode('both')}
          data-testid="m-spec-row"
        >
          <span className="shrink-0 text-ink-mute">规格</span>
          <span className="min-w-0 flex-1 truncate text-ink">{pickedText}</span>
          <span className="i-ri-arrow-right-s-line text-lg text-ink-mute" aria-hidden="true" />
        </button>
      )}

      <div className="gf-m-actions" data-testid="m-goods-actions">
        <a
          href={`${MOBILE_PATHS.anchor}?type=merchant&id=${props.shopId}`}
          className="flex h-11 w-12 flex-col items-center justify-center text-[11px] text-ink-soft"
        >
          <span className="i-ri-store-2-line text-xl" aria-hidden="true" />
          店铺
        </a>
        <button
          type="button"
          aria-pressed={on}
          disabled={favAction.busy}
          onClick={() => void favAction.run(fav.toggle, { done: (kept) => (kept ? '已收藏' : '已取消收藏') })}
          className={`flex h-11 w-12 flex-col items-center justify-center text-[11px] ${on ? 'text-brand' : 'text-ink-soft'}`}
        >
          <span className={`${on ? 'i-ri-star-fill' : 'i-ri-star-line'} text-xl`} aria-hidden="true" />
          {on ? '已收藏' : '收藏'}
        </button>
        <a href={MOBILE_PATHS.cart} className="flex h-11 w-12 flex-col items-center justify-center text-[11px] text-ink-soft">
          <span className="i-ri-shopping-cart-2-line text-xl" aria-hidden="true" />
          购物车
        </a>
        <div className="flex min-w-0 flex-1 overflow-hidden rounded-full">
          <button type="button" className={`${bar} bg-brand-accent !text-night`} disabled={go.busy} onClick={() => act('cart')}>
            加入购物车
          </button>
          <button type="button" className={`${bar} bg-brand`} disabled={go.busy} onClick={() => act('buy')}>
            立即购买
          </button>
        </div>
      </div>

      <Sheet
        open={mode !== null}
        onClose={() => setMode(null)}
        title="选择规格"
        footer={
          view.stock < 1 ? (
            <button type="button" className="gf-m-btn w-full bg-surface-grey text-ink-mute" disabled>
              已售罄
            </button>
          ) : mode === 'both' ? (
            <div className="flex overflow-hidden rounded-full">
              <button type="button" className={`${bar} bg-brand-accent !text-night`} disabled={go.busy} onClick={() => act('cart')}>
                加入购物车
              </button>
              <button type="button" className={`${bar} bg-brand`} disabled={go.busy} onClick={() => act('buy')}>
                立即购买
              </button>
            </div>
          ) : (
            <button type="button" className="gf-m-btn-primary w-full" disabled={go.busy} onClick={() => act(mode ?? 'cart')}>
              {mode === 'buy' ? '立即购买' : '加入购物车'}
            </button>
          )
        }
      >
        <div className="flex gap-3" data-testid="m-spec-sheet">
          <img
            src={img(props.cover)}
            width={88}
            height={88}
            alt=""
            className="h-22 w-22 shrink-0 rounded-lg bg-surface-grey object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="text-xl font-700 text-price" data-testid="goods-price">
              {view.price}
            </p>
            <p className="mt-1 text-xs text-ink-mute" data-testid="goods-stock">
              {view.stock > 0 ? `库存 ${view.stock} 件` : '已售罄'}
            </p>
            <p className="mt-1 line-clamp-2 text-xs text-ink-soft">{pickedText}</p>
          </div>
        </div>
        {props.specNames.map((name, i) => (
          <div key={name} className="mt-5" role="group" aria-label={name}>
            <p className="mb-2 text-sm text-ink-soft">{name}</p>
            <div className="flex flex-wrap gap-2">
              {(picker.values[i] ?? []).map((v) => {
                const ok = picker.canPick(i, v);
                const picked = chosen[i] === v;
                return (
                  <button
                    key={v}
                    type="button"
                    aria-pressed={picked}
                    disabled={!ok && !picked}
                    onClick={() => picker.pick(i, v)}
                    className={`min-h-9 min-w-14 rounded-full border px-4 text-sm ${picked ? 'border-brand-accent bg-brand-light text-brand' : ok ? 'border-surface-grey bg-surface-grey text-ink' : 'border-dashed border-line text-ink-mute'}`}
                  >
                    {v}
                  </button>
                );
              })}
            </div>
          </div>
        ))}
        <div className="mt-5 flex items-center justify-between">
          <span className="text-sm text-ink-soft">数量</span>
          <div className="flex items-center rounded-full border border-line">
            <button
              type="button"
              aria-label="减少"
              className="h-11 w-11 text-lg text-ink-soft disabled:opacity-40"
              disabled={qty <= 1}
              onClick={() => picker.setQty(qty - 1)}
            >
              −
            </button>
            <span className="w-10 text-center" aria-live="polite" data-testid="m-spec-qty">
              {qty}
            </span>
            <button
              type="button"
              aria-label="增加"
              className="h-11 w-11 text-lg text-ink-soft disabled:opacity-40"
              disabled={qty >= view.stock}
              onClick={() => picker.setQty(qty + 1)}
            >
              +
            </button>
          </div>
        </div>
      </Sheet>
    </>
  );
}
