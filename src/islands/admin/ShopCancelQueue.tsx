import { useState } from 'react';
import type { AdminShopCancel } from '~/lib/api/contract/operations';
import { adminApi } from '~/lib/api/admin-client';
import { formatDateTime } from '~/lib/format';
import { PagerButtons } from '../ui/PagerButtons';
import { useLoad } from '../ui/useLoad';
import { DecisionDialog } from '../ui/DecisionDialog';
import { bodyCell, headCell } from '../ui/Table';
import { StatusTabs } from '../ui/Tabs';
import { inlineLinkBtn } from '../ui/buttons';
import { LoadedList } from '../ui/states';

const LIMIT = 20;
const TABS = [
  ['pending', '待审核'],
  ['approved', '已注销'],
  ['refused', '已驳回'],
  ['withdrawn', '已撤回'],
  ['', '全部'],
] as const;
type Tab = (typeof TABS)[number][0];

/** /admin/shop-cancel (reviewer): approve a shop's cancellation, or refuse it with a reason. */
export default function ShopCancelQueue() {
  const [status, setStatus] = useState<Tab>('pending');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ kind: 'approve' | 'refuse'; a: AdminShopCancel } | null>(null);
  const q = useLoad(() => adminApi('/admin/shopCancels', { status, page, limit: LIMIT }), `${status}:${page}`);
  return (
    <div>
      <StatusTabs
        value={status}
        tabs={TABS}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
      />
      <LoadedList q={q} empty={status === 'pending' ? '没有待审核的注销申请' : '没有符合条件的申请'}>
        {(data) => (
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-head text-ink-soft">
              <tr>
                <th className={headCell}>申请时间</th>
                <th className={headCell}>店铺</th>
                <th className={headCell}>注销原因</th>
                <th className={headCell}>审核期间下架</th>
                <th className={headCell}>状态</th>
                <th className={headCell}>操作</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((a) => (
                <tr key={a.id} className="border-b border-line">
                  <td className={`${bodyCell} whitespace-nowrap text-ink-soft`}>{formatDateTime(a.created_at)}</td>
                  <td className={bodyCell}>
                    {a.shop_name}
                    <div className="text-xs text-ink-mute">店主 {a.user_phone}</div>
                  </td>
                  <td className={`${bodyCell} max-w-[260px] break-words`}>{a.reason}</td>
                  <td className={bodyCell}>
                    {a.off_goods} 件商品 · {a.off_courses} 门课程
                  </td>
                  <td className={bodyCell}>
                    {a.status_text}
                    {a.refuse_reason && <div className="text-xs text-danger-strong">{a.refuse_reason}</div>}
                    {a.problem && <div className="text-xs text-warning">暂不能批准：{a.problem}</div>}
                  </td>
                  <td className={`${bodyCell} whitespace-nowrap`}>
                    {a.status === 'pending' ? (
                      <>
                        <button
                          type="button"
                          className={inlineLinkBtn}
                          disabled={Boolean(a.problem)}
                          onClick={() => setDialog({ kind: 'approve', a })}
                        >
                          批准注销
                        </button>
                        <button
                          type="button"
                          className="ml-3 text-danger-strong hover:underline"
                          onClick={() => setDialog({ kind: 'refuse', a })}
                        >
                          驳回
                        </button>
                      </>
                    ) : (
                      <span className="text-ink-mute">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={page} total={q.data.total} limit={LIMIT} onPage={setPage} />}
      {dialog?.kind === 'approve' && (
        <ApproveDialog
          a={dialog.a}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            q.reload();
          }}
        />
      )}
      {dialog?.kind === 'refuse' && (
        <DecisionDialog
          title="驳回注销申请"
          label="驳回原因（店主会看到）"
          confirm="驳回"
          danger
          done="已驳回，商品与课程已恢复上架"
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await adminApi('/admin/shopCancel/refuse', { id: dialog.a.id, reason });
            q.reload();
          }}
        />
      )}
    </div>
  );
}

/** Approving takes an optional note only: the same dialog, with an empty note allowed. */
function ApproveDialog(props: { a: AdminShopCancel; onClose: () => void; onDone: () => void }) {
  return (
    <DecisionDialog
      title="批准注销"
      label="备注（选填，店主会看到）"
      confirm="批准注销"
      done="已批准注销"
      intro={<>批准后店铺「{props.a.shop_name}」关闭，店主恢复为普通会员，此操作不可撤销。</>}
      onClose={props.onClose}
      onConfirm={async (note) => {
        await adminApi('/admin/shopCancel/approve', { id: props.a.id, note });
        props.onDone();
      }}
    />
  );
}
