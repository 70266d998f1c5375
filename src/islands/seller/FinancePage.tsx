import { useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime } from '~/lib/format';
import { PROVIDER_COMMISSION_TEXT, SELLER_REASONS, SELLER_REASON_TEXT, fenText, type SellerReason } from '~/lib/rules/bank';
import {
  NO_FILTER,
  createSellerLedger,
  createWithdrawalList,
  fetchCards,
  fetchFinance,
  fetchIncome,
  financeBase,
  type FinanceArea,
  ledgerAmount,
  ledgerFilterError,
  submitWithdrawal,
  type FinanceSummary,
  type LedgerFilter,
} from '~/lib/stores/seller-finance';
import { check } from '~/lib/stores/action';
import { PayPasswordSetupLoaded } from '../account/PayPasswordSetup';
import { Modal } from '../ui/Modal';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { IncomeChart } from './IncomeChart';
import { AreaOnly } from './AreaOnly';
import { WithdrawalStatus } from './parts';
import { ListState, LoadFailed } from '../ui/states';

/** /coach/finance and /mechant/finance: money overview, 30-day income chart, ledger and withdrawals. */
export default function FinancePage(props: { area: FinanceArea }) {
  return (
    <AreaOnly area={props.area}>
      <Finance area={props.area} />
    </AreaOnly>
  );
}

function Finance({ area }: { area: FinanceArea }) {
  const summary = useLoad(() => fetchFinance(area));
  const income = useLoad(() => fetchIncome(area));
  const [ledger] = useState(() => createSellerLedger(area));
  const [withdrawals] = useState(() => createWithdrawalList(area));
  const [tab, setTab] = useState<'ledger' | 'withdrawals'>('ledger');
  const [withdrawOpen, setWithdrawOpen] = useState(false);

  useEffect(() => {
    void ledger.load();
    void withdrawals.load();
  }, [ledger, withdrawals]);

  const s = summary.data;
  const title = area === 'coach' ? '教练财务' : area === 'mechant' ? '店铺财务' : area === 'promotion' ? '推广佣金' : '资金明细';
  return (
    <>
      <div className="mb-5 flex items-center justify-between border-b border-line pb-4">
        <h1 className="text-lg font-600">{title}</h1>
        <a href={`${financeBase(area)}/bankcard`} className="gf-link flex items-center gap-1 text-sm">
          <span className="i-ri-bank-card-line" />
          银行卡管理
        </a>
      </div>

      {summary.error && !s ? (
        <LoadFailed load={summary} />
      ) : !s ? (
        <p className="py-10 text-center text-ink-mute">加载中…</p>
      ) : (
        <Overview s={s} onWithdraw={() => setWithdrawOpen(true)} />
      )}

      <section className="mt-6 rounded-lg border border-line px-5 py-4" aria-labelledby="income-title">
        <div className="mb-2 flex items-baseline justify-between">
          <h2 id="income-title" className="text-[15px] font-600">
            {area === 'provider' || area === 'promotion' ? '近 30 天佣金' : '近 30 天收入'}
          </h2>
          {income.data && (
            <p className="text-sm text-ink-soft">
              合计 <span className="font-600 text-ink">{fenText(income.data.total)}</span>
            </p>
          )}
        </div>
        {income.error && !income.data ? (
          <LoadFailed load={income} />
        ) : income.data ? (
          <IncomeChart days={income.data.days} />
        ) : (
          <p className="flex h-[260px] items-center justify-center text-sm text-ink-mute">加载中…</p>
        )}
      </section>

      <div className="mt-6 flex gap-6 border-b border-line" role="tablist">
        {(
          [
            ['ledger', '资金流水'],
            ['withdrawals', '提现记录'],
          ] as const
        ).map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            onClick={() => setTab(k)}
            className={`-mb-px border-b-2 px-1 pb-2.5 text-[15px] ${tab === k ? 'border-brand-accent font-600 text-brand' : 'border-transparent text-ink-soft hover:text-ink'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="pt-4">
        {tab === 'ledger' ? <Ledger ledger={ledger} area={area} /> : <Withdrawals list={withdrawals} />}
      </div>

      {s && withdrawOpen && (
        <WithdrawDialog
          area={area}
          summary={s}
          onClose={() => setWithdrawOpen(false)}
          onDone={() => {
            setWithdrawOpen(false);
            summary.reload();
            void ledger.setPage(1);
            void withdrawals.setPage(1);
            setTab('withdrawals');
          }}
        />
      )}
    </>
  );
}

function Stat(props: { label: string; value: number; hint: string; testid: string; strong?: boolean; action?: ReactNode }) {
  return (
    <div className={`flex-1 rounded-lg px-5 py-4 ${props.strong ? 'bg-gradient-to-r from-coin-from to-coin text-white' : 'bg-page'}`}>
      <div className="flex items-center justify-between">
        <p className={`text-sm ${props.strong ? 'opacity-90' : 'text-ink-soft'}`}>{props.label}</p>
        {props.action}
      </div>
      <p className={`mt-1 font-700 ${props.strong ? 'text-3xl' : 'text-2xl text-ink'}`} data-testid={props.testid}>
        {fenText(props.value)}
      </p>
      <p className={`mt-1 text-xs ${props.strong ? 'opacity-85' : 'text-ink-mute'}`}>{props.hint}</p>
    </div>
  );
}

function Overview({ s, onWithdraw }: { s: FinanceSummary; onWithdraw: () => void }) {
  return (
    <>
      <div className="grid grid-cols-[1.5fr_1fr_1fr_1fr] gap-4">
        <Stat
          label="可提现余额"
          value={s.balance}
          hint="已结算的收入，可提现到银行卡"
          testid="finance-balance"
          strong
          action={
            <button
              type="button"
              onClick={onWithdraw}
              disabled={s.pending_withdrawal !== null}
              className="gf-btn h-8 bg-white px-4 text-brand hover:bg-coin-hover"
            >
              申请提现
            </button>
          }
        />
        <Stat label="待结算" value={s.pending} hint="订单完成或过了退款期后转入可提现" testid="finance-pending" />
        <Stat label="提现中" value={s.frozen} hint="已申请、等待平台打款" testid="finance-frozen" />
        <Stat label="累计已提现" value={s.withdrawn} hint="已打款到银行卡" testid="finance-withdrawn" />
      </div>
      {s.pending_withdrawal !== null && (
        <p
          className="mt-3 flex items-center gap-1.5 rounded-md bg-brand-light px-4 py-2.5 text-sm text-brand-deep"
          data-testid="pending-withdrawal"
        >
          <span className="i-ri-time-line" />
          你有一笔提现正在处理中，平台打款后到账；处理完成前不能再次申请。
        </p>
      )}
    </>
  );
}

function Ledger({ ledger, area }: { ledger: ReturnType<typeof createSellerLedger>; area: FinanceArea }) {
  const { data, error, query } = useStore(ledger.$list);
  const [filter, setFilter] = useState<LedgerFilter>(NO_FILTER);
  const apply = useAction();

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void apply.run(async () => {
      check(ledgerFilterError(filter));
      await ledger.setQuery(filter);
    });
  }
  const filtered = query.reason !== '' || query.from !== '' || query.to !== '';

  return (
    <>
      <form onSubmit={submit} className="mb-4 flex flex-wrap items-center gap-3 text-sm" aria-label="筛选流水">
        <label className="flex items-center gap-2">
          <span className="text-ink-soft">类型</span>
          <select
            className="gf-input h-9 w-32 px-2"
            value={filter.reason}
            onChange={(e) => setFilter({ ...filter, reason: e.target.value as SellerReason | '' })}
          >
            <option value="">全部</option>
            {SELLER_REASONS.map((r) => (
              <option key={r} value={r}>
                {area === 'provider' && r === 'commission' ? PROVIDER_COMMISSION_TEXT : SELLER_REASON_TEXT[r]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          <span className="text-ink-soft">日期</span>
          <input
            type="date"
            aria-label="开始日期"
            className="gf-input h-9 w-40"
            value={filter.from}
            onChange={(e) => setFilter({ ...filter, from: e.target.value })}
          />
        </label>
        <span className="text-ink-mute">至</span>
        <input
          type="date"
          aria-label="结束日期"
          className="gf-input h-9 w-40"
          value={filter.to}
          onChange={(e) => setFilter({ ...filter, to: e.target.value })}
        />
        <button type="submit" className="gf-btn-primary" disabled={apply.busy}>
          查询
        </button>
        {filtered && (
          <button
            type="button"
            className="gf-btn-ghost"
            onClick={() => {
              setFilter(NO_FILTER);
              void ledger.setQuery(NO_FILTER);
            }}
          >
            重置
          </button>
        )}
      </form>
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText={filtered ? '没有符合条件的流水' : '还没有资金流水'}
      >
        <table className="w-full text-sm" data-testid="seller-ledger">
          <thead>
            <tr className="bg-page text-left text-ink-soft">
              <th className="px-4 py-2.5 font-400">时间</th>
              <th className="px-4 py-2.5 font-400">类型</th>
              <th className="px-4 py-2.5 font-400">说明</th>
              <th className="px-4 py-2.5 text-right font-400">变动</th>
              <th className="px-4 py-2.5 text-right font-400">可提现余额</th>
              <th className="px-4 py-2.5 text-right font-400">待结算</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((e) => {
              const m = ledgerAmount(e);
              return (
                <tr key={e.id} className="border-b border-line">
                  <td className="whitespace-nowrap px-4 py-3 text-ink-soft">{formatDateTime(e.created_at)}</td>
                  <td className="whitespace-nowrap px-4 py-3">{e.reason_text}</td>
                  <td className="px-4 py-3 text-ink-soft">
                    {area === 'provider' ? (
                      <a className="gf-link" href={`/my/service_identity/moneyDetail?id=${e.id}`}>
                        {e.note || '查看详情'}
                      </a>
                    ) : (
                      e.note || '—'
                    )}
                  </td>
                  <td className={`whitespace-nowrap px-4 py-3 text-right font-600 ${m.delta >= 0 ? 'text-success' : 'text-price'}`}>
                    <span className="mr-1 text-xs font-400 text-ink-mute">{m.column}</span>
                    {m.delta >= 0 ? '+' : ''}
                    {fenText(m.delta)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right text-ink-soft">{fenText(e.balance_after)}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-right text-ink-soft">{fenText(e.pending_after)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void ledger.setPage(p)} />}
    </>
  );
}

function Withdrawals({ list }: { list: ReturnType<typeof createWithdrawalList> }) {
  const { data, error } = useStore(list.$list);
  return (
    <>
      <ListState error={error} loading={!data} empty={data?.list.length === 0} emptyText="还没有提现记录">
        <table className="w-full text-sm" data-testid="withdrawals">
          <thead>
            <tr className="bg-page text-left text-ink-soft">
              <th className="px-4 py-2.5 font-400">申请时间</th>
              <th className="px-4 py-2.5 text-right font-400">金额</th>
              <th className="px-4 py-2.5 font-400">到账银行卡</th>
              <th className="px-4 py-2.5 font-400">状态</th>
              <th className="px-4 py-2.5 font-400">说明</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((w) => (
              <tr key={w.id} className="border-b border-line">
                <td className="whitespace-nowrap px-4 py-3 text-ink-soft">{formatDateTime(w.created_at)}</td>
                <td className="whitespace-nowrap px-4 py-3 text-right font-600">{fenText(w.amount)}</td>
                <td className="px-4 py-3">
                  {w.bank_name} <span className="text-ink-soft">{w.card_mask}</span>
                  <span className="ml-2 text-xs text-ink-mute">{w.holder_name}</span>
                </td>
                <td className="px-4 py-3">
                  <WithdrawalStatus status={w.status} text={w.status_text} />
                </td>
                <td className="px-4 py-3 text-ink-soft">
                  {w.status === 'refused'
                    ? `退回原因：${w.refuse_reason}`
                    : w.decided_at
                      ? `${formatDateTime(w.decided_at)} 打款`
                      : '等待平台打款'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void list.setPage(p)} />}
    </>
  );
}

function WithdrawDialog(props: { area: FinanceArea; summary: FinanceSummary; onClose: () => void; onDone: () => void }) {
  const cards = useLoad(() => fetchCards(props.area));
  const [form, setForm] = useState<{ card_id: number | null; amount: string; pay_password: string }>({
    card_id: null,
    amount: '',
    pay_password: '',
  });
  const send = useAction();
  // Set in this dialog (提现 needs the pay password): the summary still says unset until it reloads.
  const [pwSet, setPwSet] = useState(false);
  const s = props.summary;
  const base = financeBase(props.area);
  const list = cards.data?.list ?? [];
  const cardId = form.card_id ?? list[0]?.id ?? null;

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send.run(
      async () => {
        await submitWithdrawal({ ...form, card_id: cardId }, s, props.area);
        props.onDone();
      },
      { done: '提现申请已提交，等待平台打款' },
    );
  }

  let body;
  if (cards.error && !cards.data) body = <LoadFailed load={cards} />;
  else if (!cards.data) body = <p className="py-8 text-center text-ink-mute">加载中…</p>;
  else if (!s.has_pay_password && !pwSet) body = <PayPasswordSetupLoaded onDone={() => setPwSet(true)} />;
  else if (list.length === 0)
    body = (
      <div className="py-6 text-center text-sm text-ink-soft">
        还没有银行卡，添加后才能提现。
        <a className="ml-1 text-brand" href={`${base}/addcard`}>
          添加银行卡
        </a>
      </div>
    );
  else
    body = (
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 text-sm">
        <fieldset>
          <legend className="mb-2 text-ink-soft">到账银行卡</legend>
          <div className="flex flex-col gap-2">
            {list.map((c) => (
              <label
                key={c.id}
                className={`flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2.5 ${cardId === c.id ? 'border-brand-accent bg-brand-light' : 'border-line'}`}
              >
                <input type="radio" name="card" checked={cardId === c.id} onChange={() => setForm({ ...form, card_id: c.id })} />
                <span className="flex-1">
                  {c.bank_name} <span className="text-ink-soft">{c.card_mask}</span>
                </span>
                <span className="text-xs text-ink-mute">{c.holder_name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2">
          <div className="flex justify-between text-ink-soft">
            <label htmlFor="withdraw-amount">提现金额（元）</label>
            <span>
              可提现 {fenText(s.balance)}
              <button type="button" className="ml-2 text-brand" onClick={() => setForm({ ...form, amount: (s.balance / 100).toFixed(2) })}>
                全部提现
              </button>
            </span>
          </div>
          <input
            id="withdraw-amount"
            className="gf-input"
            inputMode="decimal"
            placeholder={`最低 ${(s.min_withdraw / 100).toFixed(2)} 元`}
            value={form.amount}
            onChange={(e) => setForm({ ...form, amount: e.target.value.replace(/[^\d.]/g, '').slice(0, 12) })}
          />
        </div>
        <label className="flex flex-col gap-2">
          <span className="text-ink-soft">支付密码</span>
          <input
            className="gf-input tracking-[.5em]"
            type="password"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            aria-label="支付密码"
            value={form.pay_password}
            onChange={(e) => setForm({ ...form, pay_password: e.target.value.replace(/\D/g, '').slice(0, 6) })}
          />
        </label>
        <p className="text-xs text-ink-mute">申请后金额立即冻结，平台审核打款后到账；被退回时金额回到可提现余额。</p>
        <button type="submit" className="gf-btn-primary h-10" disabled={send.busy}>
          {send.busy ? '提交中…' : '确认提现'}
        </button>
      </form>
    );

  return (
    <Modal open title="申请提现" width={460} onClose={props.onClose}>
      {body}
    </Modal>
  );
}
