import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CoachAnswers,
  IdentityApplication,
  MyApplication,
  Settled,
  ShopAnswers,
  coachApplyInput,
  shopApplyInput,
} from '~/lib/api/contract/applications';
import {
  APPLICATION_STATES,
  APPLICATION_STATE_TEXT,
  APPLY_TEXTS as A,
  ExamineStatus,
  KIND_INFO,
  examineMessage,
  maskIdNumber,
  mayApply,
  type ApplicationKind,
  type ApplicationState,
  type ExamineStatusValue,
} from '~/lib/rules/applications';
import { INT4_MAX } from '~/lib/api/fields';
import { Identity } from '~/lib/rules/roles';
import { citiesOf, isRegion, loadRegions } from '~/lib/rules/regions';
import { db, type TxOrDb } from '../../db';
import { coaches, identityApplications, labels, shops, users, wallets } from '../../db/schema';
import { refuse } from '../../http/errors';
import { normaliseStoredPath } from '../../providers/storage';
import { documentUrls, ownDocument } from '../upload/documents';
import { forgetSessions } from '../auth/session.service';
import { syncChatAccount } from '../../providers/im/account-sync';
import { checkPayPassword } from '../commerce/coin-pay.service';
import { changeCoins, coinsFor, walletBalance } from '../../ledger/coins';
import { configValues } from '../site/site.service';
import { publicChanged } from '../seller/settings.service';
import { encryptIdNumber } from './id-crypto';

/**
 * Coach and shop applications, member side: the examine status of SPEC §4, submitting
 * and resubmitting, the refusal and the settlement that grants the identity. Every change runs
 * under a lock on the member's `users` row, so a double submit or a double settlement finds the
 * state already moved; the partial unique index backs that up.
 */

export type Row = typeof identityApplications.$inferSelect;

export const IDENTITY_OF: Record<ApplicationKind, number> = { coach: Identity.COACH, shop: Identity.MECHANT };
const otherKind = (k: ApplicationKind): ApplicationKind => (k === 'coach' ? 'shop' : 'coach');

/** Config keys of the settlement fee, in fen (missing or unreadable = 0 = free). */
export const FEE_KEYS: Record<ApplicationKind, string> = { coach: 'coach_settle_fee', shop: 'shop_settle_fee' };

export async function settleFee(kind: ApplicationKind): Promise<number> {
  const key = FEE_KEYS[kind];
  const raw = (await configValues([key]))[key] ?? '';
  const fee = Number.parseInt(raw, 10);
  // The fee is stored in an int4 column: a larger setting is read as the largest (nobody can pay it), never a 500.
  return Number.isFinite(fee) && fee > 0 ? Math.min(fee, INT4_MAX) : 0;
}

export function stateOf(r: Row): ApplicationState {
  const s = APPLICATION_STATES.find((x) => x === r.status);
  if (!s) throw new Error(`identity application ${r.id} has unknown status ${r.status}`);
  return s;
}

export function kindOf(r: Row): ApplicationKind {
  if (r.kind !== 'coach' && r.kind !== 'shop') throw new Error(`identity application ${r.id} has unknown kind ${r.kind}`);
  return r.kind;
}

export function myView(r: Row): MyApplication {
  const status = stateOf(r);
  return {
    id: r.id,
    kind: kindOf(r),
    status,
    status_text: APPLICATION_STATE_TEXT[status],
    refuse_reason: r.refuseReason,
    review_note: r.reviewNote,
    fee: r.fee,
    created_at: r.createdAt.toISOString(),
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
    settled_at: r.settledAt?.toISOString() ?? null,
  };
}

/* ---------- stored answers ---------- */

const str = (a: Record<string, unknown>, k: string): string => (typeof a[k] === 'string' ? a[k] : '');
const strs = (a: Record<string, unknown>, k: string): string[] => {
  const v = a[k];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
};
const nums = (a: Record<string, unknown>, k: string): number[] => {
  const v = a[k];
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
};

export function coachAnswers(r: Row): CoachAnswers {
  const a = r.answers;
  return {
    real_name: str(a, 'real_name'),
    id_number_mask: r.idNumberMask,
    id_front: str(a, 'id_front'),
    id_back: str(a, 'id_back'),
    phone: str(a, 'phone'),
    province: str(a, 'province'),
    city: str(a, 'city'),
    label_ids: nums(a, 'label_ids'),
    labels: strs(a, 'labels'),
    intro: str(a, 'intro'),
    certificates: strs(a, 'certificates'),
  };
}

export function shopAnswers(r: Row): ShopAnswers {
  const a = r.answers;
  return {
    shop_name: str(a, 'shop_name'),
    logo: str(a, 'logo'),
    licence_no: str(a, 'licence_no'),
    licence_image: str(a, 'licence_image'),
    province: str(a, 'province'),
    city: str(a, 'city'),
    district: str(a, 'district'),
    address: str(a, 'address'),
    contact_name: str(a, 'contact_name'),
    contact_phone: str(a, 'contact_phone'),
  };
}

/** The verification documents an application cites (ID photos, certificates; the licence photo). */
export function documentsOf(r: Row): string[] {
  if (kindOf(r) === 'coach') {
    const a = coachAnswers(r);
    return [a.id_front, a.id_back, ...a.certificates].filter(Boolean);
  }
  return [shopAnswers(r).licence_image].filter(Boolean);
}

/* ---------- the examine status (SPEC §4) ---------- */

async function latest(tx: TxOrDb, userId: number, kind: ApplicationKind): Promise<Row | undefined> {
  const [r] = await tx
    .select()
    .from(identityApplications)
    .where(and(eq(identityApplications.userId, userId), eq(identityApplications.kind, kind)))
    .orderBy(desc(identityApplications.id))
    .limit(1);
  return r;
}

interface Examined {
  status: ExamineStatusValue;
  detail: string;
  own: Row | undefined;
}

async function examine(tx: TxOrDb, userId: number, identity: number, kind: ApplicationKind): Promise<Examined> {
  const own = await latest(tx, userId, kind);
  if (identity === IDENTITY_OF[kind]) return { status: ExamineStatus.SETTLED, detail: '', own };
  if (identity === IDENTITY_OF[otherKind(kind)]) return { status: ExamineStatus.OTHER, detail: '', own };
  const theirs = await latest(tx, userId, otherKind(kind));
  if (theirs && (theirs.status === 'pending' || theirs.status === 'approved'))
    return { status: ExamineStatus.OTHER_PENDING, detail: '', own };
  switch (own?.status) {
    case 'pending':
      return { status: ExamineStatus.PENDING, detail: '', own };
    case 'approved':
      return { status: ExamineStatus.APPROVED, detail: '', own };
    case 'refused':
      return { status: ExamineStatus.REFUSED, detail: own.refuseReason, own };
    // No application, or the identity a settled one granted has ended (a cancelled shop).
    default:
      return { status: ExamineStatus.NONE, detail: '', own };
  }
}

async function identityOf(tx: TxOrDb, userId: number, lock = false): Promise<number> {
  const q = tx.select({ identity: users.identity }).from(users).where(eq(users.id, userId)).limit(1);
  const [u] = lock ? await q.for('update') : await q;
  if (!u) throw refuse('账号不存在，请重新登录');
  return u.identity;
}

/** `/api/member/coachExamineStatus` / `shopExamineStatus`: the status value (the msg comes from the contract). */
export async function examineStatus(userId: number, kind: ApplicationKind): Promise<ExamineStatusValue> {
  const identity = await identityOf(db(), userId);
  return (await examine(db(), userId, identity, kind)).status;
}

/** `/api/member/identityApplication`: status, msg, the last application, the fee and the member's coins. */
export async function identityApplication(userId: number, kind: ApplicationKind): Promise<IdentityApplication> {
  const identity = await identityOf(db(), userId);
  const [e, fee, coins, [u]] = await Promise.all([
    examine(db(), userId, identity, kind),
    settleFee(kind),
    walletBalance(userId),
    db().select({ pay: users.payPasswordHash }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  return {
    kind,
    status: e.status,
    msg: examineMessage(kind, e.status, e.detail),
    fee,
    coins,
    has_pay_password: Boolean(u?.pay),
    application: e.own ? myView(e.own) : null,
  };
}

/* ---------- submitting ---------- */

/** A public image (the shop logo): one of our stored paths. */
function image(path: string, missing: string): string {
  const p = normaliseStoredPath(path);
  if (p === null) throw refuse(A.badImage);
  if (!p) throw refuse(missing);
  return p;
}

const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * Writes a new application when the status allows it (1 or 4). `prepare` sees the last own
 * application (to reuse a refused one's ID number) and returns the row to insert.
 */
async function submit(
  userId: number,
  kind: ApplicationKind,
  prepare: (own: Row | undefined) => Pick<Row, 'title' | 'answers' | 'idNumberCipher' | 'idNumberMask'>,
): Promise<MyApplication> {
  try {
    return await db().transaction(async (tx) => {
      const identity = await identityOf(tx, userId, true);
      const e = await examine(tx, userId, identity, kind);
      if (!mayApply(e.status)) throw refuse(examineMessage(kind, e.status, e.detail));
      const values = prepare(e.own);
      if (e.own?.status === 'settled') {
        await tx
          .update(identityApplications)
          .set({ status: 'closed' })
          .where(and(eq(identityApplications.id, e.own.id), eq(identityApplications.status, 'settled')));
      }
      const [row] = await tx
        .insert(identityApplications)
        .values({ userId, kind, ...values })
        .returning();
      if (!row) throw new Error('identity application insert returned nothing');
      return myView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(A.duplicate);
    throw err;
  }
}

/** `/api/registerCoach` */
export async function registerCoach(userId: number, input: z.output<typeof coachApplyInput>): Promise<MyApplication> {
  const regions = await loadRegions();
  if (!citiesOf(regions, input.province).includes(input.city)) throw refuse(A.cityBad);
  const ids = [...new Set(input.label_ids)];
  const found = await db().select({ id: labels.id, name: labels.name }).from(labels).where(inArray(labels.id, ids));
  if (found.length !== ids.length) throw refuse(A.labelBad);
  const byId = new Map(found.map((l) => [l.id, l.name]));
  // ID photos and certificates: the applicant's own private documents only.
  const [idFront, idBack, certificates] = await Promise.all([
    ownDocument(userId, input.id_front, A.idFront),
    ownDocument(userId, input.id_back, A.idBack),
    Promise.all(input.certificates.map((c) => ownDocument(userId, c, A.badImage))),
  ]);
  const answers = {
    real_name: input.real_name,
    id_front: idFront,
    id_back: idBack,
    phone: input.phone,
    province: input.province,
    city: input.city,
    label_ids: ids,
    labels: ids.map((id) => byId.get(id) ?? ''),
    intro: input.intro,
    certificates,
  };
  return submit(userId, 'coach', (own) => {
    let cipher: string;
    let mask: string;
    if (input.id_number) {
      cipher = encryptIdNumber(input.id_number);
      mask = maskIdNumber(input.id_number);
    } else if (own?.status === 'refused' && own.idNumberCipher) {
      // A resubmission may keep the number it gave last time (the form only shows its mask).
      cipher = own.idNumberCipher;
      mask = own.idNumberMask;
    } else {
      throw refuse(A.idNumber);
    }
    return { title: input.real_name, answers, idNumberCipher: cipher, idNumberMask: mask };
  });
}

/** `/api/registerShop` */
export async function registerShop(userId: number, input: z.output<typeof shopApplyInput>): Promise<MyApplication> {
  const regions = await loadRegions();
  if (!isRegion(regions, input.province, input.city, input.district)) throw refuse(A.cityBad);
  const answers = {
    shop_name: input.shop_name,
    logo: image(input.logo, A.logo),
    licence_no: input.licence_no,
    licence_image: await ownDocument(userId, input.licence_image, A.licenceImage),
    province: input.province,
    city: input.city,
    district: input.district,
    address: input.address,
    contact_name: input.contact_name,
    contact_phone: input.contact_phone,
  };
  return submit(userId, 'shop', () => ({ title: input.shop_name, answers, idNumberCipher: '', idNumberMask: '' }));
}

/** The last application, when it was refused (what the form is prefilled from). */
async function refused(userId: number, kind: ApplicationKind): Promise<Row> {
  const identity = await identityOf(db(), userId);
  const e = await examine(db(), userId, identity, kind);
  if (e.status !== ExamineStatus.REFUSED || !e.own) throw refuse(A.nothingRefused);
  return e.own;
}

const failBase = (r: Row) => ({ id: r.id, reason: r.refuseReason, reviewed_at: r.reviewedAt?.toISOString() ?? null });

/** `/api/member/coachFailInfo` (the documents with signed URLs only the applicant gets) */
export async function coachFailInfo(userId: number) {
  const r = await refused(userId, 'coach');
  return { ...failBase(r), answers: coachAnswers(r), doc_urls: await documentUrls(documentsOf(r)) };
}

/** `/api/member/shopFailInfo` */
export async function shopFailInfo(userId: number) {
  const r = await refused(userId, 'shop');
  return { ...failBase(r), answers: shopAnswers(r), doc_urls: await documentUrls(documentsOf(r)) };
}

/* ---------- settling ---------- */

/**
 * Creates (or, for a returning owner, reopens) the coach profile or the shop from the application.
 * What it copies becomes public: a coach's public name is the member's nickname (changed later in
 * the coach settings), never the real name of the application; ID data and documents stay here.
 */
async function grantProfile(tx: TxOrDb, userId: number, app: Row): Promise<void> {
  if (kindOf(app) === 'coach') {
    const a = coachAnswers(app);
    const [u] = await tx.select({ avatar: users.avatar, nick: users.nickName }).from(users).where(eq(users.id, userId)).limit(1);
    const values = { city: a.city, styles: a.labels, intro: a.intro, status: 1 };
    // A returning coach keeps the public name they chose.
    await tx
      .insert(coaches)
      .values({ userId, avatar: u?.avatar ?? '', name: u?.nick ?? '', ...values })
      .onConflictDoUpdate({ target: coaches.userId, set: values });
  } else {
    const a = shopAnswers(app);
    const values = { name: a.shop_name, logo: a.logo, city: a.city, status: 1 };
    await tx
      .insert(shops)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: shops.userId, set: values });
  }
}

/**
 * `/api/member/settledCoach` / `settledShop`: an approved application becomes the identity. The
 * fee (config, fen) is paid in kung fu coins behind the pay password, in the same transaction as
 * the guarded approved → settled update, the profile and users.identity — a second call finds
 * nothing approved and pays nothing.
 */
export async function settle(userId: number, kind: ApplicationKind, payPassword: string): Promise<Settled> {
  const fee = await settleFee(kind);
  const identity = await identityOf(db(), userId);
  const before = await examine(db(), userId, identity, kind);
  if (before.status === ExamineStatus.SETTLED) throw refuse(A.alreadySettled);
  if (before.status !== ExamineStatus.APPROVED)
    throw refuse(
      before.status === ExamineStatus.OTHER || before.status === ExamineStatus.OTHER_PENDING
        ? examineMessage(kind, before.status)
        : A.notApproved,
    );
  if (fee > 0) await checkPayPassword(userId, payPassword, A.payPwRequired);
  const result = await db().transaction(async (tx) => {
    const now = await identityOf(tx, userId, true);
    if (now === IDENTITY_OF[kind]) throw refuse(A.alreadySettled);
    if (now !== Identity.MEMBER) throw refuse(examineMessage(kind, ExamineStatus.OTHER));
    const [app] = await tx
      .update(identityApplications)
      .set({ status: 'settled', fee, settledAt: new Date() })
      .where(and(eq(identityApplications.userId, userId), eq(identityApplications.kind, kind), eq(identityApplications.status, 'approved')))
      .returning();
    if (!app) throw refuse(A.alreadySettled);
    const coins = coinsFor(fee);
    const balance =
      fee > 0
        ? await changeCoins(tx, userId, -coins, 'pay', { type: 'settle', id: app.id, note: `${KIND_INFO[kind].title}入驻费` })
        : await walletBalanceIn(tx, userId);
    await grantProfile(tx, userId, app);
    const [u] = await tx
      .update(users)
      .set({ identity: IDENTITY_OF[kind] })
      .where(and(eq(users.id, userId), eq(users.identity, Identity.MEMBER)))
      .returning({ identity: users.identity, serviceId: users.serviceId });
    if (!u) throw refuse(A.alreadySettled);
    return { identity: u.identity, service_id: u.serviceId, fee, coins_paid: fee > 0 ? coins : 0, balance, href: KIND_INFO[kind].manage };
  });
  // The next request sees the new identity (sessions are remembered for a few seconds), and the new
  // coach or shop appears in the public lists.
  forgetSessions({ userId });
  publicChanged();
  syncChatAccount({ id: userId });
  return result;
}

async function walletBalanceIn(tx: TxOrDb, userId: number): Promise<number> {
  const [w] = await tx.select({ coins: wallets.coins }).from(wallets).where(eq(wallets.userId, userId)).limit(1);
  return w?.coins ?? 0;
}
