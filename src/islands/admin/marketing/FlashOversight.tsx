import { useState } from 'react';
import type { AdminFlash } from '~/lib/api/contract/flash';
import { formatDateTime, priceText } from '~/lib/format';
import type { FlashPhase } from '~/lib/rules/flash';
import { ADMIN_FLASH_PHASE_TEXT, REASON_LIMITS } from '~/lib/rules/growth-console';
import { cancelAdminFlash, fetchAdminFlash } from '~/lib/stores/admin-growth';
import { DecisionDialog } from '../../ui/DecisionDialog';
import { PagerButtons } from '../../ui/PagerButtons';
import { LoadedList } from '../../ui/states';
import { StatusTabs } from '../../ui/Tabs';
import { Table, td, Th } from '../../ui/Table';
import { useLoad } from '../../ui/useLoad';

const LIMIT = 15;
type Phase = 'all' | FlashPhase;
const PHASES: readonly (readonly [Phase, string])[] = [
  ['all', '全部'],
  ['running', ADMIN_FLASH_PHASE_TEXT.running],
  ['upcoming', ADMIN_FLASH_PHASE_TEXT.upcoming],
  ['ended', ADMIN_FLASH_PHASE_TEXT.ended],
  ['cancelled', ADMIN_FLASH_PHASE_TEXT.cancelled],
];
const PHASE_CLS: Record<FlashPhase, string> = {
  running: 'bg-success-pale text-success-strong',
  upcoming: 'bg-page text-ink-soft',
  ended: 'bg-page text-ink-mute',
  cancelled: 'bg-danger-pale text-danger-strong',
};

/** 秒杀监管: every seller's 秒杀, filtered by status; 取消 a sale not yet over, with a reason sent to the seller. */
export default function FlashOversight() {
  const [phase, setPhase] = useState<Phase>('all');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<AdminFlash | null>(null);
  const q = useLoad(() => fetchAdminFlash({ page, limit: LIMIT, phase }), `${phase}-${page}`);
  return (
    <div data-testid="flash-oversight">
      <StatusTabs
        value={phase}
        tabs={PHASES}
        onChange={(p) => {
          setPhase(p);
          setPage(1);
        }}
      />
      <LoadedList q={q} empty="没有符合条件的秒杀活动">
        {(data) => (
          <Table
            label="秒杀活动"
            head={
              <>
                <Th>卖家</Th>
                <Th>课程 / 商品</Th>
                <Th>秒杀价 / 原价</Th>
                <Th>库存 / 已售</Th>
                <Th>活动时间</Th>
                <Th>状态</Th>
                <Th>操作</Th>
              </>
            }
          >
            {data.list.map((s) => (
              <tr key={s.id} data-row={`flash-${s.id}`}>
                <td className={td}>
                  {s.seller_name || '—'}
                  <span className="ml-1 text-xs text-ink-mute">{s.seller_type === 'coach' ? '教练' : '店铺'}</span>
                </td>
                <td className={`${td} max-w-[260px]`}>
                  <p>{s.title}</p>
                  <p className="text-xs text-ink-mute">
                    {s.kind === 'course' ? '课程' : `商品 · ${s.specs}`} · 每人限购 {s.per_member}
                  </p>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <span className="text-price">{priceText(s.price)}</span>
                  <span className="ml-1 text-xs text-ink-mute line-through">{priceText(s.list_price)}</span>
                </td>
                <td className={td}>
                  {s.stock} / {s.sold}
                </td>
                <td className={`${td} whitespace-nowrap text-xs text-ink-soft`}>
                  {formatDateTime(s.starts_at)}
                  <br />至 {formatDateTime(s.ends_at)}
                </td>
                <td className={td}>
                  <span className={`rounded px-2 py-0.5 text-xs ${PHASE_CLS[s.phase]}`}>{ADMIN_FLASH_PHASE_TEXT[s.phase]}</span>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {s.can_cancel === 1 ? (
                    <button type="button" className="text-sm text-danger-strong hover:underline" onClick={() => setTarget(s)}>
                      取消
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
          title="取消秒杀活动"
          label="取消原因"
          placeholder={`将通知卖家，${REASON_LIMITS.min}–${REASON_LIMITS.max} 字`}
          confirm="取消活动"
          danger
          intro={
            <p className="mb-3 text-sm text-ink-soft">
              {target.seller_name} 的「{target.title}」。取消后买家不能再抢购，已下的订单照常付款或到期关闭。
            </p>
          }
          done="已取消并通知卖家"
          onClose={() => setTarget(null)}
          onConfirm={(reason) => cancelAdminFlash({ id: target.id, reason }).then(q.reload)}
        />
      )}
    </div>
  );
}
