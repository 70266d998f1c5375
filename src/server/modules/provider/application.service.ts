import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SupplierStatus } from '~/lib/api/contract/provider';
import { APPLICATION_STATE_TEXT, DEFAULT_PROVIDER_BP, PROVIDER_BP_KEY, PROVIDER_TEXTS, type ApplicationState } from '~/lib/rules/provider';
import { db, type TxOrDb } from '../../db';
import { config, providerApplications, serviceProviders, users } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { notFound, refuse } from '../../http/errors';
import { viewableUrl } from '../../providers/storage';
import { ownDocument } from '../upload/documents';
import { forgetSessions } from '../auth/session.service';
import { sendMessage } from '../notice/notice.service';

/**
 * Provider applications (SPEC §4: supplier registration is open without a check).
 * A member submits; the operator approves (creating the provider row and setting the member's
 * service_id, so the header's 服务商管理 appears) or refuses with a reason the member reads in
 * notices and on the application page, and may then correct and submit again.
 */

type Application = typeof providerApplications.$inferSelect;

const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

function stateOf(a: Application | undefined, serviceId: number): ApplicationState {
  if (serviceId > 0) return 'approved';
  if (!a) return 'none';
  if (a.status === 'pending' || a.status === 'refused') return a.status;
  // Approved once but no longer a provider (disabled by the operator): may apply again.
  return 'none';
}

/** A licence photo as its viewer may load it: a signed URL for a private document. */
const licenceUrl = async (path: string) => (path ? viewableUrl(path) : '');

async function statusView(a: Application | undefined, serviceId: number): Promise<SupplierStatus> {
  const state = stateOf(a, serviceId);
  return {
    state,
    state_text: APPLICATION_STATE_TEXT[state],
    refuse_reason: a?.status === 'refused' ? a.refuseReason : '',
    review_note: a?.status === 'approved' ? a.reviewNote : '',
    form: a ? { name: a.name, contact: a.contact, phone: a.phone, city: a.city, intro: a.intro, licence: a.licence } : null,
    // For the applicant's own form (a refused one is corrected from it).
    licence_url: a ? await licenceUrl(a.licence) : '',
    submitted_at: a?.createdAt.toISOString() ?? null,
    decided_at: a?.decidedAt?.toISOString() ?? null,
    service_id: serviceId,
  };
}

async function latestOf(userId: number): Promise<Application | undefined> {
  const [a] = await db()
    .select()
    .from(providerApplications)
    .where(eq(providerApplications.userId, userId))
    .orderBy(desc(providerApplications.id))
    .limit(1);
  return a;
}

/** The caller's service_id as the database has it now (the session may be a few seconds old). */
async function serviceIdOf(userId: number): Promise<number> {
  const [u] = await db().select({ s: users.serviceId }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.s ?? 0;
}

/** /api/member/supplierStatus */
export async function supplierStatus(user: SessionUser): Promise<SupplierStatus> {
  const [a, serviceId] = await Promise.all([latestOf(user.id), serviceIdOf(user.id)]);
  return statusView(a, serviceId);
}

/** /api/public/supplierSettle: a new application (the first, or after a refusal). */
export async function submitApplication(
  user: SessionUser,
  input: { name: string; contact: string; phone: string; city: string; intro: string; licence: string },
): Promise<SupplierStatus> {
  if ((await serviceIdOf(user.id)) > 0) throw refuse(PROVIDER_TEXTS.alreadyProvider);
  // The licence (or proof of identity) is a private document the applicant uploaded.
  const licence = await ownDocument(user.id, input.licence, PROVIDER_TEXTS.licenceRequired);
  try {
    const [row] = await db()
      .insert(providerApplications)
      .values({ userId: user.id, ...input, licence })
      .returning();
    return statusView(row, 0);
  } catch (err) {
    // One pending application per member (partial unique index), whatever the race.
    if (isUniqueViolation(err)) throw refuse(PROVIDER_TEXTS.pending);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// The operator's side (the console's /admin/providers; audited by the caller in the same transaction)

export interface ApplicationRow {
  id: number;
  user_id: number;
  user_phone: string;
  user_nick: string;
  name: string;
  contact: string;
  phone: string;
  city: string;
  intro: string;
  licence: string;
  licence_url: string;
  status: 'pending' | 'approved' | 'refused';
  refuse_reason: string;
  review_note: string;
  created_at: string;
  decided_at: string | null;
}

const asStatus = (s: string): ApplicationRow['status'] => (s === 'approved' || s === 'refused' ? s : 'pending');

export async function applicationPage(q: {
  page: number;
  limit: number;
  status: 'pending' | 'approved' | 'refused' | 'all';
}): Promise<{ list: ApplicationRow[]; total: number; page: number; limit: number }> {
  const where = q.status === 'all' ? undefined : eq(providerApplications.status, q.status);
  const [rows, [total]] = await Promise.all([
    db()
      .select({ a: providerApplications, phone: users.phone, nick: users.nickName })
      .from(providerApplications)
      .innerJoin(users, eq(users.id, providerApplications.userId))
      .where(where)
      // Pending: oldest first (a queue); decided: newest first.
      .orderBy(q.status === 'pending' ? providerApplications.id : desc(providerApplications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(providerApplications).where(where),
  ]);
  return {
    list: await Promise.all(
      rows.map(async ({ a, phone, nick }) => ({
        id: a.id,
        user_id: a.userId,
        user_phone: phone ?? '',
        user_nick: nick,
        name: a.name,
        contact: a.contact,
        phone: a.phone,
        city: a.city,
        intro: a.intro,
        licence: a.licence,
        // Signed now, for the reviewer who opened the queue.
        licence_url: await licenceUrl(a.licence),
        status: asStatus(a.status),
        refuse_reason: a.refuseReason,
        review_note: a.reviewNote,
        created_at: a.createdAt.toISOString(),
        decided_at: a.decidedAt?.toISOString() ?? null,
      })),
    ),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

export async function pendingApplicationCount(): Promise<number> {
  const [r] = await db().select({ n: count() }).from(providerApplications).where(eq(providerApplications.status, 'pending'));
  return r?.n ?? 0;
}

/** The default share of a new provider (config `provider_commission_bp`, basis points). */
export async function defaultProviderBp(tx: TxOrDb): Promise<number> {
  const [row] = await tx.select({ v: config.value }).from(config).where(eq(config.key, PROVIDER_BP_KEY)).limit(1);
  const n = row ? Number(row.v) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 10_000 ? n : DEFAULT_PROVIDER_BP;
}

/** What an operator decision changed, for the audit row the caller writes in the same transaction. */
export interface Decision {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * Approves a pending application: pending → approved (guarded), the provider row, the member's
 * service_id, and a notice — one transaction. `then` runs inside it (the console's audit row).
 * Answers false when it was no longer pending.
 */
export async function approveApplication(
  id: number,
  staffId: number,
  note: string,
  then?: (tx: TxOrDb, d: Decision) => Promise<void>,
): Promise<{ providerId: number } | false> {
  const result = await db().transaction(async (tx) => {
    const [a] = await tx
      .update(providerApplications)
      .set({ status: 'approved', reviewNote: note, reviewedBy: staffId, decidedAt: new Date() })
      .where(and(eq(providerApplications.id, id), eq(providerApplications.status, 'pending')))
      .returning();
    if (!a) {
      const [exists] = await tx.select({ id: providerApplications.id }).from(providerApplications).where(eq(providerApplications.id, id));
      if (!exists) throw notFound(PROVIDER_TEXTS.applicationNotFound);
      return false as const;
    }
    // A member disabled as a provider earlier keeps their row: it is brought back with the new details.
    const values = {
      name: a.name,
      contact: a.contact,
      phone: a.phone,
      city: a.city,
      intro: a.intro,
      status: 1,
      applicationId: a.id,
      updatedAt: new Date(),
    };
    const [p] = await tx
      .insert(serviceProviders)
      .values({ userId: a.userId, commissionBp: await defaultProviderBp(tx), ...values })
      .onConflictDoUpdate({ target: serviceProviders.userId, set: values })
      .returning({ id: serviceProviders.id, bp: serviceProviders.commissionBp });
    if (!p) throw new Error('provider upsert returned nothing');
    await tx.update(users).set({ serviceId: p.id }).where(eq(users.id, a.userId));
    await sendMessage(
      {
        userId: a.userId,
        kind: 'notice',
        title: '服务商入驻申请已通过',
        content: `<p>恭喜！您提交的服务商入驻申请（${escapeHtml(a.name)}）已审核通过。${note ? `审核备注：${escapeHtml(note)}。` : ''}现在可以在“服务商管理”中邀请教练组建团队。</p>`,
        link: '/my/service_identity',
      },
      tx,
    );
    await then?.(tx, {
      before: { status: 'pending', service_id: 0 },
      after: { status: 'approved', service_id: p.id, provider_id: p.id, commission_bp: p.bp, note },
    });
    return { providerId: p.id, userId: a.userId };
  });
  if (!result) return false;
  // The member's cached sessions carry service_id: the next request reads it afresh.
  forgetSessions({ userId: result.userId });
  return { providerId: result.providerId };
}

/** Refuses a pending application with a reason the applicant reads; false when no longer pending. */
export async function refuseApplication(
  id: number,
  staffId: number,
  reason: string,
  then?: (tx: TxOrDb, d: Decision) => Promise<void>,
): Promise<boolean> {
  const why = reason.trim();
  if (!why) throw refuse(PROVIDER_TEXTS.reasonRequired);
  return db().transaction(async (tx) => {
    const [a] = await tx
      .update(providerApplications)
      .set({ status: 'refused', refuseReason: why, reviewedBy: staffId, decidedAt: new Date() })
      .where(and(eq(providerApplications.id, id), eq(providerApplications.status, 'pending')))
      .returning();
    if (!a) {
      const [exists] = await tx.select({ id: providerApplications.id }).from(providerApplications).where(eq(providerApplications.id, id));
      if (!exists) throw notFound(PROVIDER_TEXTS.applicationNotFound);
      return false;
    }
    await sendMessage(
      {
        userId: a.userId,
        kind: 'notice',
        title: '服务商入驻申请未通过',
        content: `<p>很抱歉，您提交的服务商入驻申请（${escapeHtml(a.name)}）未通过审核。</p><p>原因：${escapeHtml(why)}</p><p>您可以修改资料后重新提交。</p>`,
        link: '/account/regprovider',
      },
      tx,
    );
    await then?.(tx, { before: { status: 'pending' }, after: { status: 'refused', reason: why } });
    return true;
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

export interface ProviderRow {
  id: number;
  user_id: number;
  user_phone: string;
  name: string;
  contact: string;
  phone: string;
  city: string;
  commission_bp: number;
  status: number;
  team_size: number;
  created_at: string;
}

/** The console's provider list with team sizes; `key` matches the name, contact phone or the account's phone. */
export async function providerPage(q: { page: number; limit: number; key: string }): Promise<{
  list: ProviderRow[];
  total: number;
  page: number;
  limit: number;
}> {
  const key = q.key.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = key
    ? or(ilike(serviceProviders.name, `%${key}%`), ilike(serviceProviders.phone, `%${key}%`), ilike(users.phone, `%${key}%`))
    : undefined;
  const teamSize = sql<number>`(select count(*) from provider_team t where t.provider_id = "service_providers"."id" and t.status = 'active')::int`;
  const [rows, [total]] = await Promise.all([
    db()
      .select({ p: serviceProviders, phone: users.phone, team: teamSize })
      .from(serviceProviders)
      .innerJoin(users, eq(users.id, serviceProviders.userId))
      .where(where)
      .orderBy(desc(serviceProviders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(serviceProviders).innerJoin(users, eq(users.id, serviceProviders.userId)).where(where),
  ]);
  return {
    list: rows.map(({ p, phone, team }) => ({
      id: p.id,
      user_id: p.userId,
      user_phone: phone ?? '',
      name: p.name,
      contact: p.contact,
      phone: p.phone,
      city: p.city,
      commission_bp: p.commissionBp,
      status: p.status,
      team_size: Number(team),
      created_at: p.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}
