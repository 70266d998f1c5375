import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { idField, phoneField } from '../../http/fields';
import { refuse } from '../../http/errors';
import { isRegion, loadRegions } from '~/lib/rules/regions';
import { addressList, deleteAddress, saveAddress } from './address.service';

const anyObj = z.record(z.string(), z.unknown());
const region = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .max(16);

/** 收货地址 */
export function registerAddresses(api: OpenAPIHono<AppEnv>): void {
  const tags = ['交易'];
  endpoint(
    api,
    { path: '/member/addressList', summary: '收货地址列表', tags, access: 'member', output: z.array(anyObj) },
    ({ user }) => addressList(user.id) as never,
  );
  endpoint(
    api,
    {
      path: '/member/addressSave',
      summary: '新增或修改收货地址（省市区须为真实行政区划）',
      tags,
      access: 'member',
      input: z.object({
        id: idField('地址 id').optional(),
        name: z.string({ error: '请填写收货人' }).trim().min(1, '请填写收货人').max(20, '收货人最多 20 个字'),
        phone: phoneField,
        province: region('省份'),
        city: region('城市'),
        district: region('区县'),
        detail: z.string({ error: '请填写详细地址' }).trim().min(4, '详细地址至少 4 个字').max(120, '详细地址最多 120 个字'),
        is_default: z.coerce.boolean().default(false),
      }),
      output: anyObj,
      okMsg: '保存成功',
    },
    async ({ input, user }) => {
      if (!isRegion(await loadRegions(), input.province, input.city, input.district)) throw refuse('请选择正确的省市区');
      return saveAddress(user.id, input) as never;
    },
  );
  endpoint(
    api,
    {
      path: '/member/addressDelete',
      summary: '删除收货地址',
      tags,
      access: 'member',
      input: z.object({ id: idField('地址 id') }),
      output: z.null(),
      okMsg: '删除成功',
    },
    async ({ input, user }) => {
      await deleteAddress(user.id, input.id);
      return null;
    },
  );
}
