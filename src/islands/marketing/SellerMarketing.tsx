import { useState } from 'react';
import type { SellerArea } from '~/lib/rules/seller-nav';
import { SellerOnly } from '../seller/SellerOnly';
import GroupBuySection from './GroupBuySection';

/** The 营销 tools of a seller area, one tab each (拼团 here; the other growth tools add theirs). */
const TABS = [['groupbuy', '拼团']] as const;
type Tab = (typeof TABS)[number][0];

export default function SellerMarketing(props: { area: SellerArea }) {
  const [tab, setTab] = useState<Tab>('groupbuy');
  return (
    <SellerOnly area={props.area}>
      <div role="tablist" aria-label="营销工具" className="mb-4 flex gap-6 border-b border-line text-[15px]">
        {TABS.map(([v, label]) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={tab === v}
            onClick={() => setTab(v)}
            className={`-mb-px border-b-2 px-1 pb-2 ${tab === v ? 'border-brand font-600 text-brand' : 'border-transparent text-ink-soft hover:text-brand'}`}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'groupbuy' && <GroupBuySection />}
    </SellerOnly>
  );
}
