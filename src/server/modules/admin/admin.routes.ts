import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { adminApi, adminStaffApi } from '~/lib/api/contract/admin';
import { STAFF_COOKIE, STAFF_ROLE_LABEL, STAFF_SESSION_MAX_HOURS, type StaffRole } from '~/lib/rules/staff';
import { db } from '../../db';
import { auditLog } from '../../db/schema';
import { env } from '../../env';
import { clientIp, type AppEnv, type StaffUser } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { queueCounts } from '../../console/queues';
import { loginStaff, logoutStaff } from './staff.service';
import { createStaffAccount, resetStaffTotp, setStaffRole, setStaffStatus, staffList } from './staff-admin.service';

const staffInfo = (s: StaffUser) => ({ id: s.id, name: s.name, phone: s.phone, role: s.role, role_text: STAFF_ROLE_LABEL[s.role] });

/** The operator console's session, dashboard and audit trail. */
export function registerAdmin(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, adminApi.login, async ({ input, c }) => {
    const { token, staff } = await loginStaff({ ...input, ip: clientIp(c) });
    // httpOnly: page scripts never see the token; Strict: no other site can ride on it.
    setCookie(c, STAFF_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: env().SITE_URL.startsWith('https:'),
      path: '/',
      maxAge: STAFF_SESSION_MAX_HOURS * 3600,
    });
    return staffInfo(staff);
  });
  endpoint(api, adminApi.logout, async ({ c }) => {
    await logoutStaff(getCookie(c, STAFF_COOKIE) ?? '');
    deleteCookie(c, STAFF_COOKIE, { path: '/' });
    return null;
  });
  endpoint(api, adminApi.me, ({ staff }) => staffInfo(staff));
  endpoint(api, adminStaffApi.list, () => staffList());
  endpoint(api, adminStaffApi.create, ({ staff, c, input }) => createStaffAccount({ staff, c }, input));
  endpoint(api, adminStaffApi.status, ({ staff, c, input }) => setStaffStatus({ staff, c }, input.id, input.status));
  endpoint(api, adminStaffApi.role, ({ staff, c, input }) => setStaffRole({ staff, c }, input.id, input.role));
  endpoint(api, adminStaffApi.resetTotp, ({ staff, c, input }) => resetStaffTotp({ staff, c }, input.id));
  endpoint(api, adminApi.dashboard, async ({ staff }) => ({ queues: await queueCounts(staff.role) }));
  endpoint(api, adminApi.audit, async ({ input }) => {
    const where: SQL[] = [];
    if (input.action) where.push(eq(auditLog.action, input.action));
    if (input.target) where.push(eq(auditLog.target, input.target));
    if (input.target_id) where.push(eq(auditLog.targetId, input.target_id));
    if (input.staff_id) where.push(eq(auditLog.staffId, input.staff_id));
    const cond = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      db()
        .select()
        .from(auditLog)
        .where(cond)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(input.limit)
        .offset((input.page - 1) * input.limit),
      db().select({ n: count() }).from(auditLog).where(cond),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        staff_id: r.staffId,
        staff_name: r.staffName,
        staff_role: STAFF_ROLE_LABEL[r.staffRole as StaffRole] ?? r.staffRole,
        action: r.action,
        target: r.target,
        target_id: r.targetId,
        before: r.before ?? null,
        after: r.after ?? null,
        note: r.note,
        ip: r.ip,
        at: r.at.toISOString(),
      })),
      total: total?.n ?? 0,
      page: input.page,
      limit: input.limit,
    };
  });
}
