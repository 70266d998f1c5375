import { api } from '../api/client';
import type {
  ProviderInfo,
  ProviderOrder,
  ProviderOrderDetail,
  ProviderOverview,
  SupplierStatus,
  TeamCourse,
  TeamMember,
} from '../api/contract/provider';
import { PHONE_RE } from '../rules/phone';
import { PROVIDER_TEXTS, providerFormError, type ProviderForm } from '../rules/provider';
import { check } from './action';
import { createPagedList } from './paged';
import { $session, patchSession } from './session';

export type { ProviderInfo, ProviderOrder, ProviderOrderDetail, ProviderOverview, SupplierStatus, TeamCourse, TeamMember, ProviderForm };

export const EMPTY_PROVIDER_FORM: ProviderForm = { name: '', contact: '', phone: '', city: '', intro: '', licence: '' };

/**
 * The application's state. When it says the member is a provider while the browser's session does
 * not know yet (approved since login), the session learns it now, so the header's 服务商管理 appears.
 */
export async function fetchSupplierStatus(): Promise<SupplierStatus> {
  const s = await api('/member/supplierStatus');
  syncServiceId(s.service_id);
  return s;
}

export function syncServiceId(serviceId: number): void {
  const u = $session.get();
  if (u && u.service_id !== serviceId) patchSession({ service_id: serviceId });
}

/** The form checked like the server does, then submitted (agreement ticked). */
export async function submitSupplier(form: ProviderForm, agreed: boolean): Promise<SupplierStatus> {
  check(providerFormError(form));
  check(agreed ? null : PROVIDER_TEXTS.agreeRequired);
  return api('/public/supplierSettle', {
    name: form.name.trim(),
    contact: form.contact.trim(),
    phone: form.phone.trim(),
    city: form.city.trim(),
    intro: form.intro.trim(),
    licence: form.licence,
    agree: true,
  });
}

export const fetchOverview = () => api('/provider/overview');
export const fetchProviderInfo = () => api('/provider/info');

export interface InfoForm extends Omit<ProviderForm, 'licence'> {
  logo: string;
}
export const infoForm = (i: ProviderInfo): InfoForm => ({
  name: i.name,
  contact: i.contact,
  phone: i.phone,
  city: i.city,
  intro: i.intro,
  logo: i.logo,
});

export async function saveProviderInfo(form: InfoForm): Promise<ProviderInfo> {
  check(providerFormError({ ...form, licence: '' }, false));
  return api('/provider/infoSave', {
    name: form.name.trim(),
    contact: form.contact.trim(),
    phone: form.phone.trim(),
    city: form.city.trim(),
    intro: form.intro.trim(),
    logo: form.logo,
  });
}

export const TEAM_PAGE = 10;
export type TeamFilter = 'all' | 'active' | 'invited';
export const createTeamList = () =>
  createPagedList<TeamMember, TeamFilter>((status, page) => api('/provider/team', { page, limit: TEAM_PAGE, status }), 'all');

export function inviteCoach(phone: string): Promise<TeamMember> {
  const p = phone.trim();
  check(p ? null : '请输入教练手机号');
  check(PHONE_RE.test(p) ? null : '手机号格式不正确');
  return api('/provider/invite', { phone: p });
}

export const removeMember = (id: number) => api('/provider/teamRemove', { id });

export const createCourseList = () => createPagedList<TeamCourse, null>((_, page) => api('/provider/courses', { page, limit: 12 }), null);

export type OrderKindFilter = 'all' | 'course' | 'class';
export const createOrderList = () =>
  createPagedList<ProviderOrder, OrderKindFilter>((kind, page) => api('/provider/orders', { page, limit: 10, kind }), 'all');

export const fetchOrderDetail = (id: number) => api('/provider/orderDetail', { id });
export const fetchLedgerDetail = (id: number) => api('/provider/ledgerDetail', { id });

export const COMMISSION_STATE_TEXT: Record<ProviderOrder['commission_state'], string> = {
  none: '无佣金',
  pending: '待结算',
  settled: '已结算',
  refunded: '已退款扣回',
};
