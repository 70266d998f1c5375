import { z } from 'zod';
import { STAFF_ROLES } from '../../rules/staff';
import { defineEndpoint, noOutput } from '../define';
import { bit, idField, intField, isoTime, pageInput, pageSchema, phoneField, textField } from '../fields';

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
      staff_id: idField('账号').optional(),
    }),
    output: pageSchema(auditRowSchema),
  }),
};

export const staffRowSchema = staffSchema.extend({
  status: bit().describe('1 在用，0 已停用'),
  created_at: isoTime(),
  last_login_at: isoTime().nullable(),
});
export type StaffRow = z.output<typeof staffRowSchema>;

/** A TOTP secret shown once, to enrol an authenticator app. */
export const enrolSchema = z.object({
  staff: staffRowSchema,
  secret: z.string(),
  uri: z.string(),
  qr: z.string().describe('otpauth URI 的二维码（data:image/png）'),
});

const staffIdInput = z.object({ id: intField('账号', { min: 1, tooSmall: '请选择账号' }) });

/** Staff management (super only): accounts, roles, stopping an account, a new second factor. */
export const adminStaffApi = {
  list: defineEndpoint({
    path: '/admin/staffList',
    summary: '后台账号列表',
    tags,
    access: 'operator',
    staff: ['super'],
    input: z.object({}),
    output: z.object({ list: z.array(staffRowSchema) }),
  }),
  create: defineEndpoint({
    path: '/admin/staffCreate',
    summary: '新建后台账号（返回一次性的动态验证码密钥）',
    tags,
    access: 'operator',
    staff: ['super'],
    input: z.object({
      phone: phoneField,
      name: textField('姓名', 32).min(1, '请填写姓名'),
      role: z.enum(STAFF_ROLES, { error: '请选择岗位' }),
      password: z.string({ error: '请设置密码' }).min(8, '密码至少 8 位').max(64, '密码最长 64 位'),
    }),
    output: enrolSchema,
  }),
  status: defineEndpoint({
    path: '/admin/staffStatus',
    summary: '停用或启用后台账号（停用后其会话立即失效）',
    tags,
    access: 'operator',
    staff: ['super'],
    input: staffIdInput.extend({ status: z.union([z.literal(0), z.literal(1)], { error: 'status 只能是 0 或 1' }) }),
    output: staffRowSchema,
  }),
  role: defineEndpoint({
    path: '/admin/staffRole',
    summary: '修改后台账号的岗位',
    tags,
    access: 'operator',
    staff: ['super'],
    input: staffIdInput.extend({ role: z.enum(STAFF_ROLES, { error: '请选择岗位' }) }),
    output: staffRowSchema,
  }),
  resetTotp: defineEndpoint({
    path: '/admin/staffResetTotp',
    summary: '重置动态验证码密钥（旧验证器作废，现有会话结束）',
    tags,
    access: 'operator',
    staff: ['super'],
    input: staffIdInput,
    output: enrolSchema,
  }),
};
