import { ADMIN_FLASH_PHASE_TEXT } from '~/lib/rules/growth-console';
import { cancelAdminFlash, flashOversight, type AdminFlash, type FlashTab } from '~/lib/stores/admin-growth';
import { StatusQueue, type QueueConfig } from '../StatusQueue';
import { pricesColumn, REASON_PLACEHOLDER, sellerColumn, stateColumn, windowColumn } from './oversight-parts';

const config: QueueConfig<AdminFlash, FlashTab> = {
  queue: flashOversight,
  tabs: [
    ['all', '全部'],
    ['running', ADMIN_FLASH_PHASE_TEXT.running],
    ['upcoming', ADMIN_FLASH_PHASE_TEXT.upcoming],
    ['ended', ADMIN_FLASH_PHASE_TEXT.ended],
    ['cancelled', ADMIN_FLASH_PHASE_TEXT.cancelled],
  ],
  empty: () => '没有符合条件的秒杀活动',
  pending: (s) => s.can_cancel === 1,
  view: {
    label: '秒杀活动',
    testId: 'flash-oversight',
    rowTestId: (s) => `flash-row-${s.id}`,
    table: [
      sellerColumn(),
      {
        head: '课程 / 商品',
        className: 'max-w-[260px]',
        cell: (s) => (
          <>
            <p>{s.title}</p>
            <p className="text-xs text-ink-mute">
              {s.kind === 'course' ? '课程' : `商品 · ${s.specs}`} · 每人限购 {s.per_member}
            </p>
          </>
        ),
      },
      pricesColumn('秒杀价 / 原价', (s) => [s.price, s.list_price]),
      {
        head: '库存 / 已售',
        cell: (s) => (
          <>
            {s.stock} / {s.sold}
          </>
        ),
      },
      windowColumn(),
      stateColumn((s) => s.phase, ADMIN_FLASH_PHASE_TEXT),
    ],
  },
  actions: [
    {
      label: '取消',
      look: 'danger',
      decision: (s) => ({
        title: '取消秒杀活动',
        label: '取消原因',
        placeholder: REASON_PLACEHOLDER,
        confirm: '取消活动',
        danger: true,
        intro: (
          <>
            {s.seller_name} 的「{s.title}」。取消后买家不能再抢购，已下的订单照常付款或到期关闭。
          </>
        ),
        done: '已取消并通知卖家',
        run: (reason) => cancelAdminFlash(s.id, reason),
      }),
    },
  ],
};

/** 秒杀监管: every seller's 秒杀, filtered by status; 取消 a sale not yet over, with a reason sent to the seller. */
export default function FlashOversight() {
  return <StatusQueue config={config} />;
}
