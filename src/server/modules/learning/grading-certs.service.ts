import { and, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ApiOutput } from '~/lib/api/types';
import type { Certificate, CertListInput } from '~/lib/api/contract/grading';
import { CERT_NO_RE, GRADING_TEXTS } from '~/lib/rules/grading';
import { audit } from '../../console/audit';
import { db } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { certificates, users } from '../../db/schema';
import { invalidatePages } from '../../edge/page-cache';
import type { ApiContext, StaffUser } from '../../http/context';
import { AppError, notFound, refuse } from '../../http/errors';
import { onSite } from '../site/site.service';
import { sendMessage } from '../notice/notice.service';
import { certPdf, certPng, certQrPng } from './grading-render';

/*
 * 段位证书: the public verification page's data (/cert/<no>), the holder's chosen name, the files
 * (PNG, PDF, the QR code) and the console's list and revocation. A revoked certificate still
 * answers — saying when and why — but its files are refused.
 */

type Row = typeof certificates.$inferSelect;

export const certUrl = (no: string) => onSite(`/cert/${no}`);

async function byNo(no: string): Promise<Row> {
  if (!CERT_NO_RE.test(no)) throw notFound(GRADING_TEXTS.certNotFound);
  const [c] = await db().select().from(certificates).where(eq(certificates.no, no)).limit(1);
  if (!c) throw notFound(GRADING_TEXTS.certNotFound);
  return c;
}

const certView = (c: Row, viewer: number | null): Certificate => ({
  no: c.no,
  holder: c.holder,
  style: c.style,
  duan: c.duan,
  examiner: c.examiner,
  issued_at: c.issuedAt.toISOString(),
  revoked_at: c.revokedAt?.toISOString() ?? null,
  revoke_reason: c.revokeReason,
  url: certUrl(c.no),
  mine: viewer === c.userId ? 1 : 0,
});

/** /public/cert */
export async function certificate(no: string, viewer: number | null): Promise<Certificate> {
  return certView(await byNo(no), viewer);
}

/** /member/certHolder: the holder's own certificate, any time while it stands. */
export async function setHolder(userId: number, no: string, holder: string): Promise<void> {
  const c = await byNo(no);
  if (c.userId !== userId) throw notFound(GRADING_TEXTS.certNotFound);
  const [done] = await db()
    .update(certificates)
    .set({ holder })
    .where(and(eq(certificates.id, c.id), eq(certificates.userId, userId), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  if (!done) throw refuse(GRADING_TEXTS.certRevoked);
  invalidatePages();
}

/** GET /api/cert/<no>/certificate.png|.pdf and /api/cert/<no>/qr.png (not contract endpoints: files). */
export async function serveCertFile(c: Context): Promise<Response> {
  const no = c.req.param('no') ?? '';
  const file = c.req.param('file') ?? '';
  const text = (msg: string, status: 403 | 404 | 503) =>
    new Response(msg, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  let cert: Row;
  try {
    cert = await byNo(no);
  } catch {
    return text(GRADING_TEXTS.certNotFound, 404);
  }
  if (file === 'qr.png') return binary(await certQrPng(certUrl(no)), 'image/png', '');
  if (cert.revokedAt) return text(GRADING_TEXTS.certRevoked, 403);
  const facts = { ...cert, url: certUrl(no) };
  try {
    if (file === 'certificate.png') return binary(await certPng(facts), 'image/png', `${no}.png`);
    if (file === 'certificate.pdf') return binary(await certPdf(facts), 'application/pdf', `${no}.pdf`);
  } catch (err) {
    if (err instanceof AppError) return text(err.message, 503);
    throw err;
  }
  return text('Not found', 404);
}

function binary(body: Buffer, type: string, download: string): Response {
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': type,
      'Content-Length': String(body.length),
      // The holder may rename it, and an operator may revoke it: never kept long.
      'Cache-Control': 'no-store',
      ...(download ? { 'Content-Disposition': `attachment; filename="${download}"` } : {}),
    },
  });
}

/** /admin/certificates */
export async function adminCertificates(input: CertListInput): Promise<ApiOutput<'/admin/certificates'>> {
  const conds: SQL[] = [];
  if (input.no) conds.push(ilike(certificates.no, `%${input.no.replace(/[%_\\]/g, '')}%`));
  if (input.label_id) conds.push(eq(certificates.labelId, input.label_id));
  if (input.member) {
    const m = `%${input.member.replace(/[%_\\]/g, '')}%`;
    conds.push(ilike(publicNameOf(users), m));
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select({ c: certificates, member: publicNameOf(users) })
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .where(where)
      .orderBy(desc(certificates.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db().select({ n: count() }).from(certificates).innerJoin(users, eq(users.id, certificates.userId)).where(where),
  ]);
  return {
    list: rows.map(({ c, member }) => {
      const { mine: _m, url: _u, ...rest } = certView(c, null);
      return { ...rest, id: c.id, user_id: c.userId, member };
    }),
    total: total?.n ?? 0,
    page: input.page,
    limit: input.limit,
  };
}

/** /admin/certificateRevoke: guarded (only a standing certificate), audited, the member told, kept pages cleared. */
export async function revokeCertificate(ctx: { staff: StaffUser; c: ApiContext }, id: number, reason: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [done] = await tx
      .update(certificates)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
      .returning();
    if (!done) {
      const [cur] = await tx.select({ id: certificates.id }).from(certificates).where(eq(certificates.id, id)).limit(1);
      throw cur ? refuse('该证书已被撤销') : notFound(GRADING_TEXTS.certNotFound);
    }
    await audit(tx, ctx, { action: 'certificate.revoke', target: 'certificates', targetId: id, after: { no: done.no }, note: reason });
    await sendMessage(
      {
        userId: done.userId,
        kind: 'notice',
        title: '段位证书已被撤销',
        content: `<p>你的段位证书 ${done.no} 已被平台撤销。原因：${reason.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}</p>`,
        link: `/cert/${done.no}`,
      },
      tx,
    );
  });
  invalidatePages();
}
