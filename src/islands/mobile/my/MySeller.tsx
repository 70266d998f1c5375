import { useMemo, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '~/lib/api/client';
import { formatDateTime, money } from '~/lib/format';
import { img } from '~/lib/media';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { Identity } from '~/lib/rules/roles';
import type { SellerArea } from '~/lib/rules/seller-nav';
import { CARRIERS } from '~/lib/stores/orders';
import { createInfiniteList } from '~/lib/stores/infinite';
import { fetchFinance } from '~/lib/stores/seller-finance';
import { shipListedOrder, type SellerListOrder } from '~/lib/stores/seller-orders';
import { fetchOverview } from '~/lib/stores/provider';
import { $session } from '~/lib/stores/session';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { Sheet } from '~/islands/ui/mobile/Sheet';
import { useAction } from '~/islands/ui/useAction';
import { useLoad } from '~/islands/ui/useLoad';
import { Failed, Loading } from './parts';

/** The desktop page of the rest of a seller's work (`?view=pc` keeps a phone there). */
const pc = (path: string) => `${path}?view=pc`;

const DESKTOP: Record<SellerArea | 'provider', [string, string][]> = {
  coach: [
    ['课程管理', '/coach/course'],
    ['班级管理', '/coach/class'],
    ['课程订单', '/coach/homepage/order/course'],
    ['收入与提现', '/coach/finance'],
  ],
  mechant: [
    ['商品管理', '/mechant/homepage/goods'],
    ['商品订单', '/mechant/order/goods'],
    ['收入与提现', '/mechant/finance'],
    ['店铺设置', '/mechant/setting'],
  ],
  provider: [
    ['服务商管理', '/my/service_identity'],
    ['团队教练', '/my/service_identity/list'],
    ['收入与提现', '/my/service_identity/money'],
  ],
};

/**
 * /m/my/seller: a coach's, shop owner's or provider's day on the phone — today's figures from the
 * server, the goods orders waiting to ship (发货 here), and the desktop for the rest.
 */
export default function MySeller() {
  return (
    <MemberGate text="登录后查看今日数据">
      <Seller />
    </MemberGate>
  );
}

function Seller() {
  const user = useStore($session);
  if (!user) return null;
  const area: SellerArea | null = user.identity === Identity.COACH ? 'coach' : user.identity === Identity.MECHANT ? 'mechant' : null;
  if (area) return <SellerDay area={area} />;
  if (user.service_id > 0) return <ProviderDay />;
  return (
    <div className="flex flex-col items-center gap-4 px-6 py-16 text-center text-ink-soft" data-testid="m-seller-none">
      <span className="i-ri-store-3-line text-5xl text-placeholder" aria-hidden="true" />
      <p>成为教练、店主或服务商后，可在这里查看每天的订单与收入</p>
      <a className="gf-m-btn-primary w-40" href={MOBILE_PATHS.apply}>
        申请入驻
      </a>
    </div>
  );
}

/** Two figures a row, ruled between them (no outer edge). */
function Figures(props: { items: { label: string; value: string; testId?: string }[] }) {
  const rows = Math.ceil(props.items.length / 2);
  return (
    <div className="grid grid-cols-2">
      {props.items.map((f, i) => (
        <Figure key={f.label} {...f} className={`${i % 2 === 0 ? 'border-r' : ''} ${i < (rows - 1) * 2 ? 'border-b' : ''} border-line`} />
      ))}
    </div>
  );
}

function Figure(props: { label: string; value: string; testId?: string | undefined; className?: string }) {
  return (
    <div className={`flex flex-col items-center justify-center gap-1 py-3 ${props.className ?? ''}`}>
      <b className="text-xl font-600 text-ink" data-testid={props.testId}>
        {props.value}
      </b>
      <span className="text-xs text-ink-soft">{props.label}</span>
    </div>
  );
}

function DesktopLinks(props: { area: SellerArea | 'provider' }) {
  return (
    <section className="gf-m-card mx-3 mt-3">
      <h2 className="px-4 pt-3 text-[15px] font-600">更多管理</h2>
      <p className="px-4 text-xs text-ink-mute">以下功能请在电脑版完成</p>
      <ul className="divide-y divide-line">
        {DESKTOP[props.area].map(([label, href]) => (
          <li key={href}>
            <a href={pc(href)} className="flex min-h-12 items-center gap-3 px-4 text-[15px]">
              <span className="flex-1">{label}</span>
              <span className="rounded bg-surface-tag px-1.5 text-xs text-ink-soft">电脑版</span>
              <span className="i-ri-arrow-right-s-line text-xl text-ink-mute" aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SellerDay({ area }: { area: SellerArea }) {
  const today = useLoad(() => api('/seller/today', { area }));
  const finance = useLoad(() => fetchFinance(area === 'coach' ? 'coach' : 'mechant'));
  const toShip = useMemo(
    () =>
      createInfiniteList<SellerListOrder, null>(
        (_q, page) => api('/seller/orders', { area, kind: 'goods', tab: 'paid', key: '', page, limit: 10 }),
        null,
      ),
    [area],
  );
  const t = today.data;
  return (
    <div className="pb-6" data-testid="m-seller">
      <section className="gf-m-card mx-3 mt-3">
        <h2 className="flex items-center justify-between border-b border-line px-4 py-3 text-[15px] font-600">
          今日概况
          <span className="text-xs font-400 text-ink-mute">{t ? t.date : ''}</span>
        </h2>
        {today.error && !t ? (
          <Failed error={today.error} retry={today.reload} />
        ) : (
          <Figures
            items={[
              { label: '今日付款订单', value: t ? String(t.orders) : '–', testId: 'm-seller-orders' },
              { label: '今日销售额', value: t ? money(t.sales) : '–', testId: 'm-seller-sales' },
              { label: '今日收入', value: t ? money(t.income - t.refund) : '–', testId: 'm-seller-income' },
              { label: '待发货', value: t ? String(t.to_ship) : '–', testId: 'm-seller-toship' },
            ]}
          />
        )}
      </section>
      <section className="gf-m-card mx-3 mt-3">
        <Figures
          items={[
            { label: '可提现余额', value: finance.data ? money(finance.data.balance) : '–' },
            { label: '待结算', value: finance.data ? money(finance.data.pending) : '–' },
          ]}
        />
      </section>
      {area === 'mechant' || (t && t.to_ship > 0) ? (
        <section className="mt-3">
          <h2 className="px-4 pb-2 text-[15px] font-600">待发货订单</h2>
          <InfiniteList
            list={toShip}
            keyOf={(o) => o.id}
            emptyText="没有待发货的订单"
            emptyIcon="i-ri-truck-line"
            className="flex flex-col gap-2 px-3"
            item={(o) => (
              <ShipCard
                o={o}
                onShipped={() => {
                  void toShip.refresh();
                  today.reload();
                }}
              />
            )}
          />
        </section>
      ) : null}
      <DesktopLinks area={area} />
    </div>
  );
}

function ShipCard(props: { o: SellerListOrder; onShipped: () => void }) {
  const { o } = props;
  const [open, setOpen] = useState(false);
  const first = o.items[0];
  return (
    <article className="gf-m-card p-3" data-testid="m-ship-card">
      <p className="flex justify-between text-xs text-ink-mute">
        <span>订单号 {o.order_no}</span>
        <span>{o.paid_at ? formatDateTime(o.paid_at) : ''}</span>
      </p>
      {first && (
        <div className="mt-2 flex gap-3">
          <img
            src={img(first.cover)}
            width="56"
            height="56"
            alt=""
            className="h-14 w-14 shrink-0 rounded-md bg-surface-grey object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 text-sm">{first.title}</p>
            <p className="text-xs text-ink-mute">
              {o.items.length > 1 ? `等 ${o.items.length} 件 · ` : ''}实付 {money(o.pay_amount)} · {o.buyer.nick_name}
            </p>
          </div>
        </div>
      )}
      {o.can_ship === 1 && (
        <div className="mt-2 flex justify-end">
          <button type="button" className="gf-m-btn-primary h-11 px-5" onClick={() => setOpen(true)}>
            发货
          </button>
        </div>
      )}
      {open && <ShipSheet o={o} onClose={() => setOpen(false)} onDone={props.onShipped} />}
    </article>
  );
}

function ShipSheet(props: { o: SellerListOrder; onClose: () => void; onDone: () => void }) {
  const { o } = props;
  const [company, setCompany] = useState<string>(CARRIERS[0]);
  const [no, setNo] = useState('');
  const send = useAction();
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send
      .run(() => shipListedOrder(o.id, company, no).then(() => true), { done: '已发货' })
      .then((ok) => {
        if (!ok) return;
        props.onClose();
        props.onDone();
      });
  }
  const a = o.address;
  return (
    <Sheet open onClose={props.onClose} title="订单发货">
      <form className="flex flex-col gap-3" onSubmit={submit} aria-label="发货">
        {a && (
          <div className="rounded-lg bg-page px-3 py-2 text-sm">
            <p>
              {a.name} {a.phone}
            </p>
            <p className="mt-1 text-ink-soft">
              {a.province} {a.city} {a.district} {a.detail}
            </p>
            {o.remark && <p className="mt-1 text-ink-soft">买家备注：{o.remark}</p>}
          </div>
        )}
        <label className="flex flex-col gap-1 text-sm">
          快递公司
          <select className="gf-m-input" value={company} onChange={(e) => setCompany(e.target.value)}>
            {CARRIERS.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          快递单号
          <input className="gf-m-input" maxLength={32} value={no} onChange={(e) => setNo(e.target.value)} placeholder="请输入快递单号" />
        </label>
        <button type="submit" className="gf-m-btn-primary w-full text-base" disabled={send.busy}>
          确认发货
        </button>
      </form>
    </Sheet>
  );
}

function ProviderDay() {
  const o = useLoad(fetchOverview);
  if (o.error && !o.data) return <Failed error={o.error} retry={o.reload} />;
  if (!o.data) return <Loading />;
  const d = o.data;
  return (
    <div className="pb-6" data-testid="m-seller">
      <section className="gf-m-card mx-3 mt-3">
        <h2 className="border-b border-line px-4 py-3 text-[15px] font-600">{d.provider.name} · 本月概况</h2>
        <Figures
          items={[
            { label: '本月团队订单', value: String(d.month_orders), testId: 'm-seller-orders' },
            { label: '本月团队销售额', value: money(d.month_sales) },
            { label: '本月佣金', value: money(d.month_commission), testId: 'm-seller-income' },
            { label: '团队教练', value: `${d.team_size} 人` },
          ]}
        />
      </section>
      <section className="gf-m-card mx-3 mt-3">
        <Figures
          items={[
            { label: '可提现余额', value: money(d.balance) },
            { label: '待结算', value: money(d.pending) },
          ]}
        />
      </section>
      <DesktopLinks area="provider" />
    </div>
  );
}
