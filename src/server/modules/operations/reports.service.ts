import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminReport } from '~/lib/api/contract/operations';
import {
  OPS_TEXTS,
  REPORT_REASON_TEXT,
  REPORT_STATUS_TEXT,
  REPORT_TARGET_TEXT,
  type ReportReason,
  type ReportStatus,
  type ReportTarget,
} from '~/lib/rules/operations';
import { invalidate } from '../../cache';
import { db, type TxOrDb } from '../../db';
import { classes, coaches, contentReports, courses, goods, shops, users } from '../../db/schema';
import { invalidatePages } from '../../edge/page-cache';
import { notFound, refuse } from '../../http/errors';
import { audit } from '../../console/audit';
import { registerQueue } from '../../console/queues';
import { sendMessage } from '../notice/notice.service';
import { holdItem } from '../admin-content/catalogue.admin';
import { registerReportTarget, reportTargetKind } from '../report/report.service';
import { esc, type OpsCtx } from './common';

/**
 * The catalogue's reportable kinds (goods, courses, classes, coaches, shops): the console takes
 * goods, courses and classes off sale under a platform hold (admin-content).
 */

/** Off sale under a platform hold (the owner cannot relist until an operator releases it). */
const offSale = (kind: 'goods' | 'course' | 'class') => (tx: TxOrDb, id: number, by: { staffId: number; reason: string }) =>
  holdItem(tx, by, kind, id);

registerReportTarget('goods', {
  find: async (tx, id) => {
    const [r] = await tx
      .select({ title: goods.title, owner: shops.userId })
      .from(goods)
      .innerJoin(shops, eq(shops.id, goods.shopId))
      .where(eq(goods.id, id))
      .limit(1);
    return r ? { title: r.title, ownerUserId: r.owner } : null;
  },
  href: (id) => `/shop/goodsDetail?id=${id}`,
  takeDown: offSale('goods'),
});
registerReportTarget('course', {
  find: async (tx, id) => {
    const [r] = await tx
      .select({ title: courses.title, coachOwner: coaches.userId, shopOwner: shops.userId })
      .from(courses)
      .leftJoin(coaches, eq(coaches.id, courses.coachId))
      .leftJoin(shops, eq(shops.id, courses.shopId))
      .where(eq(courses.id, id))
      .limit(1);
    const owner = r?.coachOwner ?? r?.shopOwner;
    return r && owner ? { title: r.title, ownerUserId: owner } : null;
  },
  href: (id) => `/train/courseDetail?id=${id}`,
  takeDown: offSale('course'),
});
registerReportTarget('class', {
  find: async (tx, id) => {
    const [r] = await tx
      .select({ title: classes.title, owner: coaches.userId })
      .from(classes)
      .innerJoin(coaches, eq(coaches.id, classes.coachId))
      .where(eq(classes.id, id))
      .limit(1);
    return r ? { title: r.title, ownerUserId: r.owner } : null;
  },
  href: (id) => `/train/classDetail?id=${id}`,
  takeDown: offSale('class'),
});
registerReportTarget('coach', {
  find: async (tx, id) => {
    const [r] = await tx.select({ title: coaches.name, owner: coaches.userId }).from(coaches).where(eq(coaches.id, id)).limit(1);
    return r ? { title: r.title, ownerUserId: r.owner } : null;
  },
  href: (id) => `/anchor?type=coach&id=${id}`,
});
registerReportTarget('shop', {
  find: async (tx, id) => {
    const [r] = await tx.select({ title: shops.name, owner: shops.userId }).from(shops).where(eq(shops.id, id)).limit(1);
    return r ? { title: r.title, ownerUserId: r.owner } : null;
  },
  href: (id) => `/anchor?type=mechant&id=${id}`,
});

// ---------------------------------------------------------------------------------------------
// The queue

type Row = typeof contentReports.$inferSelect;

async function views(rows: Row[]): Promise<AdminReport[]> {
  if (!rows.length) return [];
  const [reporters, open] = await Promise.all([
    db()
      .select({ id: users.id, nick: users.nickName })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.reporterId),
        ),
      ),
    db()
      .select({ type: contentReports.targetType, id: contentReports.targetId, n: count() })
      .from(contentReports)
      .where(
        and(
          eq(contentReports.status, 'open'),
          inArray(
            contentReports.targetId,
            rows.map((r) => r.targetId),
          ),
        ),
      )
      .groupBy(contentReports.targetType, contentReports.targetId),
  ]);
  return rows.map((r) => {
    const type = r.targetType as ReportTarget;
    const kind = reportTargetKind(type);
    const status = r.status as ReportStatus;
    const reason = r.reason as ReportReason;
    return {
      id: r.id,
      target_type: type,
      target_type_text: REPORT_TARGET_TEXT[type] ?? r.targetType,
      target_id: r.targetId,
      target_title: r.targetTitle,
      target_href: kind?.href(r.targetId) ?? '',
      can_take_down: Boolean(kind?.takeDown),
      reason,
      reason_text: REPORT_REASON_TEXT[reason] ?? r.reason,
      detail: r.detail,
      reporter_id: r.reporterId,
      reporter_name: reporters.find((u) => u.id === r.reporterId)?.nick ?? '',
      same_target_open: open.find((o) => o.type === r.targetType && o.id === r.targetId)?.n ?? 0,
      status,
      status_text: REPORT_STATUS_TEXT[status] ?? r.status,
      decision_note: r.decisionNote,
      created_at: r.createdAt.toISOString(),
      decided_at: r.decidedAt?.toISOString() ?? null,
    };
  });
}

export async function reportQueue(q: { page: number; limit: number; status: ReportStatus | ''; target_type: ReportTarget | '' }) {
  const where = and(
    q.status ? eq(contentReports.status, q.status) : undefined,
    q.target_type ? eq(contentReports.targetType, q.target_type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(contentReports)
      .where(where)
      .orderBy(q.status === 'open' ? contentReports.id : desc(contentReports.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(contentReports).where(where),
  ]);
  return { list: await views(rows), total: total?.n ?? 0, page: q.page, limit: q.limit };
}

async function one(id: number): Promise<AdminReport> {
  const [r] = await db().select().from(contentReports).where(eq(contentReports.id, id)).limit(1);
  const [v] = r ? await views([r]) : [];
  if (!v) throw notFound(OPS_TEXTS.reportGone);
  return v;
}

const tellReporter = (tx: TxOrDb, r: Row, outcome: string, note: string) =>
  sendMessage(
    {
      userId: r.reporterId,
      kind: 'notice',
      title: '举报处理结果',
      content: `<p>你举报的${REPORT_TARGET_TEXT[r.targetType as ReportTarget] ?? '内容'}「${esc(r.targetTitle)}」已处理：${outcome}。</p><p>说明：${esc(note)}</p><p>感谢你帮助维护社区环境。</p>`,
    },
    tx,
  );

/** Dismiss: the content stays; the reporter is told why. */
export async function dismissReport(ctx: OpsCtx, id: number, note: string): Promise<AdminReport> {
  await db().transaction(async (tx) => {
    const [r] = await tx
      .update(contentReports)
      .set({ status: 'dismissed', decisionNote: note, staffId: ctx.staff.id, decidedAt: new Date() })
      .where(and(eq(contentReports.id, id), eq(contentReports.status, 'open')))
      .returning();
    if (!r) {
      const [exists] = await tx.select({ id: contentReports.id }).from(contentReports).where(eq(contentReports.id, id)).limit(1);
      throw exists ? refuse(OPS_TEXTS.reportDecided) : notFound(OPS_TEXTS.reportGone);
    }
    await tellReporter(tx, r, '经核实未发现违规，内容保留', note);
    await audit(tx, ctx, {
      action: 'content_report.dismiss',
      target: 'content_reports',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'dismissed' },
      note,
    });
  });
  return one(id);
}

/**
 * Take down: the content goes off sale with the reason (its owner told), and every open report of
 * the same content is closed with it (each reporter told).
 */
export async function takeDownReport(ctx: OpsCtx, id: number, note: string): Promise<AdminReport> {
  const [cur] = await db().select().from(contentReports).where(eq(contentReports.id, id)).limit(1);
  if (!cur) throw notFound(OPS_TEXTS.reportGone);
  const kind = reportTargetKind(cur.targetType as ReportTarget);
  if (!kind?.takeDown) throw refuse(OPS_TEXTS.cannotTakeDown);
  const takeDown = kind.takeDown;
  await db().transaction(async (tx) => {
    const closed = await tx
      .update(contentReports)
      .set({ status: 'removed', decisionNote: note, staffId: ctx.staff.id, decidedAt: new Date() })
      .where(
        and(
          eq(contentReports.targetType, cur.targetType),
          eq(contentReports.targetId, cur.targetId),
          eq(contentReports.status, 'open'),
          // This report must be among them: a decided one is not decided again.
          sql`exists (select 1 from content_reports x where x.id = ${id} and x.status = 'open')`,
        ),
      )
      .returning();
    if (!closed.some((r) => r.id === id)) throw refuse(OPS_TEXTS.reportDecided);
    const wasOn = await takeDown(tx, cur.targetId, { staffId: ctx.staff.id, reason: note });
    const target = await kind.find(tx, cur.targetId);
    const what = REPORT_TARGET_TEXT[cur.targetType as ReportTarget];
    if (target)
      await sendMessage(
        {
          userId: target.ownerUserId,
          kind: 'notice',
          title: `你的${what}已被平台下架`,
          content: `<p>你的${what}「${esc(target.title)}」因被举报并经平台核实，已下架。</p><p>原因：${esc(note)}</p><p>如已修改并希望恢复上架，或有异议，请联系平台客服。</p>`,
          link: kind.href(cur.targetId),
        },
        tx,
      );
    for (const r of closed) await tellReporter(tx, r, '内容已下架', note);
    await audit(tx, ctx, {
      action: 'content_report.takedown',
      target: 'content_reports',
      targetId: id,
      before: { status: 'open', target: `${cur.targetType}:${cur.targetId}`, on_sale: wasOn },
      after: { status: 'removed', target: `${cur.targetType}:${cur.targetId}`, on_sale: false, closed_reports: closed.map((r) => r.id) },
      note,
    });
  });
  invalidate('catalogue:');
  invalidatePages();
  return one(id);
}

export function registerReportQueue(): void {
  registerQueue({
    key: 'content_reports',
    label: '待处理举报',
    href: '/admin/content-reports',
    roles: ['content', 'support'],
    count: async () => {
      const [r] = await db().select({ n: count() }).from(contentReports).where(eq(contentReports.status, 'open'));
      return r?.n ?? 0;
    },
  });
}
