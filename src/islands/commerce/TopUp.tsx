import { useEffect, useState, type SubmitEvent } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { MemberOnly } from '../account/parts';
import { money } from './parts';
import { useGateway, type Methods, type Started } from './gateway';

const PRESETS = [10, 50, 100, 200, 500, 1000];
const MAX = 50_000;

/** /my/wallet/payGateWay: buy kung fu coins through a payment gateway (1 coin = ¥1). */
export default function TopUp() {
  return (
    <MemberOnly>
      <Form />
    </MemberOnly>
  );
}

function Form() {
  const [methods, setMethods] = useState<Methods | null>(null);
  const [error, setError] = useState('');
  const [coins, setCoins] = useState('100');
  const [provider, setProvider] = useState('');
  const [busy, setBusy] = useState(false);
  const gateway = useGateway();

  useEffect(() => {
    untypedApi<Methods>('/pay/methods')
      .then((m) => {
        setMethods(m);
        setProvider(m.providers[0]?.name ?? '');
      })
      .catch((err) => setError(errorText(err)));
  }, []);

  const n = Number(coins);
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!/^\d+$/.test(coins) || n < 1) return void toast.error('请输入充值数量（至少 1 个）');
    if (n > MAX) return void toast.error(`单次最多充值 ${MAX} 个`);
    if (!provider) return void toast.error('暂无可用的支付方式');
    setBusy(true);
    try {
      gateway.follow(await untypedApi<Started>('/pay/topup', { coins: n, provider }));
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  if (error)
    return (
      <p role="alert" className="py-16 text-center text-[#f56c6c]">
        {error}
      </p>
    );
  if (!methods) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  return (
    <form onSubmit={submit} className="flex flex-col gap-6">
      <div className="flex items-center justify-between border-b border-line pb-4">
        <h1 className="text-lg font-600">功夫币充值</h1>
        <span className="text-sm text-ink-soft">
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
              className={`rounded-lg border py-4 text-center ${n === p ? 'border-brand bg-brand-light text-brand' : 'border-line hover:border-brand'}`}
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
          <p className="text-sm text-[#f56c6c]">暂无可用的在线支付方式，请联系客服</p>
        ) : (
          <div className="flex gap-3">
            {methods.providers.map((p) => (
              <label
                key={p.name}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border px-5 py-3 ${provider === p.name ? 'border-brand bg-brand-light/40' : 'border-line'}`}
              >
                <input type="radio" name="provider" checked={provider === p.name} onChange={() => setProvider(p.name)} />
                {p.label}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <div className="flex items-center justify-end gap-4 border-t border-line pt-5">
        <span className="text-sm text-ink-soft">
          应付 <b className="text-2xl text-[#f56c6c]">{money(/^\d+$/.test(coins) ? n * 100 : 0)}</b>
        </span>
        <button type="submit" className="gf-btn-primary h-11 w-36 text-base" disabled={busy}>
          立即充值
        </button>
      </div>
      {gateway.dialog}
    </form>
  );
}
