import { z } from 'zod';
import { defineEndpoint, noInput, noOutput } from '../define';
import { bit, flagField, idField, phoneField } from '../fields';
import { ADDRESS_LIMITS, ADDRESS_TEXTS } from '../../rules/address';

const tags = ['交易'];

const region = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(ADDRESS_LIMITS.region, ADDRESS_TEXTS.region);

/** A saved delivery address (the checkout shows and picks these too). */
export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().describe('完整手机号（本人可见）'),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
  is_default: bit().describe('1 为默认地址'),
});
export type Address = z.output<typeof addressSchema>;

/** What /member/addressSave takes: a new address, or with `id` an edit of one's own. */
export const addressInputSchema = z.object({
  id: idField('地址 id').optional(),
  name: z.string({ error: ADDRESS_TEXTS.name }).trim().min(1, ADDRESS_TEXTS.name).max(ADDRESS_LIMITS.name, ADDRESS_TEXTS.nameLong),
  phone: phoneField,
  province: region(ADDRESS_TEXTS.province),
  city: region(ADDRESS_TEXTS.city),
  district: region(ADDRESS_TEXTS.district),
  detail: z
    .string({ error: ADDRESS_TEXTS.detail })
    .trim()
    .min(ADDRESS_LIMITS.detailMin, ADDRESS_TEXTS.detailShort)
    .max(ADDRESS_LIMITS.detail, ADDRESS_TEXTS.detailLong),
  is_default: flagField('is_default').default(false),
});
/** The body as the browser sends it. */
export type AddressBody = z.input<typeof addressInputSchema>;
/** The body as the server reads it (trimmed, `is_default` a boolean). */
export type AddressInput = z.output<typeof addressInputSchema>;

/** The member's delivery addresses. Every call sees only the caller's own. */
export const addressApi = {
  list: defineEndpoint({
    path: '/member/addressList',
    summary: '收货地址列表（默认地址在前）',
    tags,
    access: 'member',
    input: noInput,
    output: z.array(addressSchema),
  }),
  save: defineEndpoint({
    path: '/member/addressSave',
    summary: `新增或修改收货地址（省市区须为真实行政区划，最多 ${ADDRESS_LIMITS.perMember} 个）`,
    tags,
    access: 'member',
    input: addressInputSchema,
    output: addressSchema,
    okMsg: '保存成功',
  }),
  remove: defineEndpoint({
    path: '/member/addressDelete',
    summary: '删除收货地址',
    tags,
    access: 'member',
    input: z.object({ id: idField('地址 id') }),
    output: noOutput,
    okMsg: '删除成功',
  }),
};
