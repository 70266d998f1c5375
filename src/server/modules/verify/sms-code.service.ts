import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { T } from '~/lib/texts';
import { db } from '../../db';
import { smsCodes, smsOutbox, users } from '../../db/schema';
import { env } from '../../env';
import { log } from '../../log';
import { refuse, tooMany } from '../../http/errors';
import { sms } from '../../providers/sms';
import { smsText } from '../../providers/sms';
import { sign } from '../../security/tokens';
import { SMS_TEXTS, type SmsPurpose } from '~/lib/api/contract/verify';

export { SMS_PURPOSES, SMS_TEXTS, type SmsPurpose } from '~/lib/api/contract/verify';

/** SPEC §9: 60 s between sends to one phone. */
export const SMS_COOLDOWN_S = 60;
export const SMS_LIFE_MIN = 5;
export const SMS_MAX_ATTEMPTS = 5;

const codeHash = (phone: string, purpose: string, code: string) => sign(`sms:${purpose}:${phone}:${code}`).slice(0, 64);

/** Rules of a purpose that depend on who owns the phone (checked before anything is sent). */
async function checkPurpose(phone: string, purpose: SmsPurpose): Promise<void> {
  if (purpose !== 'register' && purpose !== 'forget_pw' && purpose !== 'login') return;
  const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  if (purpose === 'register' && owner) throw refuse(SMS_TEXTS.phoneTaken);
  if ((purpose === 'forget_pw' || purpose === 'login') && !owner) throw refuse(SMS_TEXTS.phoneUnknown);
}

/**
 * Issues a code to `phone` for `purpose`: enforces the cooldown and daily caps under a per-phone
 * lock (so two racing requests cannot both pass), replaces any live code, and hands the text to the
 * SMS provider. The caller has already verified the captcha.
 */
export async function issueSmsCode(phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
  await checkPurpose(phone, purpose);
  const e = env();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    const now = Date.now();
    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last && now - last.createdAt.getTime() < SMS_COOLDOWN_S * 1000) throw tooMany(T.smsCooling);
    const dayAgo = new Date(now - 86_400_000);
    const [byPhone] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, dayAgo)));
    if ((byPhone?.n ?? 0) >= e.SMS_DAILY_PER_PHONE) throw tooMany(SMS_TEXTS.phoneDailyCap);
    if (ip) {
      const [byIp] = await tx
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, dayAgo)));
      if ((byIp?.n ?? 0) >= e.SMS_DAILY_PER_IP) throw tooMany(SMS_TEXTS.ipDailyCap);
    }
    // One live code per phone and purpose: a new one replaces the old.
    await tx
      .update(smsCodes)
      .set({ spentAt: new Date(now) })
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.spentAt)));
    const [row] = await tx
      .insert(smsCodes)
      .values({ phone, purpose, ip, codeHash: codeHash(phone, purpose, code), expiresAt: new Date(now + SMS_LIFE_MIN * 60_000) })
      .returning({ id: smsCodes.id });
    if (!row) throw new Error('sms code insert returned nothing');
    return row.id;
  });

  const msg = { phone, purpose, code, minutes: SMS_LIFE_MIN };
  const provider = sms();
  try {
    const ref = await provider.send(msg);
    await db()
      .insert(smsOutbox)
      .values({ phone, purpose, content: smsText(msg), provider: provider.name, result: ref });
  } catch (err) {
    // The code never reached the phone: kill it, but keep the row so the cooldown still holds.
    log.warn('sms send failed', { provider: provider.name, phone, error: String(err) });
    await db().update(smsCodes).set({ spentAt: new Date() }).where(eq(smsCodes.id, id));
    await db()
      .insert(smsOutbox)
      .values({
        phone,
        purpose,
        content: smsText({ ...msg, code: '******' }),
        provider: provider.name,
        result: `failed: ${String(err).slice(0, 200)}`,
      });
    throw refuse(SMS_TEXTS.sendFailed);
  }
}

/**
 * Whether the newest code for phone + purpose was killed by wrong guesses (not spent by a success
 * or by time): a guess that arrives just after the fifth wrong one hears "too many tries", the same
 * as the ones before it, rather than "expired".
 */
async function lockedByGuesses(phone: string, purpose: SmsPurpose): Promise<boolean> {
  const [last] = await db()
    .select({ attempts: smsCodes.attempts, expiresAt: smsCodes.expiresAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  return !!last && last.attempts >= SMS_MAX_ATTEMPTS && last.expiresAt > new Date();
}

/**
 * Consumes the live code for phone + purpose. Every try takes one of five slots before the
 * comparison, so a burst gets five comparisons at most; a right one spends the code (a
 * conditional update, so it passes once). With every slot taken, the code is locked.
 */
export async function consumeSmsCode(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
  const input = code.trim();
  if (!input) throw refuse(SMS_TEXTS.codeRequired);
  const [live] = await db()
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.spentAt), gt(smsCodes.expiresAt, new Date())))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  if (!live) throw refuse((await lockedByGuesses(phone, purpose)) ? SMS_TEXTS.codeLocked : SMS_TEXTS.codeExpired);
  // The attempt is counted before the code is compared, in one conditional update, so a burst of
  // concurrent guesses gets at most SMS_MAX_ATTEMPTS comparisons.
  const [slot] = await db()
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, live.id), isNull(smsCodes.spentAt), lt(smsCodes.attempts, SMS_MAX_ATTEMPTS)))
    .returning({ attempts: smsCodes.attempts });
  if (!slot) throw refuse(SMS_TEXTS.codeLocked);
  if (live.codeHash !== codeHash(phone, purpose, input)) {
    // The last slot taken: no comparison follows (the update above refuses a sixth). The code is
    // not killed here, since a slot taken earlier may be the right code still in flight.
    throw refuse(slot.attempts >= SMS_MAX_ATTEMPTS ? SMS_TEXTS.codeLocked : SMS_TEXTS.codeWrong);
  }
  const spent = await db()
    .update(smsCodes)
    .set({ spentAt: new Date() })
    .where(and(eq(smsCodes.id, live.id), isNull(smsCodes.spentAt)))
    .returning({ id: smsCodes.id });
  if (!spent.length) throw refuse(SMS_TEXTS.codeExpired);
}

/**
 * Moves every code of `phone` two minutes back, so the 60 s cooldown is over without waiting. The
 * codes stay live (their expiry is unchanged) and still count towards the daily caps. Test rigs only.
 */
export async function skipSmsCooldown(phone: string): Promise<number> {
  const moved = await db()
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - interval '2 minutes'` })
    .where(eq(smsCodes.phone, phone))
    .returning({ id: smsCodes.id });
  return moved.length;
}
