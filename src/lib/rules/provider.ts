/**
 * Service providers: the application form's rules and texts, the team's states,
 * and the provider area's left menu (SPEC §2 "Service-provider layout"). Zod-free, so pages and
 * islands can import it; the contracts reuse the same limits and messages.
 */
import { PHONE_RE } from './phone';

export const PROVIDER_LIMITS = { name: 40, contact: 20, city: 16, intro: 500, reason: 200 } as const;

export const PROVIDER_TEXTS = {
  nameRequired: '请填写公司或个人名称',
  nameLength: `名称为 2–${PROVIDER_LIMITS.name} 个字`,
  contactRequired: '请填写联系人',
  contactLength: `联系人最多 ${PROVIDER_LIMITS.contact} 个字`,
  phoneRequired: '请填写联系电话',
  phoneInvalid: '联系电话应为 11 位手机号',
  cityRequired: '请填写所在城市',
  cityLength: `城市最多 ${PROVIDER_LIMITS.city} 个字`,
  introRequired: '请填写服务介绍（至少 10 个字）',
  introLength: `服务介绍为 10–${PROVIDER_LIMITS.intro} 个字`,
  licenceRequired: '请上传营业执照或身份证明照片',
  agreeRequired: '请阅读并同意《服务商合作协议》',
  badImage: '图片地址不正确，请重新上传',
  alreadyProvider: '您已是服务商，无需再次申请',
  pending: '您的申请正在审核中，请耐心等待',
  notProvider: '你还不是服务商，无法使用服务商管理',
  // Team
  inviteSelf: '不能邀请自己',
  notCoach: '该手机号还不是平台教练，请确认后再邀请',
  inTeam: '该教练已在你的团队中',
  inOtherTeam: '该教练已加入其他服务商团队，一名教练只能属于一个服务商',
  invited: '已向该教练发出邀请，请等待对方回复',
  memberNotFound: '团队成员不存在',
  notActive: '该教练已不在团队中',
  inviteGone: '该邀请已失效',
  joinedOther: '你已加入其他服务商团队，需先退出后才能接受新的邀请',
  orderNotFound: '订单不存在',
  ledgerNotFound: '资金记录不存在',
  // Review
  applicationNotFound: '申请不存在',
  notPending: '该申请已处理，请刷新后查看',
  reasonRequired: '请填写拒绝原因，申请人将看到它',
  reasonLength: `原因最多 ${PROVIDER_LIMITS.reason} 个字`,
} as const;

/** The applicant's state (/api/member/supplierStatus): what the application page shows. */
export const APPLICATION_STATES = ['none', 'pending', 'approved', 'refused'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];
export const APPLICATION_STATE_TEXT: Record<ApplicationState, string> = {
  none: '未申请',
  pending: '审核中',
  approved: '已通过',
  refused: '未通过',
};

export const TEAM_STATES = ['invited', 'active', 'declined', 'removed'] as const;
export type TeamState = (typeof TEAM_STATES)[number];
export const TEAM_STATE_TEXT: Record<TeamState, string> = {
  invited: '邀请中',
  active: '已加入',
  declined: '已拒绝',
  removed: '已移除',
};

/** The config key of the default provider share for new providers, and its default (2% of the amount paid). */
export const PROVIDER_BP_KEY = 'provider_commission_bp';
export const DEFAULT_PROVIDER_BP = 200;

/** The application form as typed. */
export interface ProviderForm {
  name: string;
  contact: string;
  phone: string;
  city: string;
  intro: string;
  licence: string;
}

const len = (s: string) => [...s.trim()].length;

/** The first problem of an application form (same order as the server's checks), or null. */
export function providerFormError(f: ProviderForm, needLicence = true): string | null {
  if (!f.name.trim()) return PROVIDER_TEXTS.nameRequired;
  if (len(f.name) < 2 || len(f.name) > PROVIDER_LIMITS.name) return PROVIDER_TEXTS.nameLength;
  if (!f.contact.trim()) return PROVIDER_TEXTS.contactRequired;
  if (len(f.contact) > PROVIDER_LIMITS.contact) return PROVIDER_TEXTS.contactLength;
  if (!f.phone.trim()) return PROVIDER_TEXTS.phoneRequired;
  if (!PHONE_RE.test(f.phone.trim())) return PROVIDER_TEXTS.phoneInvalid;
  if (!f.city.trim()) return PROVIDER_TEXTS.cityRequired;
  if (len(f.city) > PROVIDER_LIMITS.city) return PROVIDER_TEXTS.cityLength;
  if (len(f.intro) < 10) return PROVIDER_TEXTS.introRequired;
  if (len(f.intro) > PROVIDER_LIMITS.intro) return PROVIDER_TEXTS.introLength;
  if (needLicence && !f.licence.trim()) return PROVIDER_TEXTS.licenceRequired;
  return null;
}

/** `1234` basis points → `12.34%`. */
export const bpText = (bp: number): string => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;

/** The provider's share of a paid amount: its rate, never more than the platform's commission. */
export function providerShare(pay: number, providerBp: number, platformCut: number): number {
  if (pay <= 0 || providerBp <= 0) return 0;
  return Math.max(0, Math.min(platformCut, Math.floor((pay * providerBp) / 10_000)));
}

export interface ProviderNavLink {
  label: string;
  href: string;
  icon: string;
}

/** SPEC §2 service-provider layout: overview, fund details, teacher list. */
export const PROVIDER_NAV: ProviderNavLink[] = [
  { label: '服务商概况', href: '/my/service_identity', icon: 'i-ri-dashboard-line' },
  { label: '资金明细', href: '/my/service_identity/money', icon: 'i-ri-money-cny-circle-line' },
  { label: '教练列表', href: '/my/service_identity/list', icon: 'i-ri-team-line' },
];

/** Pages reached from the menu's pages light the item they came from. */
const PROVIDER_PARENTS: Record<string, string> = {
  '/my/service_identity/info': '/my/service_identity',
  '/my/service_identity/course': '/my/service_identity',
  '/my/service_identity/order': '/my/service_identity',
  '/my/service_identity/orderDetail': '/my/service_identity',
  '/my/service_identity/moneyDetail': '/my/service_identity/money',
  '/my/service_identity/finance/bankcard': '/my/service_identity/money',
  '/my/service_identity/finance/addcard': '/my/service_identity/money',
};

export function activeProviderLink(pathname: string): string {
  const here = pathname.replace(/\/+$/, '') || '/';
  return PROVIDER_PARENTS[here] ?? (PROVIDER_NAV.some((l) => l.href === here) ? here : '/my/service_identity');
}

export const PROVIDER_JOIN = '/account/regprovider';
