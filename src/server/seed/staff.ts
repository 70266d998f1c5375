import { staff } from '../db/schema';
import { db } from '../db/index';
import { hashPassword } from '../security/password';
import { sealTotpSecret } from '../modules/admin/totp';
import { DEMO_PASSWORD } from './users';
import { DEMO_STAFF, DEMO_STAFF_TOTP } from './staff-demo';

export { DEMO_STAFF, DEMO_STAFF_TOTP };

/** Inserts the demo staff that are missing (matched by phone). */
export async function seedStaff(): Promise<number> {
  let added = 0;
  for (const s of DEMO_STAFF) {
    const rows = await db()
      .insert(staff)
      .values({ ...s, passwordHash: await hashPassword(DEMO_PASSWORD), totpSecret: sealTotpSecret(DEMO_STAFF_TOTP) })
      .onConflictDoNothing({ target: staff.phone })
      .returning({ id: staff.id });
    added += rows.length;
  }
  return added;
}
