import { img } from '~/lib/media';
import { fenText } from '~/lib/rules/bank';
import { bpText } from '~/lib/rules/provider';
import { fetchOverview, type ProviderOverview } from '~/lib/stores/provider';
import { useLoad } from '../ui/useLoad';
import { ProviderOnly } from './ProviderOnly';
import { PageHead } from '../ui/PageHead';
import { LoadFailed, Loading } from '../ui/states';

/** /my/service_identity: the overview — team, this month's sales and commission, money. */
export default function ProviderHome() {
  return (
    <ProviderOnly>
      <Home />
    </ProviderOnly>
  );
}

function Home() {
  const o = useLoad(fetchOverview);
  if (o.error && !o.data) return <LoadFailed load={o} />;
  if (!o.data) return <Loading />;
  return <View o={o.data} />;
}

function Figure(props: { label: string; value: string; testid: string; href?: string }) {
  const body = (
    <>
      <p className="text-sm text-ink-soft">{props.label}</p>
      <p className="mt-1 text-2xl font-700 text-ink" data-testid={props.testid}>
        {props.value}
      </p>
    </>
  );
  return props.href ? (
    <a href={props.href} className="block rounded-lg bg-page px-5 py-4 hover:bg-brand-light">
      {body}
    </a>
  ) : (
    <div className="rounded-lg bg-page px-5 py-4">{body}</div>
  );
}

function View({ o }: { o: ProviderOverview }) {
  const p = o.provider;
  return (
    <>
      <PageHead title="服务商概况" sub={`团队教练的课程和班级订单按实付金额的 ${bpText(p.commission_bp)} 计佣金，由平台承担`}>
        <a className="gf-btn-ghost" href="/my/service_identity/info">
          <span className="i-ri-edit-line" /> 编辑资料
        </a>
      </PageHead>
      <div className="mb-6 flex items-center gap-4">
        {p.logo ? (
          <img src={img(p.logo)} alt={p.name} className="h-16 w-16 rounded-full border border-line object-cover" />
        ) : (
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-light text-2xl text-brand">
            <span className="i-ri-building-2-line" />
          </span>
        )}
        <div>
          <p className="text-[17px] font-600 text-ink" data-testid="provider-name">
            {p.name}
          </p>
          <p className="mt-1 text-sm text-ink-soft">
            {p.city} · 联系人 {p.contact} · {p.phone}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-4 gap-4">
        <Figure label="团队教练" value={`${o.team_size} 人`} testid="team-size" href="/my/service_identity/list" />
        <Figure label="本月团队订单" value={`${o.month_orders} 单`} testid="month-orders" href="/my/service_identity/order" />
        <Figure label="本月团队销售额" value={fenText(o.month_sales)} testid="month-sales" href="/my/service_identity/order" />
        <Figure label="本月佣金" value={fenText(o.month_commission)} testid="month-commission" href="/my/service_identity/money" />
      </div>
      <section className="mt-6 rounded-lg border border-line px-5 py-4">
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-[15px] font-600">佣金账户</h2>
          <a className="gf-link text-sm" href="/my/service_identity/money">
            资金明细与提现
          </a>
        </div>
        <div className="grid grid-cols-4 gap-4 text-sm">
          <p>
            <span className="text-ink-soft">可提现</span>
            <span className="ml-2 text-lg font-600 text-brand" data-testid="provider-balance">
              {fenText(o.balance)}
            </span>
          </p>
          <p>
            <span className="text-ink-soft">待结算</span>
            <span className="ml-2 text-lg font-600">{fenText(o.pending)}</span>
          </p>
          <p>
            <span className="text-ink-soft">提现中</span>
            <span className="ml-2 text-lg font-600">{fenText(o.frozen)}</span>
          </p>
          <p>
            <span className="text-ink-soft">已提现</span>
            <span className="ml-2 text-lg font-600">{fenText(o.withdrawn)}</span>
          </p>
        </div>
      </section>
      <nav className="mt-6 grid grid-cols-3 gap-4" aria-label="团队">
        {(
          [
            ['/my/service_identity/list', 'i-ri-team-line', '教练列表', o.invited ? `${o.invited} 个邀请待回复` : '邀请教练加入团队'],
            ['/my/service_identity/course', 'i-ri-video-line', '团队课程', '团队教练开设的课程'],
            ['/my/service_identity/order', 'i-ri-file-list-3-line', '团队订单', '课程与班级订单及佣金'],
          ] as const
        ).map(([href, icon, label, sub]) => (
          <a key={href} href={href} className="flex items-center gap-3 rounded-lg border border-line px-5 py-4 hover:border-brand-accent">
            <span className={`${icon} text-2xl text-brand`} />
            <span>
              <span className="block text-[15px] text-ink">{label}</span>
              <span className="block text-xs text-ink-mute">{sub}</span>
            </span>
          </a>
        ))}
      </nav>
    </>
  );
}
