import { z } from 'zod';
import { PROVIDER_LIMITS, PROVIDER_TEXTS } from '../../rules/provider';
import { defineEndpoint } from '../define';
import { idField, isoTime, pageInput, pageSchema } from '../fields';

const tags = ['运营后台'];

export const applicationRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_phone: z.string(),
  user_nick: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  city: z.string(),
  intro: z.string(),
  licence: z.string(),
  licence_url: z.string().describe('执照照片的临时查看地址（签名，打开页面时生成）'),
  status: z.enum(['pending', 'approved', 'refused']),
  refuse_reason: z.string(),
  review_note: z.string(),
  created_at: isoTime(),
  decided_at: isoTime().nullable(),
});
export type ApplicationRow = z.output<typeof applicationRowSchema>;

export const providerRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_phone: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  city: z.string(),
  commission_bp: z.number().int(),
  status: z.number().int(),
  team_size: z.number().int(),
  created_at: isoTime(),
});
export type ProviderRow = z.output<typeof providerRowSchema>;

/** /admin/providers: the provider applications queue and the providers (reviewers). */
export const adminProviderApi = {
  applications: defineEndpoint({
    path: '/admin/providers/applications',
    summary: '服务商入驻申请（待审核按提交先后）',
    tags,
    access: 'operator',
    staff: ['reviewer'],
    input: z.object({
      ...pageInput,
      status: z.enum(['pending', 'approved', 'refused', 'all'], { error: '状态不正确' }).default('pending'),
    }),
    output: pageSchema(applicationRowSchema),
  }),
  approve: defineEndpoint({
    path: '/admin/providers/approve',
    summary: '通过服务商申请（可附备注；申请人收到通知并成为服务商）',
    tags,
    access: 'operator',
    staff: ['reviewer'],
    input: z.object({
      id: idField('申请'),
      note: z.string({ error: '备注须为文字' }).trim().max(PROVIDER_LIMITS.reason, `备注最多 ${PROVIDER_LIMITS.reason} 个字`).default(''),
    }),
    output: z.object({ provider_id: z.number().int() }),
    okMsg: '已通过',
  }),
  refuse: defineEndpoint({
    path: '/admin/providers/refuse',
    summary: '拒绝服务商申请（原因通知申请人，可修改后重新提交）',
    tags,
    access: 'operator',
    staff: ['reviewer'],
    input: z.object({
      id: idField('申请'),
      reason: z
        .string({ error: PROVIDER_TEXTS.reasonRequired })
        .trim()
        .min(1, PROVIDER_TEXTS.reasonRequired)
        .max(PROVIDER_LIMITS.reason, PROVIDER_TEXTS.reasonLength),
    }),
    output: z.null(),
    okMsg: '已拒绝',
  }),
  list: defineEndpoint({
    path: '/admin/providers/list',
    summary: '服务商列表（含团队人数；按名称、电话搜索）',
    tags,
    access: 'operator',
    staff: ['reviewer'],
    input: z.object({ ...pageInput, key: z.string({ error: '关键字须为文字' }).trim().max(40, '关键字最多 40 个字').default('') }),
    output: pageSchema(providerRowSchema),
  }),
};
