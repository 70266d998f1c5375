import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime } from '~/lib/format';
import { toast } from '~/lib/toast';
import { $balance, backFromTopUp, createLedger, loadBalance, refreshBalanceSoon, type LedgerView } from '~/lib/stores/wallet';
import { PagerButtons } from '../ui/PagerButtons';
import { MemberOnly } from '../ui/MemberOnly';
import { ListState } from '../ui/states';

/** /my/wallet/kungfucoin (balance + every ledger line) and /my/finance (打赏流水: gift lines only). */
export default function CoinWallet(props: { view: LedgerView }) {
  return (
    <MemberOnly>
      <Wallet view={props.view} />
    </MemberOnly>
  );
}

function Wallet({ view }: { view: LedgerView }) {
  const [ledger] = useState(() => createLedger(view));
  const { data, error } = useStore(ledger.$list);
  const balance = useStore($balance);

  useEffect(() => {
    void ledger.load();
    if (view === 'coins') void loadBalance();
    if (!backFromTopUp(location.search)) return;
    toast.success('充值已提交，到账后余额自动更新');
    history.replaceState(null, '', location.pathname);
    return refreshBalanceSoon();
  }, [ledger, view]);

  return (
    <>
      <h1 className="mb-4 border-b border-line pb-4 text-lg font-600">{view === 'coins' ? '功夫币' : '打赏流水'}</h1>
      {view === 'coins' && (
        <div className="mb-6 flex items-center gap-6 rounded-lg bg-gradient-to-r from-coin-from to-coin px-8 py-6 text-white">
          <span className="i-ri-copper-coin-fill text-5xl" />
          <div>
            <p className="text-sm opacity-90">当前余额（个）</p>
            <p className="text-4xl font-700" data-testid="coin-balance">
              {balance.coins ?? '—'}
            </p>
          </div>
          <p className="ml-6 text-xs opacity-85">1 功夫币 = 1 元，可用于购买课程、报名班级、购买商品和打赏</p>
          <a href="/my/wallet/payGateWay" className="gf-btn ml-auto h-10 w-28 bg-white text-base text-brand hover:bg-coin-hover">
            充值
          </a>
        </div>
      )}
      <ListState
        error={error || (view === 'coins' ? balance.error : '')}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText={view === 'coins' ? '暂无收支记录' : '还没有打赏记录'}
        {...(view === 'finance' ? { emptyAction: ['去看直播', '/live'] as [string, string] } : {})}
      >
        <table className="w-full text-sm" data-testid="ledger">
          <thead>
            <tr className="bg-page text-left text-ink-soft">
              <th className="px-4 py-2.5 font-400">时间</th>
              <th className="px-4 py-2.5 font-400">类型</th>
              <th className="px-4 py-2.5 font-400">说明</th>
              <th className="px-4 py-2.5 text-right font-400">收支</th>
              <th className="px-4 py-2.5 text-right font-400">余额</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((e) => (
              <tr key={e.id} className="border-b border-line">
                <td className="px-4 py-3 text-ink-soft">{formatDateTime(e.created_at)}</td>
                <td className="px-4 py-3">{e.reason_text}</td>
                <td className="px-4 py-3 text-ink-soft">{e.note}</td>
                <td className={`px-4 py-3 text-right font-600 ${e.delta > 0 ? 'text-success' : 'text-price'}`}>
                  {e.delta > 0 ? `+${e.delta}` : e.delta}
                </td>
                <td className="px-4 py-3 text-right text-ink-soft">{e.balance_after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void ledger.setPage(p)} />}
    </>
  );
}
