import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gte, or } from 'drizzle-orm';
import type { ApiOutput } from '~/lib/api/types';
import { PROMOTION_TEXTS, SHARE_CODE_ALPHABET, SHARE_CODE_LENGTH, commissionOf, shareLink, type ShareKind } from '~/lib/rules/promotion';
import { db, type TxOrDb } from '../../db';
import { promotionClicks, promotionCodes } from '../../db/schema';
import { notFound } from '../../http/errors';
import { promotionLimits } from './limits';
import { itemOnSale, rateFor } from './items';

/** A fresh share code: 10 characters from 56, ~58 bits — not guessable from the member or another code. */
const newCode = (): string =>
  Array.from({ length: SHARE_CODE_LENGTH }, () => SHARE_CODE_ALPHABET[randomInt(SHARE_CODE_ALPHABET.length)]).join('');

/** A visitor token for the attribution cookie (128 random bits). */
export const newVisitor = (): string => randomBytes(16).toString('base64url');
export const VISITOR_RE = /^[A-Za-z0-9_-]{22}$/;

/** The member's share code, made on first use (a clash with another code retries). */
export async function codeOf(userId: number, tx: TxOrDb = db()): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const [have] = await tx.select({ code: promotionCodes.code }).from(promotionCodes).where(eq(promotionCodes.userId, userId)).limit(1);
    if (have) return have.code;
    await tx.insert(promotionCodes).values({ userId, code: newCode() }).onConflictDoNothing();
  }
  throw new Error(`no share code could be made for user ${userId}`);
}

/** The member's share link for an item, with what a friend's purchase at today's price would earn them. */
export async function myShareLink(userId: number, kind: ShareKind, id: number): Promise<ApiOutput<'/member/promotion/link'>> {
  const item = await itemOnSale(kind, id);
  if (!item) throw notFound(PROMOTION_TEXTS.itemNotFound);
  const limits = await promotionLimits();
  const [code, rate] = await Promise.all([codeOf(userId), rateFor(db(), item.seller, kind, id, limits)]);
  return {
    code,
    url: shareLink(kind, id, code),
    title: item.title,
    cover: item.cover,
    price: item.price,
    rate_bp: rate,
    commission: commissionOf(item.price, rate),
    window_days: limits.windowDays,
    rule: PROMOTION_TEXTS.rule(limits.windowDays),
  };
}

/** A reload of the same landing within this long records no second click. */
const RELOAD_MS = 10 * 60_000;

/**
 * A landing through `?share=<code>`: records the click for the visitor (the cookie token, and the
 * member when signed in). Nothing is recorded for an unknown code, an item not on sale, the sharer
 * opening their own link, or a reload of the visitor's latest landing; the visitor's latest click is
 * the one an order is credited to (last click wins).
 */
export async function recordClick(
  visitor: string,
  userId: number | null,
  input: { code: string; kind: ShareKind; id: number },
  now = new Date(),
): Promise<{ recorded: boolean }> {
  const [owner] = await db()
    .select({ userId: promotionCodes.userId })
    .from(promotionCodes)
    .where(eq(promotionCodes.code, input.code))
    .limit(1);
  if (!owner || owner.userId === userId) return { recorded: false };
  if (!(await itemOnSale(input.kind, input.id))) return { recorded: false };
  const mine = userId
    ? or(eq(promotionClicks.visitor, visitor), eq(promotionClicks.visitorUserId, userId))
    : eq(promotionClicks.visitor, visitor);
  const [last] = await db()
    .select()
    .from(promotionClicks)
    .where(and(mine, gte(promotionClicks.createdAt, new Date(now.getTime() - RELOAD_MS))))
    .orderBy(desc(promotionClicks.createdAt), desc(promotionClicks.id))
    .limit(1);
  if (last && last.sharerId === owner.userId && last.itemKind === input.kind && last.itemId === input.id) return { recorded: false };
  await db()
    .insert(promotionClicks)
    .values({ sharerId: owner.userId, visitor, visitorUserId: userId, itemKind: input.kind, itemId: input.id, createdAt: now });
  return { recorded: true };
}
