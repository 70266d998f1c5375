import { atom, computed, map } from 'nanostores';
import { api, errorText } from '../api/client';
import type { CartGroup, CartLine } from '../api/contract/cart';
import { positiveInt } from '../format';
import { CART_TEXTS, lineMax } from '../rules/cart';
import { check } from './action';

export type { CartGroup, CartLine };

/** Lines in the member's cart, for the header badge (0 for guests or before the first count). */
export const $cartCount = atom(0);

/** Asks the server; a failure keeps the last count (the badge is a hint, not a record). */
export async function refreshCartCount(): Promise<void> {
  try {
    $cartCount.set((await api('/cart/count')).count);
  } catch {
    /* keep the last known count */
  }
}

export interface CartState {
  /** null until the first load. */
  groups: CartGroup[] | null;
  error: string;
  /** Ids of the lines ticked for 结算 (only lines that can be bought). */
  picked: ReadonlySet<number>;
}

/** /cart: the lines by shop and what is ticked. */
export const $cart = map<CartState>({ groups: null, error: '', picked: new Set() });

export interface CartTotals {
  lines: CartLine[];
  /** Lines that can be bought (not stale). */
  payable: CartLine[];
  chosen: CartLine[];
  /** Items ticked (sum of quantities). */
  count: number;
  /** Fen of the ticked lines. */
  total: number;
}

/** What the footer shows for `groups` with `picked` ticked. */
export function cartTotals(groups: readonly CartGroup[], picked: ReadonlySet<number>): CartTotals {
  const lines = groups.flatMap((g) => g.items);
  const chosen = lines.filter((l) => picked.has(l.id));
  return {
    lines,
    payable: lines.filter((l) => !l.stale),
    chosen,
    count: chosen.reduce((n, l) => n + l.num, 0),
    total: chosen.reduce((n, l) => n + l.price * l.num, 0),
  };
}

export const $cartTotals = computed($cart, (s) => cartTotals(s.groups ?? [], s.picked));

/** Loads the cart; keeps only ticks on lines that can still be bought, and the badge in step. */
export async function loadCart(): Promise<void> {
  try {
    const { groups, count } = await api('/cart/list');
    const payable = new Set(groups.flatMap((g) => g.items.filter((l) => !l.stale).map((l) => l.id)));
    $cart.set({ groups, error: '', picked: new Set([...$cart.get().picked].filter((id) => payable.has(id))) });
    $cartCount.set(count);
  } catch (err) {
    $cart.setKey('error', errorText(err));
  }
}

/** Ticks (or unticks) lines; stale lines are never ticked. */
export function pickLines(ids: readonly number[], on: boolean): void {
  const { groups, picked } = $cart.get();
  const payable = new Set(cartTotals(groups ?? [], picked).payable.map((l) => l.id));
  const next = new Set(picked);
  for (const id of ids) {
    if (on && payable.has(id)) next.add(id);
    else next.delete(id);
  }
  $cart.setKey('picked', next);
}

/**
 * The quantity a − (delta -1) or + (delta 1) leads to, or null when that button does nothing. A
 * line asking for more than is left steps straight down to the stock.
 */
export function nextQuantity(line: Pick<CartLine, 'num' | 'stock'>, delta: -1 | 1): number | null {
  const max = lineMax(line.stock);
  const next = delta < 0 ? Math.min(line.num - 1, max) : line.num + 1;
  return next >= 1 && next <= max && next !== line.num ? next : null;
}

/** Sets a line's quantity, then reloads (the server decides what is stale); a refusal reloads too. */
export async function setQuantity(line: CartLine, num: number): Promise<void> {
  try {
    await api('/cart/update', { id: line.id, num });
  } finally {
    await loadCart();
  }
}

/** Removes lines; answers how many went. */
export async function removeLines(ids: readonly number[]): Promise<number> {
  check(ids.length ? null : CART_TEXTS.pickToRemove, 'warning');
  const { removed } = await api('/cart/delete', { ids: [...ids] });
  pickLines(ids, false);
  await loadCart();
  return removed;
}

/** Where 结算 goes: the goods checkout with the ticked lines, all of one shop. */
export function checkoutHref(): string {
  const { groups, picked } = $cart.get();
  const { chosen } = cartTotals(groups ?? [], picked);
  check(chosen.length ? null : CART_TEXTS.pickToPay, 'warning');
  const shops = (groups ?? []).filter((g) => g.items.some((l) => picked.has(l.id)));
  check(shops.length > 1 ? CART_TEXTS.oneShop : null, 'warning');
  return `/order/goodsOrder?cart=${chosen.map((l) => l.id).join(',')}`;
}

/** "加入购物车" on a goods page lands on /cart?add=<sku id>&num=<n>: what to add, if anything. */
export function addRequest(search: string): { sku_id: number; num: number } | null {
  const q = new URLSearchParams(search);
  const sku = positiveInt(q.get('add'));
  return sku ? { sku_id: sku, num: positiveInt(q.get('num')) ?? 1 } : null;
}

/** Adds a SKU to the cart and keeps the badge in step (the mobile goods page stays where it is). */
export async function addSku(skuId: number, num: number): Promise<void> {
  $cartCount.set((await api('/cart/add', { sku_id: skuId, num })).count);
}

/**
 * Adds a SKU, then loads the cart with the new line ticked (ready for 结算). The cart is loaded
 * whether or not the add was refused; a refusal then rejects with its text.
 */
export async function addToCart(skuId: number, num: number): Promise<void> {
  try {
    await addSku(skuId, num);
  } finally {
    await loadCart();
  }
  const line = cartTotals($cart.get().groups ?? [], new Set()).payable.find((l) => l.sku_id === skuId);
  if (line) $cart.setKey('picked', new Set([line.id]));
}
