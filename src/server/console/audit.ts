import type { AuditAction, AuditTarget } from '~/lib/rules/audit';
import { auditLog } from '../db/schema';
import type { Db, Tx } from '../db';
import { clientIp, type ApiContext, type StaffUser } from '../http/context';

export interface AuditEntry {
  /** What was done, `<thing>.<verb>`: 'withdrawal.pay', 'member.disable', 'article.update'… (each has its label). */
  action: AuditAction;
  /** The table or kind of record (labelled too), and its id. */
  target: AuditTarget;
  targetId?: string | number;
  /** The record (or the fields that changed) before and after; null for a creation or a deletion. */
  before?: unknown;
  after?: unknown;
  /** The operator's note or reason, when the action takes one. */
  note?: string;
}

/**
 * Writes the audit row of one console write. Call it inside the same transaction as the change,
 * so a change without its row (or a row without its change) cannot happen.
 */
export async function audit(tx: Db | Tx, ctx: { staff: StaffUser; c: ApiContext }, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: ctx.staff.id,
    staffName: ctx.staff.name,
    staffRole: ctx.staff.role,
    action: entry.action,
    target: entry.target,
    targetId: entry.targetId === undefined ? '' : String(entry.targetId),
    before: entry.before === undefined ? null : jsonSafe(entry.before),
    after: entry.after === undefined ? null : jsonSafe(entry.after),
    note: entry.note ?? '',
    ip: clientIp(ctx.c),
  });
}

/** Dates and bigints as strings, so any drizzle row can be stored as it was. */
function jsonSafe(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)));
}
