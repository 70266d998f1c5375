import { adminApi } from '../api/admin-client';
import type { ApplicationRow, ProviderRow } from '../api/contract/admin-providers';
import { PROVIDER_LIMITS, PROVIDER_TEXTS } from '../rules/provider';
import { check } from './action';

export type { ApplicationRow, ProviderRow };
export type ApplicationTab = 'pending' | 'approved' | 'refused';
export const ADMIN_PAGE = 20;

export const fetchApplications = (status: ApplicationTab, page: number) =>
  adminApi('/admin/providers/applications', { status, page, limit: ADMIN_PAGE });
export const fetchProviders = (key: string, page: number) => adminApi('/admin/providers/list', { key, page, limit: ADMIN_PAGE });

export function approveProvider(id: number, note: string) {
  check([...note.trim()].length > PROVIDER_LIMITS.reason ? `备注最多 ${PROVIDER_LIMITS.reason} 个字` : null);
  return adminApi('/admin/providers/approve', { id, note: note.trim() });
}

export function refuseProvider(id: number, reason: string) {
  check(reason.trim() ? null : PROVIDER_TEXTS.reasonRequired);
  check([...reason.trim()].length > PROVIDER_LIMITS.reason ? PROVIDER_TEXTS.reasonLength : null);
  return adminApi('/admin/providers/refuse', { id, reason: reason.trim() });
}
