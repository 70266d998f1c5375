import { formatDateTime } from '~/lib/format';
import { approveShopCancel, refuseShopCancel, shopCancelQueue, type AdminShopCancel, type ShopCancelTab } from '~/lib/stores/admin-queues';
import { StatusQueue, type QueueConfig } from './StatusQueue';

const config: QueueConfig<AdminShopCancel, ShopCancelTab> = {
  queue: shopCancelQueue,
  tabs: [
    ['pending', '待审核'],
    ['approved', '已注销'],
    ['refused', '已驳回'],
    ['withdrawn', '已撤回'],
    ['', '全部'],
  ],
  empty: (status) => (status === 'pending' ? '没有待审核的注销申请' : '没有符合条件的申请'),
  pending: (a) => a.status === 'pending',
  view: {
    table: [
      { head: '申请时间', className: 'whitespace-nowrap text-ink-soft', cell: (a) => formatDateTime(a.created_at) },
      {
        head: '店铺',
        cell: (a) => (
          <>
            {a.shop_name}
            <div className="text-xs text-ink-mute">店主 {a.user_phone}</div>
          </>
        ),
      },
      { head: '注销原因', className: 'max-w-[260px] break-words', cell: (a) => a.reason },
      {
        head: '审核期间下架',
        cell: (a) => (
          <>
            {a.off_goods} 件商品 · {a.off_courses} 门课程
          </>
        ),
      },
      {
        head: '状态',
        cell: (a) => (
          <>
            {a.status_text}
            {a.refuse_reason && <div className="text-xs text-danger-strong">{a.refuse_reason}</div>}
            {a.problem && <div className="text-xs text-warning">暂不能批准：{a.problem}</div>}
          </>
        ),
      },
    ],
  },
  actions: [
    {
      label: '批准注销',
      look: 'link',
      disabled: (a) => Boolean(a.problem),
      // Approving takes an optional note only: the same dialog, with an empty note allowed.
      decision: (a) => ({
        title: '批准注销',
        label: '备注（选填，店主会看到）',
        confirm: '批准注销',
        done: '已批准注销',
        intro: <>批准后店铺「{a.shop_name}」关闭，店主恢复为普通会员，此操作不可撤销。</>,
        run: (note) => approveShopCancel(a.id, note),
      }),
    },
    {
      label: '驳回',
      look: 'danger',
      decision: (a) => ({
        title: '驳回注销申请',
        label: '驳回原因（店主会看到）',
        confirm: '驳回',
        danger: true,
        done: '已驳回，商品与课程已恢复上架',
        run: (reason) => refuseShopCancel(a.id, reason),
      }),
    },
  ],
};

/** /admin/shop-cancel (reviewer): approve a shop's cancellation, or refuse it with a reason. */
export default function ShopCancelQueue() {
  return <StatusQueue config={config} />;
}
