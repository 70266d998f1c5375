import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { img } from '~/lib/media';
import { CART_TEXTS } from '~/lib/rules/cart';
import {
  $cart,
  $cartTotals,
  addRequest,
  addToCart,
  checkoutHref,
  loadCart,
  nextQuantity,
  pickLines,
  removeLines,
  setQuantity,
  type CartLine,
} from '~/lib/stores/cart';
import { useAction } from '../ui/useAction';
import { MemberOnly } from '../ui/MemberOnly';
import { ListState } from '../ui/states';
import { money } from '~/lib/format';

const ROW = 'grid grid-cols-[40px_1fr_120px_140px_120px_80px] items-center';

/** /cart: lines grouped by shop; stale lines shown but not selectable; one shop per checkout. */
export default function CartPage() {
  return (
    <MemberOnly>
      <Cart />
    </MemberOnly>
  );
}

function Cart() {
  const { groups, error, picked } = useStore($cart);
  const { lines, payable, count, total } = useStore($cartTotals);
  const adding = useAction();
  const footer = useAction();
  const { run: runAdd } = adding;

  useEffect(() => {
    // "加入购物车" on the goods page lands here with ?add=<sku>&num=<n>; the URL is cleaned first,
    // so a reload never adds twice.
    const want = addRequest(location.search);
    if (!want) {
      void loadCart();
      return;
    }
    history.replaceState(null, '', '/cart');
    void runAdd(() => addToCart(want.sku_id, want.num), { done: CART_TEXTS.added });
  }, [runAdd]);

  const removeAll = (ids: number[]) => void footer.run(() => removeLines(ids), { done: CART_TEXTS.removed });
  const checkout = () => void footer.run(async () => location.assign(checkoutHref()));

  return (
    <div className="gf-card px-6 py-5">
      <h1 className="mb-4 text-xl font-600">购物车{lines.length ? `（${lines.length}）` : ''}</h1>
      <ListState
        error={error}
        loading={!groups}
        empty={lines.length === 0}
        emptyText="购物车还是空的"
        emptyAction={['去商城逛逛', '/shop']}
      >
        <div className={`${ROW} rounded bg-page px-4 py-2.5 text-sm text-ink-soft`}>
          <input
            type="checkbox"
            aria-label="全选"
            checked={payable.length > 0 && payable.every((l) => picked.has(l.id))}
            onChange={(e) =>
              pickLines(
                payable.map((l) => l.id),
                e.target.checked,
              )
            }
          />
          <span>商品</span>
          <span className="text-right">单价</span>
          <span className="text-center">数量</span>
          <span className="text-right">小计</span>
          <span className="text-center">操作</span>
        </div>
        {(groups ?? []).map((g) => {
          const ok = g.items.filter((i) => !i.stale);
          return (
            <section key={g.shop_id} className="mt-4 rounded-lg border border-line" data-testid="cart-shop">
              <header className="flex items-center gap-3 border-b border-line px-4 py-2.5 text-sm">
                <input
                  type="checkbox"
                  aria-label={`选择${g.shop_name}的商品`}
                  disabled={!ok.length}
                  checked={ok.length > 0 && ok.every((i) => picked.has(i.id))}
                  onChange={(e) =>
                    pickLines(
                      ok.map((i) => i.id),
                      e.target.checked,
                    )
                  }
                />
                <span className="i-ri-store-2-line text-brand" />
                <a href={`/anchor?type=mechant&id=${g.shop_id}`} className="gf-link font-600">
                  {g.shop_name}
                </a>
              </header>
              {g.items.map((l) => (
                <Line key={l.id} l={l} picked={picked.has(l.id)} />
              ))}
            </section>
          );
        })}
        <footer className="sticky bottom-0 mt-5 flex items-center gap-5 rounded-lg border border-line bg-white px-4 py-3 text-sm shadow-[0_-4px_12px_rgba(0,0,0,0.04)]">
          <button type="button" className="text-ink-soft hover:text-danger" disabled={footer.busy} onClick={() => removeAll([...picked])}>
            删除选中
          </button>
          <button
            type="button"
            className="text-ink-soft hover:text-danger"
            onClick={() => removeAll(lines.filter((l) => l.stale).map((l) => l.id))}
            disabled={footer.busy || !lines.some((l) => l.stale)}
          >
            清除失效商品
          </button>
          <span className="ml-auto text-ink-soft">
            已选 <b className="text-brand">{count}</b> 件
          </span>
          <span>
            合计：
            <b className="text-xl text-price" data-testid="cart-total">
              {money(total)}
            </b>
          </span>
          <button type="button" className="gf-btn-primary h-11 w-32 text-base" disabled={adding.busy} onClick={checkout}>
            结算
          </button>
        </footer>
      </ListState>
    </div>
  );
}

/** One line: tick, goods, price, quantity stepper, subtotal, delete. */
function Line({ l, picked }: { l: CartLine; picked: boolean }) {
  const act = useAction();
  const less = nextQuantity(l, -1);
  const more = nextQuantity(l, 1);
  const step = (num: number | null) => num !== null && void act.run(() => setQuantity(l, num));
  return (
    <div className={`${ROW} px-4 py-3 text-sm ${l.stale ? 'bg-surface-soft' : ''}`} data-testid="cart-line">
      <input
        type="checkbox"
        aria-label={`选择 ${l.title}`}
        disabled={!!l.stale}
        checked={picked}
        onChange={(e) => pickLines([l.id], e.target.checked)}
      />
      <div className="flex min-w-0 items-center gap-3">
        <a href={`/shop/goodsDetail?id=${l.goods_id}`} className="shrink-0">
          <img
            src={img(l.cover)}
            width={72}
            height={72}
            alt=""
            className={`h-18 w-18 rounded object-cover ${l.stale ? 'grayscale' : ''}`}
          />
        </a>
        <div className="min-w-0">
          <a
            href={`/shop/goodsDetail?id=${l.goods_id}`}
            className={`block truncate ${l.stale ? 'text-ink-mute' : 'text-ink hover:text-brand'}`}
          >
            {l.title}
          </a>
          <p className="mt-1 text-xs text-ink-mute">{l.specs}</p>
          {l.reason && <span className="mt-1 inline-block rounded bg-danger-light px-1.5 text-xs text-danger">{l.reason}</span>}
        </div>
      </div>
      <span className="text-right">{money(l.price)}</span>
      <div className="flex justify-center">
        <div className="flex items-center rounded border border-line">
          <button
            type="button"
            aria-label="减少"
            className="h-7 w-7 disabled:opacity-40"
            disabled={less === null || act.busy}
            onClick={() => step(less)}
          >
            −
          </button>
          <span className="w-9 text-center" aria-label="数量">
            {l.num}
          </span>
          <button
            type="button"
            aria-label="增加"
            className="h-7 w-7 disabled:opacity-40"
            disabled={more === null || act.busy}
            onClick={() => step(more)}
          >
            +
          </button>
        </div>
      </div>
      <span className="text-right font-600 text-price">{money(l.price * l.num)}</span>
      <button
        type="button"
        className="text-center text-ink-mute hover:text-danger"
        disabled={act.busy}
        onClick={() => void act.run(() => removeLines([l.id]), { done: CART_TEXTS.removed })}
      >
        删除
      </button>
    </div>
  );
}
