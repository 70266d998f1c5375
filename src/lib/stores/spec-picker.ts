import { atom, computed } from 'nanostores';
import type { Sku } from '../api/contract/catalogue-shop';
import { priceText } from '../format';
import { check, InputError } from './action';
import { agentParam, parseAgentParam } from '../rules/seller-shop';
import { requireLogin } from './guard';

/** One spec value per spec name; null = not chosen yet. */
export type Choice = (string | null)[];

/** The values each spec offers, in first-seen order. */
export function specValues(specNames: readonly string[], skus: readonly Sku[]): string[][] {
  return specNames.map((_, i) => [...new Set(skus.flatMap((s) => (s.specs[i] === undefined ? [] : [s.specs[i]])))]);
}

/** SKUs that agree with every chosen value. */
export function matchingSkus(skus: readonly Sku[], chosen: Choice): Sku[] {
  return skus.filter((s) => s.specs.every((v, i) => (chosen[i] ?? null) === null || v === chosen[i]));
}

/** The SKU once every spec is chosen. */
export function chosenSku(skus: readonly Sku[], chosen: Choice): Sku | undefined {
  return chosen.every((v) => v !== null) ? skus.find((s) => s.specs.every((v, i) => v === chosen[i])) : undefined;
}

/** Whether value `v` of spec `i` still leads to a SKU in stock, given the other choices. */
export function canPick(skus: readonly Sku[], chosen: Choice, i: number, v: string): boolean {
  return skus.some(
    (s) => s.stock > 0 && s.specs[i] === v && s.specs.every((x, j) => j === i || (chosen[j] ?? null) === null || x === chosen[j]),
  );
}

/** Choosing a value again clears it. */
export function togglePick(chosen: Choice, i: number, v: string): Choice {
  const next = [...chosen];
  next[i] = next[i] === v ? null : v;
  return next;
}

/** The price shown: the SKU's, else the range of what still matches, else the lowest price. */
export function priceLabel(sku: Sku | undefined, matching: readonly Sku[], fallback: number): string {
  if (sku) return priceText(sku.price);
  const prices = matching.map((s) => s.price);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  return prices.length && lo !== hi ? `${priceText(lo)} - ${priceText(hi)}` : priceText(prices[0] ?? fallback);
}

/**
 * 会员价 shown beside the price (modules/vip): the SKU's, else the lowest of what still matches with
 * one set ('起' when the matching SKUs differ); '' when none is set.
 */
export function vipPriceLabel(sku: Sku | undefined, matching: readonly Sku[]): string {
  if (sku) return sku.vip_price > 0 ? priceText(sku.vip_price) : '';
  const set = matching.filter((s) => s.vip_price > 0);
  if (!set.length) return '';
  const lo = Math.min(...set.map((s) => s.vip_price));
  return set.length === matching.length && set.every((s) => s.vip_price === lo) ? priceText(lo) : `${priceText(lo)} 起`;
}

export interface SpecView {
  sku: Sku | undefined;
  /** The SKU's stock, or the stock of every SKU still matching. */
  stock: number;
  price: string;
  /** 会员价 ('' = none set). */
  vipPrice: string;
  /** Names of the specs not chosen yet. */
  missing: string[];
}

/**
 * The spec picker of a goods page: each choice narrows the SKU; price and stock follow it; the
 * quantity stays within 1..stock. Buying continues in the commerce flow (/cart, /order/goodsOrder).
 */
export function createSpecPicker(goods: { id: number; specNames: string[]; skus: Sku[]; minPrice: number }) {
  const $chosen = atom<Choice>(goods.specNames.map(() => null));
  const $qty = atom(1);
  const $view = computed($chosen, (chosen): SpecView => {
    const sku = chosenSku(goods.skus, chosen);
    const matching = matchingSkus(goods.skus, chosen);
    return {
      sku,
      stock: sku ? sku.stock : matching.reduce((n, s) => n + s.stock, 0),
      price: priceLabel(sku, matching, goods.minPrice),
      vipPrice: vipPriceLabel(sku, matching),
      missing: goods.specNames.filter((_, i) => chosen[i] === null),
    };
  });

  function pick(i: number, v: string): void {
    $chosen.set(togglePick($chosen.get(), i, v));
    $qty.set(1);
  }

  function setQty(n: number): void {
    $qty.set(Math.max(1, Math.min(n, $view.get().stock)));
  }

  /** Chooses a whole SKU at once (a choice kept across the mobile login); an unknown id changes nothing. */
  function preset(skuId: number, num: number): void {
    const sku = goods.skus.find((s) => s.id === skuId);
    if (!sku) return;
    $chosen.set([...sku.specs]);
    setQty(num);
  }

  /** The SKU and quantity to buy; refuses (warning) without login, a full choice or stock. */
  function chosenLine(): { sku: Sku; num: number } {
    requireLogin();
    const { sku, missing } = $view.get();
    if (!sku) throw new InputError(`请选择${missing.join('、')}`, 'warning');
    check(sku.stock < 1 ? '该规格已售罄' : null, 'warning');
    return { sku, num: $qty.get() };
  }

  /** Where 加入购物车 / 立即购买 go (the desktop pages; the mobile site maps them with toMobileHref). */
  function target(kind: 'cart' | 'buy'): string {
    const line = chosenLine();
    const sku = line.sku;
    const num = String(line.num);
    return kind === 'buy'
      ? `/order/goodsOrder?${new URLSearchParams({ goods_id: String(goods.id), sku_id: String(sku.id), num, ...agentOfPage() })}`
      : `/cart?add=${sku.id}&num=${num}`;
  }

  return {
    $chosen,
    $qty,
    $view,
    values: specValues(goods.specNames, goods.skus),
    /** Whether a value can be chosen now (it leads to stock). */
    canPick: (i: number, v: string) => canPick(goods.skus, $chosen.get(), i, v),
    pick,
    setQty,
    preset,
    chosenLine,
    target,
  };
}

/** The `?agent=` of the detail page (a buyer who came from an agent's homepage), carried to checkout. */
function agentOfPage(): { agent?: string } {
  if (typeof location === 'undefined') return {};
  const a = parseAgentParam(new URLSearchParams(location.search).get('agent'));
  return a ? { agent: agentParam(a.type, a.id) } : {};
}
