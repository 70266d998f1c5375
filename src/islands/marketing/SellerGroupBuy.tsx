import type { SellerArea } from '~/lib/rules/seller-nav';
import { SellerOnly } from '../seller/SellerOnly';
import GroupBuySection from './GroupBuySection';

/** The 拼团 tab of a seller's 营销中心 (src/components/seller/MarketingTabs.astro picks the tab). */
export default function SellerGroupBuy(props: { area: SellerArea }) {
  return (
    <SellerOnly area={props.area}>
      <GroupBuySection />
    </SellerOnly>
  );
}
