import { beforeEach, describe, expect, it } from 'vitest';
import type { Sku } from '~/lib/api/contract/catalogue-shop';
import { InputError } from '~/lib/stores/action';
import { $session, type SessionUser } from '~/lib/stores/session';
import { canPick, chosenSku, createSpecPicker, matchingSkus, priceLabel, specValues, togglePick } from '~/lib/stores/spec-picker';
import { $dialog } from '~/lib/stores/ui';

const skus: Sku[] = [
  { id: 1, specs: ['红', 'S'], price: 10000, vip_price: 0, stock: 3 },
  { id: 2, specs: ['红', 'M'], price: 12000, vip_price: 0, stock: 0 },
  { id: 3, specs: ['黑', 'S'], price: 10000, vip_price: 0, stock: 0 },
  { id: 4, specs: ['黑', 'M'], price: 15000, vip_price: 0, stock: 5 },
];
const names = ['颜色', '尺码'];
const member = { user_id: 7, token: 't' } as SessionUser;

const warning = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).level).toBe('warning');
    return (err as InputError).message;
  }
  throw new Error('expected a warning');
};

beforeEach(() => {
  $session.set(member);
  $dialog.set('none');
});

describe('SKU choice (pure rules)', () => {
  it('lists each spec value once, in order', () => {
    expect(specValues(names, skus)).toEqual([
      ['红', '黑'],
      ['S', 'M'],
    ]);
  });

  it('finds the SKU only when every spec is chosen', () => {
    expect(chosenSku(skus, ['红', null])).toBeUndefined();
    expect(chosenSku(skus, ['黑', 'M'])?.id).toBe(4);
    expect(matchingSkus(skus, ['红', null]).map((s) => s.id)).toEqual([1, 2]);
  });

  it('disables values that lead to no stock given the other choices', () => {
    expect(canPick(skus, [null, null], 1, 'M')).toBe(true);
    expect(canPick(skus, ['红', null], 1, 'M')).toBe(false);
    expect(canPick(skus, [null, 'S'], 0, '黑')).toBe(false);
    expect(canPick(skus, [null, 'S'], 0, '红')).toBe(true);
  });

  it('clears a value chosen twice', () => {
    expect(togglePick([null, null], 0, '红')).toEqual(['红', null]);
    expect(togglePick(['红', null], 0, '红')).toEqual([null, null]);
    expect(togglePick(['红', null], 0, '黑')).toEqual(['黑', null]);
  });

  it('shows a price range until the SKU is known', () => {
    expect(priceLabel(undefined, skus, 10000)).toBe('¥100.00 - ¥150.00');
    expect(priceLabel(skus[3], skus, 10000)).toBe('¥150.00');
    expect(priceLabel(undefined, [skus[0] as Sku], 10000)).toBe('¥100.00');
    expect(priceLabel(undefined, [], 9900)).toBe('¥99.00');
  });
});

describe('the spec picker store', () => {
  const make = () => createSpecPicker({ id: 42, specNames: names, skus, minPrice: 10000 });

  it('narrows price and stock with each choice and resets the quantity', () => {
    const p = make();
    expect(p.$view.get()).toMatchObject({ stock: 8, price: '¥100.00 - ¥150.00', missing: ['颜色', '尺码'] });
    p.pick(0, '黑');
    p.setQty(3);
    expect(p.$qty.get()).toBe(3);
    p.pick(1, 'M');
    expect(p.$qty.get()).toBe(1);
    expect(p.$view.get()).toMatchObject({ stock: 5, price: '¥150.00', missing: [] });
    expect(p.$view.get().sku?.id).toBe(4);
  });

  it('keeps the quantity within 1..stock', () => {
    const p = make();
    p.pick(0, '红');
    p.pick(1, 'S');
    p.setQty(10);
    expect(p.$qty.get()).toBe(3);
    p.setQty(0);
    expect(p.$qty.get()).toBe(1);
  });

  it('asks for the missing specs, refuses sold-out SKUs, and builds the cart and order links', () => {
    const p = make();
    expect(warning(() => p.target('buy'))).toBe('请选择颜色、尺码');
    p.pick(0, '红');
    expect(warning(() => p.target('cart'))).toBe('请选择尺码');
    // A sold-out value can still be reached by choosing the other spec first.
    p.pick(1, 'M');
    expect(warning(() => p.target('buy'))).toBe('该规格已售罄');
    p.pick(1, 'S');
    p.setQty(2);
    expect(p.target('buy')).toBe('/order/goodsOrder?goods_id=42&sku_id=1&num=2');
    expect(p.target('cart')).toBe('/cart?add=1&num=2');
  });

  it('chooses a whole SKU at once (a choice kept across the mobile login) and answers the line to buy', () => {
    const p = make();
    p.preset(4, 9);
    expect(p.$chosen.get()).toEqual(['黑', 'M']);
    expect(p.$qty.get()).toBe(5);
    expect(p.chosenLine()).toEqual({ sku: skus[3], num: 5 });
    p.preset(99, 1);
    expect(p.$chosen.get()).toEqual(['黑', 'M']);
  });

  it('sends a guest to the login dialog first', () => {
    $session.set(null);
    const p = make();
    expect(warning(() => p.target('buy'))).toBe('请先登录');
    expect($dialog.get()).toBe('login');
  });
});
