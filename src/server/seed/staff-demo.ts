import type { StaffRole } from '../../lib/rules/staff';

/**
 * The demo console accounts, one per staff role, all sharing one published TOTP secret (README) so
 * a demo or a test can compute the code. Production start refuses them while they keep the demo
 * password (startup.ts); real staff are created with `npm run admin:create`.
 */
export const DEMO_STAFF_TOTP = 'GONGFUDEMOSTAFFTOTPSECRETABCDEFG';

export const DEMO_STAFF: readonly { phone: string; name: string; role: StaffRole }[] = [
  { phone: '13900000001', name: '超级管理员', role: 'super' },
  { phone: '13900000002', name: '审核专员', role: 'reviewer' },
  { phone: '13900000003', name: '财务专员', role: 'finance' },
  { phone: '13900000004', name: '内容运营', role: 'content' },
  { phone: '13900000005', name: '客服专员', role: 'support' },
];
