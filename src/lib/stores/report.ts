import { api } from '../api/client';
import { REPORT_REASON_TEXT, type ReportReason, type ReportTarget } from '../rules/operations';
import { check } from './action';
import { requireLogin } from './guard';

/** The reasons in the order the dialog lists them. */
export const REPORT_REASON_OPTIONS = Object.entries(REPORT_REASON_TEXT) as [ReportReason, string][];

/** Opens the report dialog, or (logged out) the login dialog with a warning. */
export function startReport(): void {
  requireLogin();
}

/** Sends a report (one open report per member and target; the server says so on a second). */
export async function sendReport(input: { target_type: ReportTarget; target_id: number; reason: ReportReason | ''; detail: string }) {
  requireLogin();
  check(input.reason ? null : '请选择举报原因', 'warning');
  await api('/member/report', { ...input, reason: input.reason as ReportReason, detail: input.detail.trim() });
}

/** A member's escalation of a refused refund to the platform. */
export const disputeInfo = (orderId: number) => api('/member/refundDisputeInfo', { order_id: orderId });
export async function sendDispute(orderId: number, reason: string) {
  check(reason.trim().length >= 5 ? null : '请填写申请理由（至少 5 个字）', 'warning');
  return api('/member/refundDispute', { order_id: orderId, reason: reason.trim() });
}
