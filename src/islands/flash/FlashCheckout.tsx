import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { FlashCard } from '~/lib/api/contract/flash';
import type { Address } from '~/lib/stores/address';
import { $addresses, addressText, loadAddresses } from '~/lib/stores/address';
import { payHref } from '~/lib/stores/checkout';
import { buyFlashSale } from '~/lib/stores/flash';
import { toMobileHref } from '~/lib/rules/mobile-redirect';
import { ORDER_LIMITS } from '~/lib/rules/order-status';
import { FLASH_PAY_MIN } from '~/lib/rules/flash';
import { money } from '~/lib/format';
import { maskPhone } from '~/lib/rules/phone';
import { MemberOnly } from '../ui/MemberOnly';
import { MemberGate } from '../ui/mobile/MemberGate';
import { Sheet } from '../ui/mobile/Sheet';
import { useAction } from '../ui/useAction';
import { AddressDialog } from '../commerce/AddressForm';
import { AddressForm as PhoneAddressForm } from '../mobile/shop/AddressForm';
import { FlashBadge } from './FlashPanel';

/**
 * /flash/buy and /m/flash/buy: confirm a 秒杀 purchase — the flash price, how many (up to the limit),
 * the address for goods — then place the order and go pay it (FLASH_PAY_MIN minutes).
 */
export default function FlashCheckout(props: { sale: FlashCard; phone?: boolean }) {
  return props.phone ? (
    <MemberGate icon="i-ri-flashlight-line" text="登录后参与秒杀">
      <Confirm {...props} />
    </MemberGate>
  ) : (
    <MemberOnly>
      <Confirm {...props} />
    </MemberOnly>
  );
}

function Confirm({ sale, phone = false }: { sale: FlashCard; phone?: boolean }) {
  const book = useStore($addresses);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [num, setNum] = useState(1);
  const [remark, setRemark] = useState('');
  const submit = useAction();
  const goods = sale.kind === 'goods';
  const max = Math.max(1, Math.min(sale.per_member, sale.left));

  useEffect(() => {
    if (goods) void loadAddresses();
  }, [goods]);
  const list = book.list ?? [];
  const chosen = list.find((a) => a.id === addressId) ?? list.find((a) => a.is_default) ?? list[0] ?? null;
  const total = sale.price * num;
  const saved = (a: Address) => {
    setAdding(false);
    void loadAddresses().then(() => setAddressId(a.id));
  };

  const place = () =>
    void submit.run(async () => {
      const id = await buyFlashSale({ flash_id: sale.id, num, ...(goods && chosen ? { address_id: chosen.id } : {}), remark });
      const href = payHref(id);
      location.assign(phone ? toMobileHref(href) : href);
    });

  const card = phone ? 'gf-m-card mb-3 p-3' : 'gf-card mb-4 p-5';
  return (
    <div className={phone ? 'px-3 pt-3' : ''} data-testid="flash-checkout">
      {goods && (
        <section className={card} aria-label="收货地址">
          <h2 className="mb-2 font-600">收货地址</h2>
          {book.error ? (
            <p className="text-sm text-danger">{book.error}</p>
          ) : !book.list ? (
            <p className="text-sm text-ink-mute">加载中…</p>
          ) : list.length === 0 ? (
            <p className="text-sm text-ink-soft">还没有收货地址</p>
          ) : (
            <select
              className="gf-input w-full"
              aria-label="选择收货地址"
              value={chosen?.id ?? ''}
              onChange={(e) => setAddressId(Number(e.target.value))}
            >
              {list.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} {maskPhone(a.phone)} {addressText(a)}
                </option>
              ))}
            </select>
          )}
          <button type="button" className="mt-2 text-sm text-info-link" onClick={() => setAdding(true)}>
            新增收货地址
          </button>
        </section>
      )}

      <section className={card} aria-label="秒杀商品">
        <FlashBadge sale={sale} />
        <p className="mt-3 font-600">{sale.title}</p>
        {sale.specs && <p className="text-sm text-ink-mute">{sale.specs}</p>}
        <p className="mt-2 text-sm">
          <span className="text-xl font-700 text-price">{money(sale.price)}</span>
          <span className="ml-2 text-ink-mute line-through">{money(sale.list_price)}</span>
        </p>
        {goods && (
          <label className="mt-3 flex items-center gap-3 text-sm">
            数量
            <input
              className="gf-input w-24"
              type="number"
              min={1}
              max={max}
              value={num}
              onChange={(e) => setNum(Math.min(max, Math.max(1, Math.floor(Number(e.target.value) || 1))))}
            />
            <span className="text-ink-mute">每人限购 {sale.per_member} 件</span>
          </label>
        )}
        {goods && (
          <label className="mt-3 flex items-center gap-3 text-sm">
            备注
            <input
              className="gf-input flex-1"
              maxLength={ORDER_LIMITS.remark}
              placeholder="选填，给卖家留言"
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
          </label>
        )}
      </section>

      <section className={`${card} flex flex-wrap items-center justify-end gap-4`}>
        <p className="mr-auto text-xs text-ink-mute">
          秒杀订单需在 {FLASH_PAY_MIN} 分钟内付款，超时自动取消。秒杀价不可使用优惠券。{goods ? '运费在付款页显示。' : ''}
        </p>
        <p className="text-sm">
          商品金额 <span className="text-lg font-700 text-price">{money(total)}</span>
        </p>
        <button
          type="button"
          className={phone ? 'gf-m-btn-primary w-40' : 'gf-btn-primary'}
          disabled={submit.busy || sale.phase !== 'running' || sale.left <= 0 || (goods && !chosen)}
          onClick={place}
          data-testid="flash-submit"
        >
          {sale.phase === 'running' ? (sale.left > 0 ? '提交秒杀订单' : '已抢光') : sale.phase === 'upcoming' ? '尚未开始' : '秒杀已结束'}
        </button>
      </section>

      {phone ? (
        <Sheet open={adding} onClose={() => setAdding(false)} title="新增收货地址">
          {adding && <PhoneAddressForm editing={null} onSaved={saved} onCancel={() => setAdding(false)} />}
        </Sheet>
      ) : (
        <AddressDialog open={adding} editing={null} onClose={() => setAdding(false)} onSaved={saved} />
      )}
    </div>
  );
}
