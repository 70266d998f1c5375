import type { ReactNode } from 'react';
import type { SellerArea } from '~/lib/rules/seller-nav';
import { SellerOnly } from './SellerOnly';

/** An Astro page's static content behind the gate (its children arrive as server-rendered HTML). */
export default function SellerGate(props: { area: SellerArea; children?: ReactNode }) {
  return <SellerOnly area={props.area}>{props.children}</SellerOnly>;
}
