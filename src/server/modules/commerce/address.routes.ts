import type { OpenAPIHono } from '@hono/zod-openapi';
import { addressApi } from '~/lib/api/contract/address';
import { ADDRESS_TEXTS } from '~/lib/rules/address';
import { isRegion, loadRegions } from '~/lib/rules/regions';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { refuse } from '../../http/errors';
import { addressList, deleteAddress, saveAddress } from './address.service';

/** 收货地址 */
export function registerAddresses(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, addressApi.list, ({ user }) => addressList(user.id));
  endpoint(api, addressApi.save, async ({ input, user }) => {
    if (!isRegion(await loadRegions(), input.province, input.city, input.district)) throw refuse(ADDRESS_TEXTS.region);
    return saveAddress(user.id, input);
  });
  endpoint(api, addressApi.remove, async ({ input, user }) => {
    await deleteAddress(user.id, input.id);
    return null;
  });
}
