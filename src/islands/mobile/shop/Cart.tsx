import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { money } from '~/lib/format';
import { img } from '~/lib/media';
import { CART_TEXTS } from '~/lib/rules/cart';
import { MOBILE_PATHS, toMobileHref } from '~/lib/rules/mobile-redirect';
import {
  $cart,
  $cartTotals,
  checkoutHref,
  loadCart,
  nextQuantity,
  pickLines,
  removeLines,
  setQuantity,
  type CartLine,
} from '~/lib/stores/cart';
import { useAction } from '~/islands/ui/useAction';
import { ActionSheet } from '~/islands/ui/mobile/Sheet';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';

/** /m/cart: the member's cart by shop — tick lines, a shop or all, step quantities, delete, 结算 (one shop at a time). */
export default function Cart() {
  return (
    <MemberGate icon="i-ri-shopping-cart-2-line" text="登录后查看购物车">
      <Lines />
    </MemberGate>
  );
}

/** A round tick (44 px target around a 22 px circle). */
function Tick(props: { on: boolean; disabled?: boolean; label: string; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={props.on}
      aria-label={props.label}
      disabled={props.disabled}
      onClick={() => props.onChange(!props.on)}
      className="flex h-11 w-10 shrink-0 items-center justify-center disabled:opacity-40"
    >
      <span
        className={`${props.on ? 'i-ri-checkbox-circle-fill text-brand' : 'i-ri-checkbox-blank-circle-line text-ink-mute'} text-[22px]`}
        aria-hidden="true"
      />
    </button>
  );
}

function Lines() {
  const { groups, error, picked } = useStore($cart);
  const { lines, payable, count, total } = useStore($cartTotals);
  const footer = useAction();
  const [removing, setRemoving] = useState<CartLine[] | null>(null);

  useEffect(() => {
    void loadCart();
  }, []);

  if (error && !groups)
    return (
      <div className="py-16 text-center">
        <p role="alert" className="text-danger">
          {error}
        </p>
        <button type="button" className="gf-m-btn-ghost mt-4" onClick={() => void loadCart()}>
          重试
        </button>
      </div>
    );
  if (!groups) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  if (lines.length === 0)
    return (
      <div className="flex flex-col items-center gap-4 py-20 text-ink-mute" data-testid="empty-state">
        <span className="i-ri-shopping-cart-2-line text-6xl text-placeholder" aria-hidden="true" />
        <p>购物车还是空的</p>
        <a href={MOBILE_PATHS.shop} className="gf-m-btn-ghost">
          去商城逛逛
        </a>
      </div>
    );

  const all = payable.length > 0 && payable.every((l) => picked.has(l.id));
  const stale = lines.filter((l) => l.stale);
  const remove = (ids: number[]) => void footer.run(() => removeLines(ids), { done: CART_TEXTS.removed });
  return (
    <div className="px-3 pt-3">
      {groups.map((g) => {
        const ok = g.items.filter((i) => !i.stale);
        return (
          <section key={g.shop_id} className="gf-m-card mb-3 overflow-hidden" data-testid="cart-shop">
            <header className="flex items-center border-b border-line pr-3">
              <Tick
                on={ok.length > 0 && ok.every((i) => picked.has(i.id))}
                disabled={!ok.length}
                label={`选择${g.shop_name}的商品`}
                onChange={(on) =>
                  pickLines(
                    ok.map((i) => i.id),
                    on,
                  )
                }
              />
              <a
                href={`${MOBILE_PATHS.anchor}?type=merchant&id=${g.shop_id}`}
                className="flex h-11 min-w-0 items-center gap-1 text-[15px] font-600"
              >
                <span className="i-ri-store-2-line text-brand" aria-hidden="true" />
                <span className="truncate">{g.shop_name}</span>
                <span className="i-ri-arrow-right-s-line text-ink-mute" aria-hidden="true" />
              </a>
            </header>
            {g.items.map((l) => (
              <Line key={l.id} l={l} picked={picked.has(l.id)} onRemove={() => setRemoving([l])} />
            ))}
          </section>
        );
      })}
      {stale.length > 0 && (
        <button
          type="button"
          className="mb-3 min-h-11 w-full text-sm text-ink-soft"
          disabled={footer.busy}
          onClick={() => setRemoving(stale)}
        >
          清除失效商品（{stale.length}）
        </button>
      )}

      <div className="gf-m-actions" data-testid="cart-bar">
        <button
          type="button"
          role="checkbox"
          aria-checked={all}
          disabled={!payable.length}
          onClick={() =>
            pickLines(
              payable.map((l) => l.id),
              !all,
            )
          }
          className="flex h-11 shrink-0 items-center gap-1 pl-2.5 pr-1 text-sm text-ink-soft disabled:opacity-40"
        >
          <span
            className={`${all ? 'i-ri-checkbox-circle-fill text-brand' : 'i-ri-checkbox-blank-circle-line text-ink-mute'} text-[22px]`}
            aria-hidden="true"
          />
          全选
        </button>
        <p className="ml-auto min-w-0 text-right text-sm">
          合计：
          <b className="text-lg text-price" data-testid="cart-total">
            {money(total)}
          </b>
        </p>
        <button
          type="button"
          className="gf-m-btn-primary shrink-0 px-5"
          disabled={footer.busy}
          onClick={() => void footer.run(async () => location.assign(toMobileHref(checkoutHref())))}
        >
          结算{count ? `(${count})` : ''}
        </button>
      </div>

      <ActionSheet
        open={removing !== null}
        onClose={() => setRemoving(null)}
        actions={[
          {
            label: removing && removing.length > 1 ? `删除 ${removing.length} 件失效商品` : '删除这件商品',
            danger: true,
            onSelect: () => removing && remove(removing.map((l) => l.id)),
          },
        ]}
      />
    </div>
  );
}

/** One line: tick, picture, title and specs, price, the quantity stepper and 删除. */
function Line({ l, picked, onRemove }: { l: CartLine; picked: boolean; onRemove: () => void }) {
  const act = useAction();
  const less = nextQuantity(l, -1);
  const more = nextQuantity(l, 1);
  const step = (num: number | null) => num !== null && void act.run(() => setQuantity(l, num));
  const href = `${MOBILE_PATHS.goodsDetail}?id=${l.goods_id}`;
  return (
    <div className={`flex items-start py-3 pr-3 ${l.stale ? 'bg-surface-soft' : ''}`} data-testid="cart-line">
      <div className="flex self-center">
        <Tick on={picked} disabled={!!l.stale} label={`选择 ${l.title}`} onChange={(on) => pickLines([l.id], on)} />
      </div>
      <a href={href} className="shrink-0">
        <img
          src={img(l.cover)}
          width={80}
          height={80}
          alt=""
          loading="lazy"
          className={`h-20 w-20 rounded-lg bg-surface-grey object-cover ${l.stale ? 'grayscale' : ''}`}
        />
      </a>
      <div className="ml-3 flex min-w-0 flex-1 flex-col self-stretch">
        <a href={href} className={`line-clamp-2 text-sm leading-5 ${l.stale ? 'text-ink-mute' : 'text-ink'}`}>
          {l.title}
        </a>
        {l.specs && <p className="mt-0.5 truncate text-xs text-ink-mute">{l.specs}</p>}
        {l.reason && <span className="mt-0.5 self-start rounded bg-danger-light px-1.5 text-xs text-danger">{l.reason}</span>}
        {/* Price, then 删除 and the stepper — on a line of their own when the screen is narrow (320 px). */}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-1 pt-1">
          <span className="font-600 text-price">{money(l.price)}</span>
          <span className="ml-auto flex items-center">
            <button
              type="button"
              className="flex h-9 w-9 items-center justify-center text-ink-mute"
              aria-label="删除"
              disabled={act.busy}
              onClick={onRemove}
            >
              <span className="i-ri-delete-bin-6-line text-lg" aria-hidden="true" />
            </button>
            {!l.stale && (
              <div className="flex items-center rounded-full border border-line" role="group" aria-label={`${l.title} 数量`}>
                <button
                  type="button"
                  aria-label="减少"
                  className="h-9 w-9 text-ink-soft disabled:opacity-40"
                  disabled={less === null || act.busy}
                  onClick={() => step(less)}
                >
                  −
                </button>
                <span className="w-7 text-center text-sm" data-testid="line-num">
                  {l.num}
                </span>
                <button
                  type="button"
                  aria-label="增加"
                  className="h-9 w-9 text-ink-soft disabled:opacity-40"
                  disabled={more === null || act.busy}
                  onClick={() => step(more)}
                >
                  +
                </button>
              </div>
            )}
          </span>
        </div>
      </div>
    </div>
  );
}
