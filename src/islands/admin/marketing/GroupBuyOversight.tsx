import { CAMPAIGN_STATE_TEXT } from '~/lib/rules/groupbuy';
import { groupBuyOversight, stopAdminGroupBuy, type AdminGroupCampaign, type GroupBuyTab } from '~/lib/stores/admin-growth';
import { StatusQueue, type QueueConfig } from '../StatusQueue';
import { pricesColumn, REASON_PLACEHOLDER, sellerColumn, stateColumn, windowColumn } from './oversight-parts';

const config: QueueConfig<AdminGroupCampaign, GroupBuyTab> = {
  queue: groupBuyOversight,
  tabs: [
    ['all', '全部'],
    ['running', CAMPAIGN_STATE_TEXT.running],
    ['upcoming', CAMPAIGN_STATE_TEXT.upcoming],
    ['ended', CAMPAIGN_STATE_TEXT.ended],
    ['stopped', CAMPAIGN_STATE_TEXT.stopped],
  ],
  empty: () => '没有符合条件的拼团活动',
  pending: (c) => c.state === 'running' || c.state === 'upcoming',
  view: {
    label: '拼团活动',
    testId: 'groupbuy-oversight',
    rowTestId: (c) => `groupbuy-row-${c.id}`,
    table: [
      sellerColumn(),
      {
        head: '课程 / 班级',
        className: 'max-w-[240px]',
        cell: (c) => (
          <>
            <p>{c.item.title}</p>
            <p className="text-xs text-ink-mute">{c.item.kind === 'course' ? '课程' : '班级'}</p>
          </>
        ),
      },
      pricesColumn('拼团价 / 原价', (c) => [c.price, c.item.price]),
      {
        head: '成团人数 · 时限',
        className: 'whitespace-nowrap',
        cell: (c) => (
          <>
            {c.size} 人 · {c.limit_hours} 小时
          </>
        ),
      },
      windowColumn(),
      {
        head: '开团 / 成团 / 未成团',
        cell: (c) => (
          <>
            {c.opened} / {c.formed} / {c.failed}
          </>
        ),
      },
      stateColumn((c) => c.state, CAMPAIGN_STATE_TEXT),
    ],
  },
  actions: [
    {
      label: '停止',
      look: 'danger',
      decision: (c) => ({
        title: '停止拼团活动',
        label: '停止原因',
        placeholder: REASON_PLACEHOLDER,
        confirm: '停止活动',
        danger: true,
        intro: (
          <>
            {c.seller_name} 的「{c.item.title}」。停止后不再开新团，进行中的团继续到截止时间。
          </>
        ),
        done: '已停止并通知卖家',
        run: (reason) => stopAdminGroupBuy(c.id, reason),
      }),
    },
  ],
};

/** 拼团监管: every seller's 拼团 campaigns; 停止 an active one (open groups run to their deadline), with a reason sent to the seller. */
export default function GroupBuyOversight() {
  return <StatusQueue config={config} />;
}
