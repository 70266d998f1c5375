import { formatDateTime } from '~/lib/format';
import { img } from '~/lib/media';
import { fenText } from '~/lib/rules/bank';
import { bpText } from '~/lib/rules/provider';
import { COMMISSION_STATE_TEXT, fetchOrderDetail, type ProviderOrderDetail as Detail } from '~/lib/stores/provider';
import { useHydrated } from '../ui/useHydrated';
import { useLoad } from '../ui/useLoad';
import { ProviderOnly } from './ProviderOnly';
import { PageHead } from '../ui/PageHead';
import { LoadFailed, Loading } from '../ui/states';

/** /my/service_identity/orderDetail?id=: one team order and what it credited the provider. */
export default function ProviderOrderDetail() {
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
  if (!Number.isInteger(id) || id <= 0) return <LoadFailed error="订单不存在" back={['返回订单列表', '/my/service_identity/order']} />;
  return <ById id={id} />;
}

function ById({ id }: { id: number }) {
  const d = useLoad(() => fetchOrderDetail(id), id);
  if (d.error && !d.data) return <LoadFailed load={d} back={['返回订单列表', '/my/service_identity/order']} />;
  if (!d.data) return <Loading />;
  return <View d={d.data} />;
}

export function Row(props: { label: string; children: React.ReactNode }) {
  return (
    <p className="flex gap-4 py-1.5 text-sm">
      <span className="w-[90px] shrink-0 text-ink-soft">{props.label}</span>
      <span className="text-ink">{props.children}</span>
    </p>
  );
}

function View({ d }: { d: Detail }) {
  return (
    <>
      <PageHead title="订单详情">
        <a className="gf-link text-sm" href="/my/service_identity/order">
          返回团队订单
        </a>
      </PageHead>
      <section className="mb-5 rounded-lg bg-page px-5 py-4">
        <Row label="订单号">{d.order_no}</Row>
        <Row label="类型">{d.kind === 'class' ? '班级订单' : '课程订单'}</Row>
        <Row label="状态">{d.status_text}</Row>
        <Row label="教练">{d.coach_name}</Row>
        <Row label="买家">{d.buyer}</Row>
        <Row label="下单时间">{formatDateTime(d.created_at)}</Row>
        {d.paid_at && <Row label="付款时间">{formatDateTime(d.paid_at)}</Row>}
        <Row label="实付金额">{fenText(d.pay_amount)}</Row>
        <Row label="服务商佣金">
          <span className="font-600 text-brand" data-testid="order-commission">
            {fenText(d.commission)}
          </span>
          <span className="ml-2 text-xs text-ink-mute">
            {COMMISSION_STATE_TEXT[d.commission_state]} · 当前分成 {bpText(d.commission_bp)}
          </span>
        </Row>
      </section>
      <ul className="mb-5 divide-y divide-line rounded-lg border border-line">
        {d.items.map((i) => (
          <li key={i.title} className="flex items-center gap-4 px-5 py-3">
            <img src={img(i.cover)} alt="" className="h-14 w-24 rounded object-cover" />
            <span className="flex-1 text-sm text-ink">{i.title}</span>
            <span className="text-sm text-ink-soft">
              {fenText(i.price)} × {i.num}
            </span>
          </li>
        ))}
      </ul>
      <h2 className="mb-2 text-[15px] font-600">佣金记录</h2>
      {d.ledger.length === 0 ? (
        <p className="text-sm text-ink-mute">该订单没有为你产生佣金（教练当时不在团队中，或订单未实付）。</p>
      ) : (
        <ul className="text-sm">
          {d.ledger.map((l) => (
            <li key={l.id} className="flex justify-between border-b border-line py-2">
              <a className="gf-link" href={`/my/service_identity/moneyDetail?id=${l.id}`}>
                {l.reason_text}
              </a>
              <span className="text-ink-soft">{formatDateTime(l.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
