import type { StaffRole } from '~/lib/rules/staff';
import { staffMay } from '~/lib/rules/staff';

/** A to-do queue the dashboard counts (pending applications, withdrawals to pay…). */
export interface AdminQueue {
  key: string;
  label: string;
  /** The console page that works the queue. */
  href: string;
  /** Who works it (super always). */
  roles: readonly StaffRole[];
  count: () => Promise<number>;
}

const queues = new Map<string, AdminQueue>();

/** Feature modules register their queues when their routes are registered (idempotent by key). */
export function registerQueue(q: AdminQueue): void {
  queues.set(q.key, q);
}

/** The queues a role works, with their current counts. */
export async function queueCounts(role: StaffRole): Promise<{ key: string; label: string; href: string; count: number }[]> {
  const mine = [...queues.values()].filter((q) => staffMay(role, q.roles));
  return Promise.all(mine.map(async (q) => ({ key: q.key, label: q.label, href: q.href, count: await q.count() })));
}
