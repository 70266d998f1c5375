import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context';
import { registerWallet } from './wallet.routes';
import { registerAddresses } from './address.routes';
import { registerCart } from './cart.routes';
import { registerCoupons } from './coupon.routes';
import { registerCheckout } from './checkout.routes';
import { registerPaying } from './pay.routes';
import { registerOrders } from './order.routes';
import { registerStudy } from './study.routes';

/**
 * Cart, addresses, coupons, orders, payments, wallet and study records. Every member
 * call sees only the caller's own data; the gateways' notify endpoints answer in their own format.
 */
export function registerCommerce(api: OpenAPIHono<AppEnv>): void {
  registerWallet(api);
  registerAddresses(api);
  registerCart(api);
  registerCoupons(api);
  registerCheckout(api);
  registerPaying(api);
  registerOrders(api);
  registerStudy(api);
}
