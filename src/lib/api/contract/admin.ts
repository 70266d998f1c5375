import { z } from 'zod';
import { STAFF_ROLES } from '../../rules/staff';
import { defineEndpoint, noOutput } from '../define';
import { isoTime, pageInput, pageSchema, phoneField, textField } from '../fields';

const tags = ['运营后台'];

export const staffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  role: z.enum(STAFF_ROLES),
  role_text: z.string(),
});
export type StaffInfo = z.output<typeof staffSchema>;

export const auditRowSchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  staff_role: z.string(),
  action: z.string(),
  target: z.string(),
  target_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  note: z.string(),
  ip: z.string(),
  at: isoTime(),
});
export type AuditRow = z.output<typeof auditRowSchema>;

/** The console's own session and audit trail; feature queues live in their modules' contracts. */
export const adminApi = {
  login: defineEndpoint({
    path: '/admin/login',
    summary: '运营后台登录（密码 + 动态验证码），成功后写入 httpOnly 会话 Cookie',
    tags,
    access: 'public',
    input: z.object({
      phone: phoneField,
      password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码最长 64 位'),
      code: z
        .string({ error: '请输入动态验证码' })
        .trim()
        .regex(/^\d{6}$/, '动态验证码为 6 位数字'),
    }),
    output: staffSchema,
  }),
  logout: defineEndpoint({
    path: '/admin/logout',
    summary: '退出运营后台',
    tags,
    access: 'operator',
    input: z.object({}),
    output: noOutput,
    okMsg: '已退出',
  }),
  me: defineEndpoint({
    path: '/admin/me',
    summary: '当前登录的后台账号',
    tags,
    access: 'operator',
    input: z.object({}),
    output: staffSchema,
  }),
  dashboard: defineEndpoint({
    path: '/admin/dashboard',
    summary: '工作台：本岗位各待办队列的数量',
    tags,
    access: 'operator',
    input: z.object({}),
    output: z.object({
      queues: z.array(z.object({ key: z.string(), label: z.string(), href: z.string(), count: z.number().int() })),
    }),
  }),
  audit: defineEndpoint({
    path: '/admin/audit',
    summary: '操作日志（只读，不可修改）',
    tags,
    access: 'operator',
    staff: ['super'],
    input: z.object({
      ...pageInput,
      action: textField('操作', 48).optional(),
      target: textField('对象', 48).optional(),
      target_id: textField('对象编号', 64).optional(),
      staff_id: z.coerce.number<number | string>().int().positive().optional(),
    }),
    output: pageSchema(auditRowSchema),
  }),
};
