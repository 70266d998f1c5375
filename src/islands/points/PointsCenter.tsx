import { useState } from 'react';
import type { PointsItem, PointsSummary } from '~/lib/api/contract/points';
import { formatDate, formatDateTime } from '~/lib/format';
import { img } from '~/lib/media';
import { POINTS_ITEM_KIND_TEXT, REDEMPTION_STATUS_TEXT, addMonths, calendarWeeks } from '~/lib/rules/points';
import {
  fetchPoints,
  fetchPointsItems,
  fetchPointsLedger,
  fetchRedemptions,
  fetchSignedDays,
  redeemItem,
  signInToday,
} from '~/lib/stores/points';
import { MemberOnly } from '../ui/MemberOnly';
import { MemberGate } from '../ui/mobile/MemberGate';
import { PagerButtons } from '../ui/PagerButtons';
import { LoadFailed, Loading, LoadedList } from '../ui/states';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { AddressPicker } from './AddressPicker';

/** 我的积分 (/my/points, /m/my/points): balance, 签到 with the month's calendar, the points shop, history. */
export default function PointsCenter(props: { phone?: boolean }) {
  const phone = Boolean(props.phone);
  return phone ? (
    <MemberGate icon="i-ri-calendar-check-line" text="登录后签到领积分">
      <Center phone />
    </MemberGate>
  ) : (
    <MemberOnly>
      <Center phone={false} />
    </MemberOnly>
  );
}

const TABS = [
  ['shop', '积分商城'],
  ['ledger', '积分明细'],
  ['redemptions', '兑换记录'],
] as const;
type Tab = (typeof TABS)[number][0];

function Center({ phone }: { phone: boolean }) {
  const summary = useLoad(fetchPoints);
  const [tab, setTab] = useState<Tab>('shop');
  const [round, setRound] = useState(0);
  if (summary.error && !summary.data) return <LoadFailed load={summary} back={['返回个人中心', phone ? '/m/my' : '/my']} />;
  if (!summary.data) return <Loading />;
  const changed = () => {
    summary.reload();
    setRound((r) => r + 1);
  };
  return (
    <div className={phone ? 'pb-6' : ''} data-testid="points-center">
      {!phone && <h1 className="mb-4 border-b border-line pb-4 text-lg font-600">我的积分</h1>}
      <SignInCard s={summary.data} phone={phone} onSigned={changed} round={round} />
      <div role="tablist" aria-label="积分" className={`mt-5 flex gap-6 border-b border-line ${phone ? 'bg-white px-4' : ''}`}>
        {TABS.map(([v, label]) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={tab === v}
            onClick={() => setTab(v)}
            className={`-mb-px border-b-2 py-2.5 text-sm ${tab === v ? 'border-brand font-600 text-brand' : 'border-transparent text-ink-soft'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div className={phone ? 'px-3 pt-3' : 'pt-4'}>
        {tab === 'shop' && <Shop phone={phone} balance={summary.data.balance} onRedeemed={changed} key={`s${round}`} />}
        {tab === 'ledger' && <Ledger key={`l${round}`} />}
        {tab === 'redemptions' && <Redemptions key={`r${round}`} />}
      </div>
      <Rules s={summary.data} phone={phone} />
    </div>
  );
}

function SignInCard(props: { s: PointsSummary; phone: boolean; onSigned: () => void; round: number }) {
  const { s, phone } = props;
  const act = useAction();
  return (
    <section className={`${phone ? 'mx-3 mt-3' : ''} rounded-xl bg-brand p-5 text-white`}>
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-sm opacity-85">我的积分</p>
          <p className="mt-1 text-4xl font-700" data-testid="points-balance">
            {s.balance}
          </p>
          <p className="mt-2 text-sm opacity-90" data-testid="points-streak">
            {s.streak > 0 ? `已连续签到 ${s.streak} 天` : '今天还没签到，开始连续签到吧'}
          </p>
          {s.expiring > 0 && s.expire_day && (
            <p className="mt-1 text-xs opacity-90" data-testid="points-expiring">
              {s.expiring} 积分将于 {s.expire_day} 过期，请尽快使用
            </p>
          )}
        </div>
        <div className="text-right">
          {s.signed_today ? (
            <p className="rounded-full bg-white/20 px-4 py-2 text-sm" data-testid="points-signed">
              今日已签到 +{s.today_points}
            </p>
          ) : (
            <button
              type="button"
              className="rounded-full bg-white px-5 py-2 text-sm font-600 text-brand disabled:opacity-60"
              disabled={act.busy}
              data-testid="points-signin"
              onClick={() =>
                void act.run(signInToday, { done: (r) => `签到成功，获得 ${r.points} 积分` }).then((r) => r && props.onSigned())
              }
            >
              签到 +{s.today_points}
            </button>
          )}
          <p className="mt-2 text-xs opacity-85">明天签到可得 {s.tomorrow_points} 积分</p>
        </div>
      </div>
      <Calendar today={s.today} round={props.round} />
    </section>
  );
}

const WEEK = ['一', '二', '三', '四', '五', '六', '日'];

function Calendar(props: { today: string; round: number }) {
  const [month, setMonth] = useState(props.today.slice(0, 7));
  const q = useLoad(() => fetchSignedDays(month), `${month}:${props.round}`);
  const weeks = calendarWeeks(month, new Set(q.data?.month === month ? q.data.days : []), props.today);
  const thisMonth = props.today.slice(0, 7);
  return (
    <div className="mt-4 rounded-lg bg-white p-3 text-ink" data-testid="points-calendar">
      <div className="mb-2 flex items-center justify-between text-sm">
        <button type="button" aria-label="上个月" className="px-2 text-ink-soft" onClick={() => setMonth(addMonths(month, -1))}>
          <span className="i-ri-arrow-left-s-line" aria-hidden="true" />
        </button>
        <span className="font-600">
          {month.slice(0, 4)} 年 {Number(month.slice(5))} 月
        </span>
        <button
          type="button"
          aria-label="下个月"
          className="px-2 text-ink-soft disabled:opacity-30"
          disabled={month >= thisMonth}
          onClick={() => setMonth(addMonths(month, 1))}
        >
          <span className="i-ri-arrow-right-s-line" aria-hidden="true" />
        </button>
      </div>
      {q.error && !q.data && (
        <p role="alert" className="py-2 text-center text-xs text-danger">
          {q.error}
        </p>
      )}
      <table className="w-full table-fixed text-center text-xs">
        <thead>
          <tr className="text-ink-mute">
            {WEEK.map((w) => (
              <th key={w} className="py-1 font-400">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((w, i) => (
            <tr key={i}>
              {w.map((c, j) => (
                <td key={j} className="py-0.5">
                  {c.day && (
                    <span
                      className={`mx-auto flex h-7 w-7 items-center justify-center rounded-full ${
                        c.signed ? 'bg-brand text-white' : c.today ? 'border border-brand text-brand' : 'text-ink-soft'
                      }`}
                      data-signed={c.signed ? '1' : undefined}
                      title={c.signed ? '已签到' : undefined}
                    >
                      {c.signed ? <span className="i-ri-check-line" aria-label={`${c.date} 日已签到`} /> : c.date}
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Shop(props: { phone: boolean; balance: number; onRedeemed: () => void }) {
  const [page, setPage] = useState(1);
  const q = useLoad(() => fetchPointsItems(page), page);
  const act = useAction();
  const [goods, setGoods] = useState<PointsItem | null>(null);
  const redeem = (it: PointsItem, addressId?: number) =>
    act
      .run(() => redeemItem(it.id, addressId), { done: it.kind === 'goods' ? '兑换成功，等待发货' : '兑换成功，优惠券已放入钱包' })
      .then((r) => {
        if (r) {
          setGoods(null);
          props.onRedeemed();
        }
      });
  return (
    <LoadedList q={q} empty="积分商城暂时没有可兑换的商品">
      {(data) => (
        <>
          <ul className={`grid gap-3 ${props.phone ? 'grid-cols-1' : 'grid-cols-3'}`} data-testid="points-items">
            {data.list.map((it) => {
              const reason = it.mine >= it.per_member ? `每人限兑 ${it.per_member} 件` : props.balance < it.points ? '积分不足' : '';
              return (
                <li key={it.id} className="flex flex-col rounded-lg border border-line bg-white p-3" data-testid="points-item">
                  <div className="flex gap-3">
                    {it.cover ? (
                      <img src={img(it.cover)} alt="" className="h-16 w-16 shrink-0 rounded object-cover" loading="lazy" />
                    ) : (
                      <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded bg-brand-light text-brand">
                        <span
                          className={`${it.kind === 'course' ? 'i-ri-book-open-line' : 'i-ri-coupon-3-line'} text-3xl`}
                          aria-hidden="true"
                        />
                      </span>
                    )}
                    <div className="min-w-0">
                      <p className="truncate font-600">{it.title}</p>
                      <p className="mt-0.5 text-xs text-ink-mute">{POINTS_ITEM_KIND_TEXT[it.kind]}</p>
                      <p className="mt-0.5 line-clamp-2 text-xs text-ink-soft">{it.detail}</p>
                    </div>
                  </div>
                  <div className="mt-3 flex items-center justify-between">
                    <span className="text-sm">
                      <b className="text-lg text-price">{it.points}</b> 积分
                      <span className="ml-2 text-xs text-ink-mute">剩 {it.left}</span>
                    </span>
                    <button
                      type="button"
                      className="gf-btn h-8 bg-brand px-4 text-sm text-white disabled:bg-line disabled:text-ink-mute"
                      disabled={act.busy || reason !== ''}
                      title={reason || undefined}
                      onClick={() =>
                        it.kind === 'goods' ? setGoods(it) : confirm(`用 ${it.points} 积分兑换「${it.title}」？`) && void redeem(it)
                      }
                    >
                      {reason || '兑换'}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={setPage} />
          {goods && (
            <AddressPicker
              phone={props.phone}
              title={`兑换「${goods.title}」· ${goods.points} 积分`}
              busy={act.busy}
              onClose={() => setGoods(null)}
              onPick={(addressId) => void redeem(goods, addressId)}
            />
          )}
        </>
      )}
    </LoadedList>
  );
}

function Ledger() {
  const [page, setPage] = useState(1);
  const q = useLoad(() => fetchPointsLedger(page), page);
  return (
    <LoadedList q={q} empty="还没有积分记录，签到就能领积分">
      {(data) => (
        <>
          <ul className="divide-y divide-line rounded-lg border border-line bg-white" data-testid="points-ledger">
            {data.list.map((r) => (
              <li key={r.id} className="flex items-center justify-between px-4 py-3 text-sm">
                <div>
                  <p>
                    {r.reason_text}
                    {r.note && <span className="ml-2 text-xs text-ink-mute">{r.note}</span>}
                  </p>
                  <p className="mt-0.5 text-xs text-ink-mute">{formatDateTime(r.created_at)}</p>
                </div>
                <div className="text-right">
                  <p className={r.delta > 0 ? 'font-600 text-price' : 'font-600 text-ink'}>{r.delta > 0 ? `+${r.delta}` : r.delta}</p>
                  <p className="text-xs text-ink-mute">余 {r.balance_after}</p>
                </div>
              </li>
            ))}
          </ul>
          <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={setPage} />
        </>
      )}
    </LoadedList>
  );
}

function Redemptions() {
  const [page, setPage] = useState(1);
  const q = useLoad(() => fetchRedemptions(page), page);
  return (
    <LoadedList q={q} empty="还没有兑换记录">
      {(data) => (
        <>
          <ul className="divide-y divide-line rounded-lg border border-line bg-white" data-testid="points-redemptions">
            {data.list.map((r) => (
              <li key={r.id} className="px-4 py-3 text-sm">
                <div className="flex justify-between gap-3">
                  <p className="min-w-0 truncate">
                    {r.title}
                    <span className="ml-2 text-xs text-ink-mute">{POINTS_ITEM_KIND_TEXT[r.kind]}</span>
                  </p>
                  <span className={r.status === 'pending' ? 'text-warning' : 'text-ink-soft'}>{REDEMPTION_STATUS_TEXT[r.status]}</span>
                </div>
                <p className="mt-0.5 text-xs text-ink-mute">
                  {formatDate(r.created_at)} · {r.points} 积分
                  {r.kind !== 'goods' && ' · 可在「我的钱包 - 优惠券」查看'}
                </p>
                {r.address && <p className="mt-0.5 text-xs text-ink-soft">收货：{r.address}</p>}
                {r.express_no && (
                  <p className="mt-0.5 text-xs text-ink-soft">
                    快递：{r.express_company} {r.express_no}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={setPage} />
        </>
      )}
    </LoadedList>
  );
}

function Rules({ s, phone }: { s: PointsSummary; phone: boolean }) {
  const r = s.rules;
  return (
    <section className={`mt-6 rounded-lg border border-line bg-white p-4 text-sm leading-6 text-ink-soft ${phone ? 'mx-3' : ''}`}>
      <h2 className="mb-1 font-600 text-ink">积分规则</h2>
      <ul className="list-disc pl-5">
        <li>
          每日签到得 {r.signin} 积分{r.streak_step > 0 && `，连续签到每天多得 ${r.streak_step} 积分（每天最多多得 ${r.streak_cap}）`}
          ；断签后重新计算。
        </li>
        {r.first_order > 0 && <li>首笔订单完成后得 {r.first_order} 积分（一次）。</li>}
        {r.review > 0 && <li>每发表一条订单评价得 {r.review} 积分。</li>}
        {r.homework > 0 && <li>作业首次获教练点评得 {r.homework} 积分。</li>}
        <li>
          {r.expire_years > 0
            ? `每年获得的积分于${r.expire_years === 1 ? '次年' : ` ${r.expire_years} 年后的`} 12 月 31 日过期，先得的积分先用。`
            : '积分长期有效。'}
        </li>
        <li>签到以北京时间为准。</li>
      </ul>
    </section>
  );
}
