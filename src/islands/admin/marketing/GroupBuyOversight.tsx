import { useState } from 'react';
import type { AdminGroupCampaign } from '~/lib/api/contract/groupbuy';
import { formatDateTime, priceText } from '~/lib/format';
import { CAMPAIGN_STATE_TEXT, type CampaignState } from '~/lib/rules/groupbuy';
import { REASON_LIMITS } from '~/lib/rules/growth-console';
import { fetchAdminGroupBuys, stopAdminGroupBuy } from '~/lib/stores/admin-growth';
import { DecisionDialog } from '../../ui/DecisionDialog';
import { PagerButtons } from '../../ui/PagerButtons';
import { LoadedList } from '../../ui/states';
import { StatusTabs } from '../../ui/Tabs';
import { Table, td, Th } from '../../ui/Table';
import { useLoad } from '../../ui/useLoad';

const LIMIT = 15;
type State = 'all' | CampaignState;
const STATES: readonly (readonly [State, string])[] = [
  ['all', '全部'],
  ['running', CAMPAIGN_STATE_TEXT.running],
  ['upcoming', CAMPAIGN_STATE_TEXT.upcoming],
  ['ended', CAMPAIGN_STATE_TEXT.ended],
  ['stopped', CAMPAIGN_STATE_TEXT.stopped],
];
const STATE_CLS: Record<CampaignState, string> = {
  running: 'bg-success-pale text-success-strong',
  upcoming: 'bg-page text-ink-soft',
  ended: 'bg-page text-ink-mute',
  stopped: 'bg-danger-pale text-danger-strong',
};

/** 拼团监管: every seller's 拼团 campaigns; 停止 an active one (open groups run to their deadline), with a reason sent to the seller. */
export default function GroupBuyOversight() {
  const [state, setState] = useState<State>('all');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<AdminGroupCampaign | null>(null);
  const q = useLoad(() => fetchAdminGroupBuys({ page, limit: LIMIT, state }), `${state}-${page}`);
  return (
    <div data-testid="groupbuy-oversight">
      <StatusTabs
        value={state}
        tabs={STATES}
        onChange={(s) => {
          setState(s);
          setPage(1);
        }}
      />
      <LoadedList q={q} empty="没有符合条件的拼团活动">
        {(data) => (
          <Table
            label="拼团活动"
            head={
              <>
                <Th>卖家</Th>
                <Th>课程 / 班级</Th>
                <Th>拼团价 / 原价</Th>
                <Th>成团人数 · 时限</Th>
                <Th>活动时间</Th>
                <Th>开团 / 成团 / 未成团</Th>
                <Th>状态</Th>
                <Th>操作</Th>
              </>
            }
          >
            {data.list.map((c) => (
              <tr key={c.id} data-row={`groupbuy-${c.id}`}>
                <td className={td}>
                  {c.seller_name || '—'}
                  <span className="ml-1 text-xs text-ink-mute">{c.seller_type === 'coach' ? '教练' : '店铺'}</span>
                </td>
                <td className={`${td} max-w-[240px]`}>
                  <p>{c.item.title}</p>
                  <p className="text-xs text-ink-mute">{c.item.kind === 'course' ? '课程' : '班级'}</p>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <span className="text-price">{priceText(c.price)}</span>
                  <span className="ml-1 text-xs text-ink-mute line-through">{priceText(c.item.price)}</span>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {c.size} 人 · {c.limit_hours} 小时
                </td>
                <td className={`${td} whitespace-nowrap text-xs text-ink-soft`}>
                  {formatDateTime(c.starts_at)}
                  <br />至 {formatDateTime(c.ends_at)}
                </td>
                <td className={td}>
                  {c.opened} / {c.formed} / {c.failed}
                </td>
                <td className={td}>
                  <span className={`rounded px-2 py-0.5 text-xs ${STATE_CLS[c.state]}`}>{CAMPAIGN_STATE_TEXT[c.state]}</span>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {c.state === 'running' || c.state === 'upcoming' ? (
                    <button type="button" className="text-sm text-danger-strong hover:underline" onClick={() => setTarget(c)}>
                      停止
                    </button>
                  ) : (
                    <span className="text-ink-mute">—</span>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={page} total={q.data.total} limit={LIMIT} onPage={setPage} />}
      {target && (
        <DecisionDialog
          title="停止拼团活动"
          label="停止原因"
          placeholder={`将通知卖家，${REASON_LIMITS.min}–${REASON_LIMITS.max} 字`}
          confirm="停止活动"
          danger
          intro={
            <p className="mb-3 text-sm text-ink-soft">
              {target.seller_name} 的「{target.item.title}」。停止后不再开新团，进行中的团继续到截止时间。
            </p>
          }
          done="已停止并通知卖家"
          onClose={() => setTarget(null)}
          onConfirm={(reason) => stopAdminGroupBuy({ id: target.id, reason }).then(q.reload)}
        />
      )}
    </div>
  );
}
