import { db } from '../db/index';
import { users } from '../db/schema';
import { hashPassword } from '../security/password';
import { COACHES, SHOPS } from './data/catalogue';

/** The password every seeded account starts with (printed in the README). */
export const DEMO_PASSWORD = 'gongfu123';

/** The demo accounts printed in the README: one per role. */
export const DEMO_USERS = [
  { phone: '13800000001', password: DEMO_PASSWORD, nickName: '习武小白', identity: 0, serviceId: 0, role: '会员' },
  { phone: '13800000002', password: DEMO_PASSWORD, nickName: '陈师傅', identity: 2, serviceId: 0, role: '教练' },
  { phone: '13800000003', password: DEMO_PASSWORD, nickName: '武当山货铺', identity: 1, serviceId: 0, role: '店主' },
  { phone: '13800000004', password: DEMO_PASSWORD, nickName: '华武供应链', identity: 0, serviceId: 1, role: '服务商' },
] as const;

/** Inserts the demo accounts that are missing (matched by phone). */
export async function seedUsers(): Promise<number> {
  let added = 0;
  for (const u of DEMO_USERS) {
    const rows = await db()
      .insert(users)
      .values({
        phone: u.phone,
        passwordHash: await hashPassword(u.password),
        nickName: u.nickName,
        identity: u.identity,
        serviceId: u.serviceId,
        intro: `${u.role}演示账号`,
      })
      .onConflictDoNothing({ target: users.phone })
      .returning({ id: users.id });
    added += rows.length;
  }
  return added;
}

/** Every account the seed creates with DEMO_PASSWORD: the four demo roles, the other coaches and shops. */
export const SEEDED_PHONES: readonly string[] = [
  ...new Set([...DEMO_USERS.map((u) => u.phone), ...COACHES.map((c) => c.phone), ...SHOPS.map((s) => s.phone)]),
];
