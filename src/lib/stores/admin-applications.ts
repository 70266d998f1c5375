import { adminApi } from '../api/admin-client';
import type { ReviewDetail, ReviewItem } from '../api/contract/admin-applications';
import {
  APPLICATION_STATES,
  APPLY_LIMITS as L,
  APPLY_TEXTS as A,
  type ApplicationKind,
  type ApplicationState,
} from '../rules/applications';
import { check } from './action';

export type { ReviewDetail, ReviewItem };

export const REVIEW_LIMIT = 15;

/** The status tabs of the queue: pending first (the work), then the rest, then everything. */
export const REVIEW_TABS: readonly (ApplicationState | 'all')[] = ['pending', 'approved', 'refused', 'settled', 'closed', 'all'];

/** ?kind=coach|shop → the tab to open (coach when absent or unknown). */
export const kindOfQuery = (search: string): ApplicationKind => (new URLSearchParams(search).get('kind') === 'shop' ? 'shop' : 'coach');

export const loadReviews = (kind: ApplicationKind, status: ApplicationState | 'all', q: string, page: number) =>
  adminApi('/admin/applications/list', { kind, status, q: q.trim(), page, limit: REVIEW_LIMIT });

/** Sum of the status counts, for the 全部 tab. */
export const totalOf = (counts: Record<ApplicationState, number>): number => APPLICATION_STATES.reduce((n, s) => n + counts[s], 0);

export const loadReview = (id: number) => adminApi('/admin/applications/detail', { id });

export async function approveReview(id: number, note: string): Promise<ReviewDetail> {
  check(note.trim().length > L.note ? A.noteMax : null);
  return adminApi('/admin/applications/approve', { id, note: note.trim() });
}

export async function refuseReview(id: number, reason: string): Promise<ReviewDetail> {
  const r = reason.trim();
  check(!r ? A.reason : r.length > L.reason ? A.reasonMax : null);
  return adminApi('/admin/applications/refuse', { id, reason: r });
}

/** The full ID number (the server writes an audit row for every call). */
export const revealIdNumber = async (id: number): Promise<string> => (await adminApi('/admin/applications/revealId', { id })).id_number;
