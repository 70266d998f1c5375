import { db, type TxOrDb } from '../../db';

/*
 * Whether a member holds an active paid membership (VIP), asked by the catalogue (VIP免费 courses)
 * and by commerce (会员价 on goods). The membership lives in `vip`, a domain above both, so it
 * registers its answer here at start-up (src/server/hooks.ts) and these lower modules ask through
 * this table-free interface. Unregistered means nobody is a member: nothing is given away.
 */

export type MemberCheck = (tx: TxOrDb, userId: number, now: Date) => Promise<boolean>;

let check: MemberCheck | null = null;

/** Registers how to tell an active member (once, from src/server/hooks.ts). */
export function registerMembership(fn: MemberCheck): void {
  check = fn;
}

/** Whether `userId` is an active member at `now` (the membership ends at its end time). */
export async function isActiveMember(userId: number, tx: TxOrDb = db(), now = new Date()): Promise<boolean> {
  return check ? check(tx, userId, now) : false;
}
