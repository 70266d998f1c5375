import { z } from 'zod';
import { defineEndpoint, noOutput } from '../define';
import { bit, bitField, idField, idInput, imagePath, isoTime, pageInput, pageSchema, textField } from '../fields';
import { content, okId, optionalTime, required, sortField, tags } from './admin-content-fields';
import { ADVERT_POSITIONS } from '../../rules/admin-content';

/** The console's site settings: adverts and the configuration items. */

const POSITION_KEYS = ADVERT_POSITIONS.map((p) => p.key) as [string, ...string[]];
export const adminAdvertSchema = z.object({
  id: z.number().int(),
  position: z.string(),
  position_name: z.string(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  sort: z.number().int(),
  status: bit(),
  starts_at: isoTime().nullable(),
  ends_at: isoTime().nullable(),
  live: z.boolean().describe('此刻是否在前台展示'),
});
export type AdminAdvert = z.output<typeof adminAdvertSchema>;

export const configItemSchema = z.object({
  key: z.string(),
  title: z.string(),
  type: z.enum(['text', 'phone', 'image', 'keyword', 'url', 'bp']),
  value: z.string(),
  hint: z.string(),
  money: z.boolean(),
  editable: z.boolean().describe('当前账号能否修改'),
  updated_at: isoTime().nullable(),
});
export type ConfigItem = z.output<typeof configItemSchema>;

export const adminSiteApi = {
  adverts: defineEndpoint({
    path: '/admin/adverts',
    summary: '广告位的广告（全部状态）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ ...pageInput, position: z.enum(POSITION_KEYS, { error: '广告位不正确' }).optional() }),
    output: pageSchema(adminAdvertSchema),
  }),
  advertSave: defineEndpoint({
    path: '/admin/advertSave',
    summary: '新增或修改广告：图片、链接、排序、上下线、展示时段',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({
      id: idField('广告').optional(),
      position: z.enum(POSITION_KEYS, { error: '广告位不正确' }),
      title: required('广告标题', 64),
      image: imagePath('广告图片').min(1, '请上传广告图片'),
      link: textField('链接', 500).default(''),
      sort: sortField.default(0),
      status: bitField('上线状态').default(1),
      starts_at: optionalTime('开始时间'),
      ends_at: optionalTime('结束时间'),
    }),
    output: okId,
    okMsg: '已保存',
  }),
  advertStatus: defineEndpoint({
    path: '/admin/advertStatus',
    summary: '广告上线或下线',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ id: idField('广告'), status: bitField('上线状态') }),
    output: noOutput,
    okMsg: '已更新',
  }),
  advertDelete: defineEndpoint({
    path: '/admin/advertDelete',
    summary: '删除广告',
    tags,
    access: 'operator',
    staff: content,
    input: idInput(),
    output: noOutput,
    okMsg: '已删除',
  }),

  // ── config ──
  config: defineEndpoint({
    path: '/admin/config',
    summary: '站点配置（SPEC §3 的键及站点读取的其他键）；金额相关的键仅超级管理员可改',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ ...pageInput, limit: pageInput.limit.default(50) }),
    output: pageSchema(configItemSchema),
  }),
  configSave: defineEndpoint({
    path: '/admin/configSave',
    summary: '修改一项配置（按类型校验）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({
      key: z
        .string({ error: '配置项不正确' })
        .trim()
        .regex(/^[a-z0-9_]{1,64}$/, '配置项不正确'),
      value: z.string({ error: '请填写配置值' }).max(2000, '配置值太长'),
    }),
    output: noOutput,
    okMsg: '已保存',
  }),

  // ── coupons (finance) ──
};
