import type { ReactNode } from 'react';
import type { FinanceArea } from '~/lib/stores/seller-finance';
import { ProviderOnly } from '../provider/ProviderOnly';
import { SellerOnly } from './SellerOnly';

/** The finance pages' gate: the seller area's, or the provider area's (they share the pages). */
export function AreaOnly(props: { area: FinanceArea; children: ReactNode }) {
  return props.area === 'provider' ? (
    <ProviderOnly>{props.children}</ProviderOnly>
  ) : (
    <SellerOnly area={props.area}>{props.children}</SellerOnly>
  );
}
