import { formatDateTime } from '~/lib/format';
import { fenText } from '~/lib/rules/bank';
import { COMMISSION_STATE_TEXT, fetchLedgerDetail } from '~/lib/stores/provider';
import { ledgerAmount } from '~/lib/stores/seller-finance';
import { useHydrated } from '../ui/useHydrated';
import { useLoad } from '../ui/useLoad';
import { ProviderOnly } from './ProviderOnly';
import { Row } from './ProviderOrderDetail';
import { PageHead } from '../ui/PageHead';
import { LoadFailed, Loading } from '../ui/states';

/** /my/service_identity/moneyDetail?id=: one ledger row and the order or withdrawal behind it. */
export default function MoneyDetail() {
  return (
    <ProviderOnly>
      <Load />
    </ProviderOnly>
  );
}

function Load() {
  const hydrated = useHydrated();
  const id = hydrated ? Number(new URLSearchParams(location.search).get('id')) : 0;
  if (!hydrated) return <Loading />;
  if (!Number.isInteger(id) || id <= 0) return <LoadFailed error="资金记录不存在" back={['返回资金明细', '/my/service_identity/money']} />;
  return <ById id={id} />;
}

function ById({ id }: { id: number }) {
  const d = useLoad(() => fetchLedgerDetail(id), id);
  if (d.error && !d.data) return <LoadFailed load={d} back={['返回资金明细', '/my/service_identity/money']} />;
  if (!d.data) return <Loading />;
  const { entry: e, order: o, withdrawal: w } = d.data;
  const m = ledgerAmount(e);
  return (
    <>
      <PageHead title="资金详情">
        <a className="gf-link text-sm" href="/my/service_identity/money">
          返回资金明细
        </a>
      </PageHead>
      <p className={`mb-5 text-3xl font-700 ${m.delta >= 0 ? 'text-success' : 'text-price'}`} data-testid="money-delta">
        {m.delta >= 0 ? '+' : ''}
        {fenText(m.delta)}
        <span className="ml-2 text-sm font-400 text-ink-mute">{m.column}</span>
      </p>
      <section className="mb-5 rounded-lg bg-page px-5 py-4">
        <Row label="类型">{e.reason_text}</Row>
        <Row label="说明">{e.note || '—'}</Row>
        <Row label="时间">{formatDateTime(e.created_at)}</Row>
        <Row label="变动后可提现">{fenText(e.balance_after)}</Row>
        <Row label="变动后待结算">{fenText(e.pending_after)}</Row>
      </section>
      {o && (
        <section className="rounded-lg border border-line px-5 py-4">
          <h2 className="mb-2 text-[15px] font-600">关联订单</h2>
          <Row label="订单">
            <a className="gf-link" href={`/my/service_identity/orderDetail?id=${o.id}`}>
              {o.title}（{o.order_no}）
            </a>
          </Row>
          <Row label="教练">{o.coach_name}</Row>
          <Row label="实付">{fenText(o.pay_amount)}</Row>
          <Row label="订单状态">{o.status_text}</Row>
          <Row label="佣金">
            {fenText(o.commission)} · {COMMISSION_STATE_TEXT[o.commission_state]}
          </Row>
        </section>
      )}
      {w && (
        <section className="rounded-lg border border-line px-5 py-4">
          <h2 className="mb-2 text-[15px] font-600">关联提现</h2>
          <Row label="金额">{fenText(w.amount)}</Row>
          <Row label="银行卡">
            {w.bank_name} {w.card_mask}
          </Row>
          <Row label="状态">{w.status_text}</Row>
          {w.refuse_reason && <Row label="退回原因">{w.refuse_reason}</Row>}
        </section>
      )}
    </>
  );
}
