import { useState } from 'react';
import { staffMay, type StaffRole } from '~/lib/rules/staff';
import FlashOversight from './FlashOversight';
import GroupBuyOversight from './GroupBuyOversight';
import HotWordsAdmin from './HotWordsAdmin';
import PointsShopAdmin from './PointsShopAdmin';
import VipPlansTab from './VipPlansTab';
import AdminPromotionSettings from '../../promotion/AdminPromotionSettings';

/**
 * /admin/marketing: one tab per growth tool, each its own component; a role sees the tabs it may
 * use (积分商城, VIP套餐 and 分销设置: finance; 秒杀监管, 拼团监管 and 热门搜索词: content; super all).
 */
const TABS: readonly { key: string; label: string; roles: readonly StaffRole[] }[] = [
  { key: 'points', label: '积分商城', roles: ['finance'] },
  { key: 'vip', label: 'VIP套餐', roles: ['finance'] },
  { key: 'promotion', label: '分销设置', roles: ['finance'] },
  { key: 'flash', label: '秒杀监管', roles: ['content'] },
  { key: 'groupbuy', label: '拼团监管', roles: ['content'] },
  { key: 'hotwords', label: '热门搜索词', roles: ['content'] },
];

export default function MarketingPage(props: { role: StaffRole; initialTab: string }) {
  const tabs = TABS.filter((t) => staffMay(props.role, t.roles));
  const [tab, setTab] = useState(tabs.find((t) => t.key === props.initialTab)?.key ?? tabs[0]?.key ?? '');
  // The open tab is in the address (`?tab=`), so a reload or a shared link opens the same one.
  const open = (key: string) => {
    setTab(key);
    history.replaceState(null, '', `?tab=${key}`);
  };
  return (
    <div>
      <div role="tablist" aria-label="营销工具" className="mb-5 flex gap-6 border-b border-line">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            onClick={() => open(t.key)}
            className={`-mb-px border-b-2 pb-2.5 text-sm ${tab === t.key ? 'border-brand font-600 text-brand' : 'border-transparent text-ink-soft hover:text-brand'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'points' && <PointsShopAdmin />}
      {tab === 'vip' && <VipPlansTab />}
      {tab === 'promotion' && <AdminPromotionSettings />}
      {tab === 'flash' && <FlashOversight />}
      {tab === 'groupbuy' && <GroupBuyOversight />}
      {tab === 'hotwords' && <HotWordsAdmin />}
    </div>
  );
}
