/**
 * Creates an operator-console account (staff are never created by registration):
 *   npm run admin:create -- --phone 13912345678 --role finance [--name 张三] [--password …]
 * Roles: super, reviewer, finance, content, support. Without --password one is generated. Prints the
 * TOTP secret once, as text and as a QR code to scan with an authenticator app (Google
 * Authenticator, Microsoft Authenticator, 1Password…). Stop the server first on PGlite (one process
 * per data directory); on PostgreSQL it may run beside it.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { closeDatabase, database } from '../src/server/db';
import { createStaff } from '../src/server/modules/admin/staff.service';
import { STAFF_ROLES, type StaffRole } from '../src/lib/rules/staff';

const { values } = parseArgs({
  options: { phone: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
if (!values.phone || !values.role || !STAFF_ROLES.includes(values.role as StaffRole)) {
  console.error(
    `usage: npm run admin:create -- --phone <11 digits> --role <${STAFF_ROLES.join('|')}> [--name <name>] [--password <8+ chars>]`,
  );
  process.exit(2);
}
const password = values.password ?? randomBytes(12).toString('base64url');
const handle = database();
try {
  await handle.migrate();
  const made = await createStaff({ phone: values.phone, role: values.role as StaffRole, name: values.name ?? values.phone, password });
  console.log(`[admin:create] staff #${made.id} ${values.phone} (${values.role}) created`);
  if (!values.password) console.log(`password: ${password}   (shown once — hand it over safely)`);
  console.log(`TOTP secret: ${made.secret}\n${made.uri}\n`);
  console.log(await QRCode.toString(made.uri, { type: 'terminal', small: true }));
  console.log('Log in at /admin/login with the phone, the password and the 6-digit code from the app.');
} catch (err) {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : '';
  const msg = `${err instanceof Error ? err.message : String(err)} ${cause}`;
  console.error(`[admin:create] failed: ${/unique|duplicate/i.test(msg) ? 'that phone already has a staff account' : msg}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
