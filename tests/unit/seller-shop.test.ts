import { describe, expect, it } from 'vitest';
import { InputError } from '~/lib/stores/action';
import { agentParam, bannerLinkError, bpText, commissionOf, parseAgentParam, percentToBp } from '~/lib/rules/seller-shop';
import { emptyGoodsForm, goodsPayload, movedIds, splitLabels, withSpecNames, yuanToFen, type GoodsForm } from '~/lib/stores/seller-shop';

describe('seller rules', () => {
  it('accepts only same-site paths and https links for banners', () => {
    for (const ok of ['', '/shop', '/anchor?type=coach&id=1', 'https://example.com/a?b=1']) expect(bannerLinkError(ok), ok).toBeNull();
    for (const bad of [
      'javascript:alert(1)',
      'http://example.com',
      '//evil.example',
      '/a b',
      'https://user:pw@example.com',
      'data:text/html,x',
      'shop',
    ])
      expect(bannerLinkError(bad), bad).not.toBeNull();
  });

  it('converts commission percents and basis points', () => {
    expect(percentToBp('')).toBe(0);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('50')).toBe(5000);
    expect(percentToBp('50.01')).toBeNull();
    expect(percentToBp('abc')).toBeNull();
    expect(bpText(1250)).toBe('12.5%');
    expect(bpText(1000)).toBe('10%');
    expect(bpText(0)).toBe('');
    expect(commissionOf(9999, 1250)).toBe(1249);
  });

  it('round-trips the agent parameter', () => {
    expect(parseAgentParam(agentParam('coach', 12))).toEqual({ type: 'coach', id: 12 });
    expect(parseAgentParam('shop:0')).toBeNull();
    expect(parseAgentParam('admin:1')).toBeNull();
    expect(parseAgentParam(null)).toBeNull();
  });
});

describe('seller stores', () => {
  const form = (patch: Partial<GoodsForm> = {}): GoodsForm => ({
    ...emptyGoodsForm(),
    title: '太极扇',
    images: ['/uploads/a.png'],
    categoryId: 1,
    specNames: ['颜色'],
    skus: [
      { specs: ['红'], price: '58', stock: '10', held: 0, vipPrice: '' },
      { id: 7, specs: ['黑'], price: '62.5', stock: '3', stockWas: 4, held: 1, vipPrice: '' },
    ],
    rate: '10',
    ...patch,
  });

  it('builds the goods payload in fen with the stock the form saw', () => {
    expect(goodsPayload(form())).toEqual({
      title: '太极扇',
      images: ['/uploads/a.png'],
      category_id: 1,
      spec_names: ['颜色'],
      skus: [
        { specs: ['红'], price: 5800, vip_price: 0, stock: 10 },
        { id: 7, stock_was: 4, specs: ['黑'], price: 6250, vip_price: 0, stock: 3 },
      ],
      detail: '',
      agent_rate_bp: 1000,
    });
  });

  it('refuses what the server would refuse, before sending', () => {
    const msg = (f: GoodsForm) => {
      try {
        goodsPayload(f);
        return '';
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as Error).message;
      }
    };
    expect(msg(form({ title: ' ' }))).toBe('请填写商品标题');
    expect(msg(form({ images: [] }))).toBe('请至少上传一张商品图片');
    expect(msg(form({ skus: [{ specs: ['红'], price: '0', stock: '1', held: 0, vipPrice: '' }] }))).toMatch(/价格/);
    expect(msg(form({ skus: [{ specs: ['红'], price: '1', stock: '-1', held: 0, vipPrice: '' }] }))).toMatch(/库存/);
    expect(msg(form({ skus: [{ specs: ['红'], price: '10', stock: '1', held: 0, vipPrice: '10' }] }))).toMatch(/会员价须低于售价/);
    expect(msg(form({ rate: '60' }))).toMatch(/佣金比例/);
    expect(
      msg(
        form({
          skus: [
            { specs: ['红'], price: '1', stock: '1', held: 0, vipPrice: '' },
            { specs: ['红'], price: '2', stock: '1', held: 0, vipPrice: '' },
          ],
        }),
      ),
    ).toBe('有两个规格的取值完全相同');
  });

  it('keeps one value per spec name and moves banners', () => {
    const f = withSpecNames(form(), ['颜色', '尺码']);
    expect(f.skus.map((s) => s.specs)).toEqual([
      ['红', ''],
      ['黑', ''],
    ]);
    expect(yuanToFen('58.5')).toBe(5850);
    expect(yuanToFen('58.555')).toBeNull();
    expect(splitLabels('太极 器械，太极、养生')).toEqual(['太极', '器械', '养生']);
    const list = [1, 2, 3].map((id) => ({ id, image: '', link: '', sort: id }));
    expect(movedIds(list, 2, -1)).toEqual([2, 1, 3]);
    expect(movedIds(list, 3, 1)).toBeNull();
  });
});
