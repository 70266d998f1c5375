import { useState } from 'react';
import { api } from '~/lib/api/client';
import type { MyGroup } from '~/lib/api/contract/groupbuy';
import { formatDateTime, priceText } from '~/lib/format';
import { img } from '~/lib/media';
import { countdownText } from '~/lib/rules/groupbuy';
import { groupStateText, myGroupAction, myOrderText } from '~/lib/stores/groupbuy';
import { copyLink } from '~/lib/stores/share';
import { MemberOnly } from '../ui/MemberOnly';
import { MemberGate } from '../ui/mobile/MemberGate';
import { PagerButtons } from '../ui/PagerButtons';
import { Empty, LoadFailed, Loading } from '../ui/states';
import { useLoad } from '../ui/useLoad';
import { useTicker } from '../ui/useTicker';

const LIMIT = 10;

/** 我的拼团 (/my/groupbuy, /m/my/groupbuy): the member's groups, their state and what to do next; a guest is asked to log in. */
export default function MyGroupBuys(props: { phone?: boolean }) {
  return props.phone ? (
    <MemberGate icon="i-ri-team-line" text="登录后查看我的拼团">
      <List phone />
    </MemberGate>
  ) : (
    <MemberOnly>
      <List />
    </MemberOnly>
  );
}

function List(props: { phone?: boolean }) {
  const [page, setPage] = useState(1);
  const load = useLoad(() => api('/member/groupBuyMine', { page, limit: LIMIT }), page);
  if (load.error) return <LoadFailed load={load} />;
  const d = load.data;
  if (!d) return <Loading />;
  if (d.list.length === 0)
    return (
      <Empty icon="i-ri-team-line" text="还没有参加过拼团">
        <a className="mt-3 inline-block text-sm text-info-link" href={props.phone ? '/m/share?type=course' : '/train/courseList'}>
          去看看课程
        </a>
      </Empty>
    );
  return (
    <div className={props.phone ? '' : 'gf-card p-5'}>
      <ul className={`divide-y divide-line ${props.phone ? 'bg-white' : ''}`} data-testid="my-groupbuys">
        {d.list.map((m) => (
          <Row key={m.order_id} m={m} phone={!!props.phone} />
        ))}
      </ul>
      {d.total > LIMIT && <PagerButtons page={page} total={d.total} limit={LIMIT} onPage={setPage} />}
    </div>
  );
}

function Row(props: { m: MyGroup; phone: boolean }) {
  const { m } = props;
  const action = myGroupAction(m, props.phone);
  const left = Date.parse(m.group.expires_at) - useTicker();
  return (
    <li className={`flex gap-3 py-3 text-sm ${props.phone ? 'px-3' : ''}`} data-testid="my-groupbuy">
      <img src={img(m.item.cover)} alt="" width="96" height="54" className="h-[54px] w-24 shrink-0 rounded object-cover" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-600 text-ink">{m.item.title}</p>
        <p className="mt-1 text-ink-soft">
          拼团价 <span className="text-price">{priceText(m.group.price)}</span> · {m.group.size} 人团 ·{' '}
          <span data-testid="my-groupbuy-state">{groupStateText(m.group)}</span>
          {m.group.status === 'open' && left > 0 && (
            <span className="text-ink-mute">
              {' '}
              · {formatDateTime(m.group.expires_at)} 截止（剩余 {countdownText(left)}）
            </span>
          )}
        </p>
        <p className="mt-1 text-xs text-ink-mute">
          我的订单：{myOrderText(m)} ·{' '}
          <a className="text-info-link" href={props.phone ? `/m/my/order?id=${m.order_id}` : `/order/detail?id=${m.order_id}`}>
            查看订单
          </a>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end justify-center gap-2">
        {action && (
          <a className="gf-btn-primary h-8 px-4" href={action.href}>
            {action.label}
          </a>
        )}
        {m.group.status === 'open' && (
          <button
            type="button"
            className="gf-btn-ghost h-8 px-3"
            onClick={() => void copyLink(new URL(m.link, window.location.origin).href)}
          >
            邀请好友
          </button>
        )}
      </div>
    </li>
  );
}
