import type { ReactNode } from 'react';
import type { FinanceArea } from '~/lib/stores/seller-finance';
import { ProviderOnly } from '../provider/ProviderOnly';
import { MemberOnly } from '../ui/MemberOnly';
import { SellerOnly } from './SellerOnly';

/** The finance pages' gate: the seller area's, the provider area's, or any member's (分销 commission); they share the pages. */
export function AreaOnly(props: { area: FinanceArea; children: ReactNode }) {
  if (props.area === 'promotion') return <MemberOnly>{props.children}</MemberOnly>;
  return props.area === 'provider' ? (
    <ProviderOnly>{props.children}</ProviderOnly>
  ) : (
    <SellerOnly area={props.area}>{props.children}</SellerOnly>
  );
}
