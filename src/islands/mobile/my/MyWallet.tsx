import { useEffect, useMemo, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '~/lib/api/client';
import { money } from '~/lib/format';
import { MOBILE_PATHS, toMobileHref } from '~/lib/rules/mobile-redirect';
import type { PayProviderName } from '~/lib/rules/payment';
import { COUPON_TAB_LABELS, couponUseHref, type CouponTab } from '~/lib/stores/coupon';
import { mobileScene } from '~/lib/stores/mobile-pay';
import { WALLET_RETURN, createMobileCoupons, createMobileLedger, topUpOnPhone, wechatTopUpReturn } from '~/lib/stores/mobile-my';
import { topUpCoins, topUpFen, topUpParams } from '~/lib/stores/payment';
import { $balance, backFromTopUp, loadBalance, refreshBalanceSoon } from '~/lib/stores/wallet';
import { CouponTicket } from '~/islands/commerce/CouponTicket';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { Sheet } from '~/islands/ui/mobile/Sheet';
import { useAction } from '~/islands/ui/useAction';
import { useLoad } from '~/islands/ui/useLoad';
import { Failed, Loading } from './parts';

const PRESETS = [10, 50, 100, 200, 500, 1000];
type Tab = 'coins' | 'coupons';

/**
 * /m/my/wallet?tab=coins|coupons: 功夫币 balance and its ledger, 充值 through the gateway of the
 * phone's scene (WeChat H5 / JSAPI, Alipay WAP; the sandbox in the demo), and 我的优惠券 by state.
 */
export default function MyWallet(props: { tab: Tab }) {
  return (
    <MemberGate text="登录后查看功夫币与优惠券">
      <Wallet tab={props.tab} />
    </MemberGate>
  );
}

function Wallet(props: { tab: Tab }) {
  const { coins, error } = useStore($balance);
  const [tab, setTab] = useState<Tab>(props.tab);
  // 去充值 from a pay page (`?coins=&return=`): the sheet opens preset, and the payment returns there.
  const [opened] = useState(() => {
    const q = new URLSearchParams(location.search);
    return { ...topUpParams(location.search, location.origin), asked: q.has('coins') || q.has('return') };
  });
  const [topping, setTopping] = useState(opened.asked);
  const ledger = useMemo(() => createMobileLedger(), []);
  const resume = useAction();

  useEffect(() => {
    void loadBalance();
    const search = location.search;
    // Back from a gateway: the notice may land a moment after the payer does.
    if (backFromTopUp(search)) {
      history.replaceState(null, '', MOBILE_PATHS.wallet);
      return refreshBalanceSoon();
    }
    // Back from WeChat's silent authorisation: the JSAPI payment starts with its code.
    const wx = wechatTopUpReturn(search);
    if (wx) {
      history.replaceState(null, '', MOBILE_PATHS.wallet);
      void resume.run(() => topUpOnPhone(wx.coins, 'wechat', 'wechat', (u) => location.assign(u), wx.code));
    }
    return undefined;
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The ledger follows the balance (a top-up that settled after arrival shows its line).
  useEffect(() => {
    if (coins !== null && ledger.$list.get().page > 0) void ledger.refresh();
  }, [coins, ledger]);

  function pick(t: Tab) {
    setTab(t);
    history.replaceState(null, '', t === 'coins' ? MOBILE_PATHS.wallet : `${MOBILE_PATHS.wallet}?tab=${t}`);
  }

  return (
    <div className="pb-6">
      <section className="mx-3 mt-3 rounded-xl bg-brand px-5 py-5 text-white">
        <p className="text-sm opacity-85">功夫币余额（个）</p>
        <div className="mt-1 flex items-end justify-between gap-3">
          <b className="text-3xl font-700" data-testid="m-wallet-balance">
            {coins ?? '–'}
          </b>
          <button
            type="button"
            className="min-h-11 rounded-full bg-white px-6 text-[15px] font-600 text-brand"
            onClick={() => setTopping(true)}
            data-testid="m-topup-open"
          >
            充值
          </button>
        </div>
        <p className="mt-2 text-xs opacity-85">1 功夫币 = 1 元，可用于购买课程、班级、商品与直播打赏</p>
      </section>
      {error && coins === null && <Failed error={error} retry={() => void loadBalance()} />}
      <div className="sticky top-0 z-20 mt-3 flex bg-white" role="tablist" aria-label="钱包">
        {(
          [
            ['coins', '收支明细'],
            ['coupons', '我的优惠券'],
          ] as const
        ).map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === tab}
            onClick={() => pick(t)}
            className={`min-h-11 flex-1 border-b-2 text-[15px] ${t === tab ? 'border-brand-accent font-600 text-ink' : 'border-transparent text-ink-soft'}`}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'coins' ? (
        <InfiniteList
          list={ledger}
          keyOf={(l) => l.id}
          emptyText="暂无收支记录"
          emptyIcon="i-ri-copper-coin-line"
          className="divide-y divide-line bg-white"
          item={(l) => (
            <div className="flex items-center gap-3 px-4 py-3" data-testid="m-ledger-row">
              <div className="min-w-0 flex-1">
                <p className="truncate text-[15px]">{l.note || l.reason_text}</p>
                <p className="text-xs text-ink-mute">
                  {l.reason_text} · {new Date(l.created_at).toLocaleString('zh-CN', { hour12: false })}
                </p>
              </div>
              <div className="text-right">
                <p className={`text-base font-600 ${l.delta > 0 ? 'text-success' : 'text-ink'}`}>{l.delta > 0 ? `+${l.delta}` : l.delta}</p>
                <p className="text-xs text-ink-mute">余额 {l.balance_after}</p>
              </div>
            </div>
          )}
        />
      ) : (
        <Coupons />
      )}
      <TopUpSheet open={topping} onClose={() => setTopping(false)} coins={opened.coins} returnTo={opened.returnTo} />
    </div>
  );
}

function Coupons() {
  const [tab, setTab] = useState<CouponTab>('unused');
  const list = useMemo(() => createMobileCoupons('unused'), []);
  return (
    <div>
      <div className="flex items-center border-t border-line bg-white px-2" role="tablist" aria-label="优惠券状态">
        {COUPON_TAB_LABELS.map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === tab}
            className={`min-h-11 px-3 text-sm ${t === tab ? 'font-600 text-brand' : 'text-ink-soft'}`}
            onClick={() => {
              setTab(t);
              void list.setQuery(t);
            }}
          >
            {label}
          </button>
        ))}
        <a href={MOBILE_PATHS.coupon} className="ml-auto flex min-h-11 items-center px-2 text-sm text-brand">
          领券中心
          <span className="i-ri-arrow-right-s-line" aria-hidden="true" />
        </a>
      </div>
      <InfiniteList
        list={list}
        keyOf={(c) => c.id}
        emptyText="暂无优惠券"
        emptyIcon="i-ri-coupon-3-line"
        className="flex flex-col gap-3 px-3 pt-3"
        item={(c) => (
          <div className="overflow-hidden rounded-lg bg-white">
            <CouponTicket c={c} muted={c.status !== 'unused'} compact>
              {c.status === 'unused' ? (
                <a
                  href={toMobileHref(couponUseHref(c))}
                  className="flex min-h-9 shrink-0 items-center rounded-full border border-brand-accent px-3 text-xs text-brand"
                >
                  去使用
                </a>
              ) : (
                <span className="shrink-0 text-sm text-ink-mute">{c.status === 'used' ? '已使用' : '已过期'}</span>
              )}
            </CouponTicket>
          </div>
        )}
      />
    </div>
  );
}

function TopUpSheet(props: { open: boolean; onClose: () => void; coins: string; returnTo: string }) {
  const [scene] = useState(() => mobileScene(navigator.userAgent));
  const methods = useLoad(() => api('/pay/methods', { scene }));
  const [coins, setCoins] = useState(props.coins);
  const [picked, setPicked] = useState<PayProviderName | ''>('');
  const submit = useAction();
  const provider = picked || methods.data?.providers[0]?.name || '';
  const n = topUpCoins(coins);

  function pay(e: SubmitEvent) {
    e.preventDefault();
    void submit.run(() => topUpOnPhone(coins, provider, scene, (url) => location.assign(url), '', props.returnTo || WALLET_RETURN));
  }

  return (
    <Sheet open={props.open} onClose={props.onClose} title="功夫币充值">
      {methods.error && !methods.data ? (
        <Failed error={methods.error} retry={methods.reload} />
      ) : !methods.data ? (
        <Loading />
      ) : (
        <form onSubmit={pay} noValidate className="flex flex-col gap-4" data-testid="m-topup-form">
          {props.returnTo && (
            <p className="flex items-center justify-between gap-2 rounded-lg bg-brand-light px-3 py-2 text-sm text-ink-soft">
              付款成功后自动返回，继续用功夫币支付
              <a href={props.returnTo} className="flex min-h-11 shrink-0 items-center px-1 text-brand">
                返回
              </a>
            </p>
          )}
          <fieldset>
            <legend className="mb-2 text-sm text-ink-soft">充值数量（1 功夫币 = 1 元）</legend>
            <div className="grid grid-cols-3 gap-2">
              {PRESETS.map((p) => (
                <button
                  key={p}
                  type="button"
                  aria-pressed={n === p}
                  aria-label={`${p} 功夫币`}
                  onClick={() => setCoins(String(p))}
                  className={`min-h-14 rounded-lg border text-center ${n === p ? 'border-brand-accent bg-brand-light text-brand' : 'border-line'}`}
                >
                  <span className="block text-lg font-600">{p}</span>
                  <span className="text-xs text-ink-mute">¥{p}</span>
                </button>
              ))}
            </div>
            <label className="mt-3 flex items-center gap-2 text-sm text-ink-soft">
              其他数量
              <input
                className="gf-m-input flex-1"
                inputMode="numeric"
                maxLength={5}
                value={coins}
                onChange={(e) => setCoins(e.target.value.replace(/\D/g, ''))}
                aria-label="充值数量"
              />
              个
            </label>
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-sm text-ink-soft">支付方式</legend>
            {methods.data.providers.length === 0 ? (
              <p className="text-sm text-danger">暂无可用的在线支付方式，请联系客服</p>
            ) : (
              <div className="flex flex-col gap-2">
                {methods.data.providers.map((p) => (
                  <label
                    key={p.name}
                    className={`flex min-h-12 items-center gap-3 rounded-lg border px-4 ${provider === p.name ? 'border-brand-accent bg-brand-light/40' : 'border-line'}`}
                  >
                    <input
                      type="radio"
                      name="provider"
                      className="h-4 w-4 accent-brand-accent"
                      checked={provider === p.name}
                      onChange={() => setPicked(p.name)}
                    />
                    {p.label}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <div className="flex items-center justify-between gap-3">
            <span className="text-sm text-ink-soft">
              应付 <b className="text-xl text-price">{money(topUpFen(coins))}</b>
            </span>
            <button type="submit" className="gf-m-btn-primary w-36 text-base" disabled={submit.busy || !provider} data-testid="m-topup-pay">
              {submit.busy ? '请稍候…' : '立即充值'}
            </button>
          </div>
        </form>
      )}
    </Sheet>
  );
}
