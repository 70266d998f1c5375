import { OPS_TEXTS, type ReportReason, type ReportTarget } from '~/lib/rules/operations';
import { db, type TxOrDb } from '../../db';
import { isUniqueViolation } from '../../db/rows';
import { contentReports } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';

/**
 * Content reports. Each kind of reportable content registers how to find it (its title, its
 * owner, its page) and, when the console may take it down, how; friends-circle posts, comments and
 * chat messages register theirs when they land (`registerReportTarget`). Until then a report of
 * such a kind is refused as unsupported. Members file reports here; the operator's queue and its
 * decisions are operations/reports.service.ts, so a domain with reportable content imports only this.
 */
export interface ReportTargetKind {
  /** The content's title and its owner's user id, or null when it does not exist. */
  find: (tx: TxOrDb, id: number) => Promise<{ title: string; ownerUserId: number } | null>;
  /**
   * Whether the member may see it at all, for private content (a homework video): a member who may
   * not is told it does not exist, so reports cannot probe ids or flood the queue. Public content
   * leaves this out.
   */
  visibleTo?: (tx: TxOrDb, id: number, userId: number) => Promise<boolean>;
  /** Where an operator can look at it ('' = nowhere). */
  href: (id: number) => string;
  /** Takes it down (off sale, hidden…) inside the decision's transaction; false when it already was. */
  takeDown?: (tx: TxOrDb, id: number, by: { staffId: number; reason: string }) => Promise<boolean>;
}

const kinds = new Map<ReportTarget, ReportTargetKind>();

export function registerReportTarget(type: ReportTarget, kind: ReportTargetKind): void {
  kinds.set(type, kind);
}

/** How a kind of content is found and taken down (undefined: nobody registered it). */
export function reportTargetKind(type: ReportTarget): ReportTargetKind | undefined {
  return kinds.get(type);
}

/** /member/report: one open report per member and target; one's own content cannot be reported. */
export async function fileReport(
  userId: number,
  input: { target_type: ReportTarget; target_id: number; reason: ReportReason; detail: string },
): Promise<null> {
  const kind = kinds.get(input.target_type);
  if (!kind) throw refuse(OPS_TEXTS.reportUnsupported);
  const target = await kind.find(db(), input.target_id);
  if (!target || (kind.visibleTo && !(await kind.visibleTo(db(), input.target_id, userId)))) throw notFound(OPS_TEXTS.reportTargetGone);
  if (target.ownerUserId === userId) throw refuse(OPS_TEXTS.reportSelf);
  try {
    const [row] = await db()
      .insert(contentReports)
      .values({
        reporterId: userId,
        targetType: input.target_type,
        targetId: input.target_id,
        targetTitle: target.title.slice(0, 64),
        reason: input.reason,
        detail: input.detail,
      })
      .onConflictDoNothing()
      .returning({ id: contentReports.id });
    if (!row) throw refuse(OPS_TEXTS.reportTwice);
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(OPS_TEXTS.reportTwice);
    throw err;
  }
  return null;
}
