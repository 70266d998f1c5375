import { useCallback, useEffect, useMemo, useState } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { positiveInt } from '~/lib/format';
import { img } from '~/lib/media';
import { toast } from '~/lib/toast';
import { $cartCount } from '~/lib/stores/cart';
import { MemberOnly } from '../account/parts';
import { ListState, money } from './parts';

interface Line {
  id: number;
  goods_id: number;
  sku_id: number;
  title: string;
  cover: string;
  specs: string;
  price: number;
  num: number;
  stock: number;
  stale: number;
  reason: string;
}
interface Group {
  shop_id: number;
  shop_name: string;
  shop_logo: string;
  items: Line[];
}

/** /cart: lines grouped by shop; stale lines shown but not selectable; one shop per checkout. */
export default function CartPage() {
  return (
    <MemberOnly>
      <Cart />
    </MemberOnly>
  );
}

function Cart() {
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [error, setError] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());

  const load = useCallback(() => {
    return untypedApi<{ groups: Group[] }>('/cart/list')
      .then((d) => {
        setGroups(d.groups);
        $cartCount.set(d.groups.reduce((n, g) => n + g.items.length, 0));
        // Keep only selections that are still payable.
        setPicked((p) => new Set([...p].filter((id) => d.groups.some((g) => g.items.some((i) => i.id === id && !i.stale)))));
      })
      .catch((err) => setError(errorText(err)));
  }, []);

  // "加入购物车" on the goods page lands here with ?add=<sku>&num=<n>.
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const add = positiveInt(q.get('add'));
    const num = positiveInt(q.get('num')) ?? 1;
    const first = add
      ? untypedApi('/cart/add', { sku_id: add, num })
          .then(() => toast.success('已加入购物车'))
          .then(() => untypedApi<{ groups: Group[] }>('/cart/list'))
          .then((d) => {
            // The line just added starts selected, ready for 结算.
            const line = d.groups.flatMap((g) => g.items).find((i) => i.sku_id === add && !i.stale);
            if (line) setPicked(new Set([line.id]));
          })
          .catch((err) => toast.error(errorText(err)))
          .finally(() => history.replaceState(null, '', '/cart'))
      : Promise.resolve();
    void first.then(load);
  }, [load]);

  const lines = useMemo(() => groups?.flatMap((g) => g.items) ?? [], [groups]);
  const payable = lines.filter((l) => !l.stale);
  const chosen = lines.filter((l) => picked.has(l.id));
  const total = chosen.reduce((n, l) => n + l.price * l.num, 0);
  const count = chosen.reduce((n, l) => n + l.num, 0);

  const toggle = (ids: number[], on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  async function setNum(l: Line, num: number) {
    if (num < 1 || num > Math.min(99, l.stock)) return;
    try {
      await untypedApi('/cart/update', { id: l.id, num });
      setGroups(
        (gs) => gs && gs.map((g) => ({ ...g, items: g.items.map((i) => (i.id === l.id ? { ...i, num, stale: 0, reason: '' } : i)) })),
      );
    } catch (err) {
      toast.error(errorText(err));
      void load();
    }
  }

  async function remove(ids: number[]) {
    if (!ids.length) return void toast.warning('请选择要删除的商品');
    try {
      await untypedApi('/cart/delete', { ids });
      toast.success('已删除');
      toggle(ids, false);
      void load();
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  function checkout() {
    if (!chosen.length) return void toast.warning('请选择要结算的商品');
    const shops = new Set(groups!.filter((g) => g.items.some((i) => picked.has(i.id))).map((g) => g.shop_id));
    if (shops.size > 1) return void toast.warning('不同店铺的商品请分开结算');
    location.assign(`/order/goodsOrder?cart=${chosen.map((l) => l.id).join(',')}`);
  }

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
        <div className="grid grid-cols-[40px_1fr_120px_140px_120px_80px] items-center rounded bg-page px-4 py-2.5 text-sm text-ink-soft">
          <input
            type="checkbox"
            aria-label="全选"
            checked={payable.length > 0 && payable.every((l) => picked.has(l.id))}
            onChange={(e) =>
              toggle(
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
                    toggle(
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
                <div
                  key={l.id}
                  className={`grid grid-cols-[40px_1fr_120px_140px_120px_80px] items-center px-4 py-3 text-sm ${l.stale ? 'bg-[#fafafa]' : ''}`}
                  data-testid="cart-line"
                >
                  <input
                    type="checkbox"
                    aria-label={`选择 ${l.title}`}
                    disabled={!!l.stale}
                    checked={picked.has(l.id)}
                    onChange={(e) => toggle([l.id], e.target.checked)}
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
                      {l.reason && <span className="mt-1 inline-block rounded bg-[#fef0f0] px-1.5 text-xs text-[#f56c6c]">{l.reason}</span>}
                    </div>
                  </div>
                  <span className="text-right">{money(l.price)}</span>
                  <div className="flex justify-center">
                    <div className="flex items-center rounded border border-line">
                      <button
                        type="button"
                        aria-label="减少"
                        className="h-7 w-7 disabled:opacity-40"
                        disabled={l.num <= 1}
                        onClick={() => setNum(l, l.num - 1)}
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
                        disabled={l.num >= Math.min(99, l.stock)}
                        onClick={() => setNum(l, l.num + 1)}
                      >
                        +
                      </button>
                    </div>
                  </div>
                  <span className="text-right font-600 text-[#f56c6c]">{money(l.price * l.num)}</span>
                  <button type="button" className="text-center text-ink-mute hover:text-[#f56c6c]" onClick={() => remove([l.id])}>
                    删除
                  </button>
                </div>
              ))}
            </section>
          );
        })}
        <footer className="sticky bottom-0 mt-5 flex items-center gap-5 rounded-lg border border-line bg-white px-4 py-3 text-sm shadow-[0_-4px_12px_rgba(0,0,0,0.04)]">
          <button type="button" className="text-ink-soft hover:text-[#f56c6c]" onClick={() => remove([...picked])}>
            删除选中
          </button>
          <button
            type="button"
            className="text-ink-soft hover:text-[#f56c6c]"
            onClick={() => remove(lines.filter((l) => l.stale).map((l) => l.id))}
            disabled={!lines.some((l) => l.stale)}
          >
            清除失效商品
          </button>
          <span className="ml-auto text-ink-soft">
            已选 <b className="text-brand">{count}</b> 件
          </span>
          <span>
            合计：
            <b className="text-xl text-[#f56c6c]" data-testid="cart-total">
              {money(total)}
            </b>
          </span>
          <button type="button" className="gf-btn-primary h-11 w-32 text-base" onClick={checkout}>
            结算
          </button>
        </footer>
      </ListState>
    </div>
  );
}
