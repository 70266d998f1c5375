import { asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { StaffRow } from '~/lib/api/contract/admin';
import type { AuditAction } from '~/lib/rules/audit';
import { STAFF_ROLE_LABEL, type StaffRole } from '~/lib/rules/staff';
import { db, type Db, type Tx } from '../../db';
import { staff, staffSessions } from '../../db/schema';
import type { ApiContext, StaffUser } from '../../http/context';
import { notFound, refuse } from '../../http/errors';
import { hashPassword } from '../../security/password';
import { audit } from '../../console/audit';
import { newTotpSecret, sealTotpSecret, totpUri } from './totp';

/** Staff management for super: the console's own accounts, every change audited. */
type Actor = { staff: StaffUser; c: ApiContext };
type StaffRecord = typeof staff.$inferSelect;

const view = (s: StaffRecord): StaffRow => ({
  id: s.id,
  name: s.name,
  phone: s.phone,
  role: s.role as StaffRole,
  role_text: STAFF_ROLE_LABEL[s.role as StaffRole] ?? s.role,
  status: s.status === 1 ? 1 : 0,
  created_at: s.createdAt.toISOString(),
  last_login_at: s.lastLoginAt?.toISOString() ?? null,
});
/** What the audit keeps of a staff row: never the password hash or the sealed secret. */
const auditable = (s: StaffRecord) => ({ name: s.name, phone: s.phone, role: s.role, status: s.status });

export async function staffList(): Promise<{ list: StaffRow[] }> {
  const rows = await db().select().from(staff).orderBy(asc(staff.id));
  return { list: rows.map(view) };
}

async function enrolment(row: StaffRecord, secret: string) {
  const uri = totpUri(secret, row.phone);
  return { staff: view(row), secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) };
}

export async function createStaffAccount(a: Actor, input: { phone: string; name: string; role: StaffRole; password: string }) {
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(input.password);
  const row = await db().transaction(async (tx) => {
    const [made] = await tx
      .insert(staff)
      .values({ phone: input.phone, name: input.name, role: input.role, passwordHash, totpSecret: sealTotpSecret(secret) })
      .onConflictDoNothing({ target: staff.phone })
      .returning();
    if (!made) throw refuse('该手机号已有后台账号');
    await audit(tx, a, { action: 'staff.create', target: 'staff', targetId: made.id, before: null, after: auditable(made) });
    return made;
  });
  return enrolment(row, secret);
}

/** One guarded change of a staff row (never one's own: super cannot lock themself out). */
async function change(
  a: Actor,
  id: number,
  action: AuditAction,
  patch: (s: StaffRecord) => Partial<StaffRecord> | null,
  after?: (tx: Db | Tx) => Promise<void>,
) {
  if (id === a.staff.id) throw refuse('不能修改自己的账号，请让另一位超级管理员操作');
  return db().transaction(async (tx) => {
    const [cur] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
    if (!cur) throw notFound('后台账号不存在');
    const set = patch(cur);
    if (!set) return cur;
    const [next] = await tx.update(staff).set(set).where(eq(staff.id, id)).returning();
    if (!next) throw notFound('后台账号不存在');
    await after?.(tx);
    await audit(tx, a, { action, target: 'staff', targetId: id, before: auditable(cur), after: auditable(next) });
    return next;
  });
}

/** Stopping an account ends its sessions at once (they stop resolving; here they are revoked too). */
export async function setStaffStatus(a: Actor, id: number, status: 0 | 1): Promise<StaffRow> {
  const row = await change(
    a,
    id,
    status ? 'staff.enable' : 'staff.disable',
    (s) => (s.status === status ? null : { status }),
    status
      ? undefined
      : (tx) =>
          tx
            .update(staffSessions)
            .set({ revoked: true })
            .where(eq(staffSessions.staffId, id))
            .then(() => undefined),
  );
  return view(row);
}

export async function setStaffRole(a: Actor, id: number, role: StaffRole): Promise<StaffRow> {
  return view(await change(a, id, 'staff.role', (s) => (s.role === role ? null : { role })));
}

/** A new second factor: the old authenticator stops working and the account's sessions end. */
export async function resetStaffTotp(a: Actor, id: number) {
  const secret = newTotpSecret();
  const row = await change(
    a,
    id,
    'staff.reset_totp',
    () => ({ totpSecret: sealTotpSecret(secret), lastTotpStep: 0 }),
    (tx) =>
      tx
        .update(staffSessions)
        .set({ revoked: true })
        .where(eq(staffSessions.staffId, id))
        .then(() => undefined),
  );
  return enrolment(row, secret);
}
