import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $payMethods, followGateway, loadPayMethods, startTopUp, topUpCoins, topUpFen, topUpParams } from '~/lib/stores/payment';
import type { PayProviderName } from '~/lib/rules/payment';
import { useAction } from '../ui/useAction';
import { GatewayQr } from './gateway';
import { MemberOnly } from '../ui/MemberOnly';
import { LoadFailed } from '../ui/states';
import { money } from '~/lib/format';

const PRESETS = [10, 50, 100, 200, 500, 1000];

/** /my/wallet/payGateWay: buy kung fu coins through a payment gateway (1 coin = ¥1). */
export default function TopUp() {
  return (
    <MemberOnly>
      <Form />
    </MemberOnly>
  );
}

function Form() {
  const { methods, error, retryable } = useStore($payMethods);
  // Rendered after hydration (MemberOnly): the URL may preset the coins and the page to return to.
  const [opened] = useState(() => topUpParams(location.search, location.origin));
  const [coins, setCoins] = useState(opened.coins);
  const [picked, setPicked] = useState<PayProviderName | ''>('');
  const submit = useAction();
  useEffect(() => {
    void loadPayMethods();
  }, []);

  if (error)
    return (
      <LoadFailed
        error={error}
        retry={retryable ? () => void loadPayMethods() : undefined}
        back={['返回功夫币', '/my/wallet/kungfucoin']}
      />
    );
  if (!methods) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  // The first gateway on offer until the member picks one.
  const provider = picked || methods.providers[0]?.name || '';
  const n = topUpCoins(coins);

  function pay(e: SubmitEvent) {
    e.preventDefault();
    void submit.run(async () => followGateway(await startTopUp(coins, provider, opened.returnTo), (url) => location.assign(url)));
  }

  return (
    <form onSubmit={pay} className="flex flex-col gap-6">
      <div className="flex items-center justify-between border-b border-line pb-4">
        <h1 className="text-lg font-600">功夫币充值</h1>
        <span className="text-sm text-ink-soft">
          {opened.returnTo && (
            <>
              <a href={opened.returnTo} className="text-brand" data-testid="topup-return">
                返回继续支付
              </a>{' '}
              ·{' '}
            </>
          )}
          当前余额 <b className="text-brand">{methods.coins}</b> 个 ·{' '}
          <a href="/my/wallet/kungfucoin" className="hover:text-brand">
            收支明细
          </a>
        </span>
      </div>
      <fieldset>
        <legend className="mb-3 text-sm text-ink-soft">充值数量（1 功夫币 = 1 元）</legend>
        <div className="grid grid-cols-6 gap-3">
          {PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={n === p}
              onClick={() => setCoins(String(p))}
              className={`rounded-lg border py-4 text-center ${n === p ? 'border-brand-accent bg-brand-light text-brand' : 'border-line hover:border-brand-accent'}`}
            >
              <span className="block text-xl font-700">{p}</span>
              <span className="text-xs text-ink-mute">¥{p}</span>
            </button>
          ))}
        </div>
        <label className="mt-3 flex items-center gap-3 text-sm text-ink-soft">
          其他数量
          <input
            className="gf-input w-40"
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
        <legend className="mb-3 text-sm text-ink-soft">支付方式</legend>
        {methods.providers.length === 0 ? (
          <p className="text-sm text-danger">暂无可用的在线支付方式，请联系客服</p>
        ) : (
          <div className="flex gap-3">
            {methods.providers.map((p) => (
              <label
                key={p.name}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border px-5 py-3 ${provider === p.name ? 'border-brand-accent bg-brand-light/40' : 'border-line'}`}
              >
                <input type="radio" name="provider" checked={provider === p.name} onChange={() => setPicked(p.name)} />
                {p.label}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <div className="flex items-center justify-end gap-4 border-t border-line pt-5">
        {opened.returnTo && <span className="mr-auto text-sm text-ink-soft">付款成功后自动返回，继续用功夫币支付</span>}
        <span className="text-sm text-ink-soft">
          应付 <b className="text-2xl text-price">{money(topUpFen(coins))}</b>
        </span>
        <button type="submit" className="gf-btn-primary h-11 w-36 text-base" disabled={submit.busy}>
          立即充值
        </button>
      </div>
      <GatewayQr />
    </form>
  );
}
