/**
 * The operator console's staff roles and its page map. Staff are not members: they are created
 * from the command line (`npm run admin:create`) and log in at /admin/login with a password and a
 * TOTP code. `super` may do everything; every other role sees only its own pages and endpoints.
 */
export const STAFF_ROLES = ['super', 'reviewer', 'finance', 'content', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABEL: Record<StaffRole, string> = {
  super: '超级管理员',
  reviewer: '审核',
  finance: '财务',
  content: '内容运营',
  support: '客服',
};

/** Whether a staff role may use something open to `allowed` (absent = any staff; super always). */
export function staffMay(role: StaffRole, allowed: readonly StaffRole[] | undefined): boolean {
  return role === 'super' || !allowed || allowed.length === 0 || allowed.includes(role);
}

export interface AdminNavLink {
  label: string;
  href: string;
  /** Who sees the link (and may open the page); super always. */
  roles: readonly StaffRole[];
}

export interface AdminNavGroup {
  name: string;
  icon: string;
  links: AdminNavLink[];
}

/** The console's left nav: every page of the console, grouped by the work it serves. */
export const ADMIN_NAV: AdminNavGroup[] = [
  {
    name: '工作台',
    icon: 'i-ri-dashboard-line',
    links: [{ label: '待办概览', href: '/admin', roles: STAFF_ROLES }],
  },
  {
    name: '审核',
    icon: 'i-ri-file-search-line',
    links: [
      { label: '入驻申请', href: '/admin/applications', roles: ['reviewer'] },
      { label: '服务商', href: '/admin/providers', roles: ['reviewer'] },
      { label: '店铺注销', href: '/admin/shop-cancel', roles: ['reviewer'] },
      { label: '内容举报', href: '/admin/content-reports', roles: ['content', 'support'] },
    ],
  },
  {
    name: '交易与资金',
    icon: 'i-ri-money-cny-box-line',
    links: [
      { label: '提现审核', href: '/admin/withdrawals', roles: ['finance'] },
      { label: '退款仲裁', href: '/admin/refund-disputes', roles: ['support'] },
      { label: '经营报表', href: '/admin/stats', roles: ['finance'] },
    ],
  },
  {
    name: '会员',
    icon: 'i-ri-user-settings-line',
    links: [{ label: '会员管理', href: '/admin/members', roles: ['support', 'finance'] }],
  },
  {
    name: '商品与课程',
    icon: 'i-ri-stack-line',
    links: [
      { label: '在售监管', href: '/admin/catalogue', roles: ['content', 'reviewer'] },
      { label: '课程标签', href: '/admin/labels', roles: ['content'] },
      { label: '段位管理', href: '/admin/duan', roles: ['content', 'reviewer'] },
      { label: '优惠券模板', href: '/admin/coupons', roles: ['finance'] },
    ],
  },
  {
    name: '营销',
    icon: 'i-ri-megaphone-line',
    links: [{ label: '营销活动', href: '/admin/marketing', roles: ['finance', 'content'] }],
  },
  {
    name: '直播',
    icon: 'i-ri-live-line',
    links: [
      { label: '直播间', href: '/admin/live', roles: ['content'] },
      { label: '直播礼物', href: '/admin/live/gifts', roles: ['content'] },
    ],
  },
  {
    name: '内容',
    icon: 'i-ri-article-line',
    links: [
      { label: '文章资讯', href: '/admin/articles', roles: ['content'] },
      { label: '帮助中心', href: '/admin/help', roles: ['content'] },
      { label: '协议', href: '/admin/agreements', roles: ['content'] },
      { label: '公告', href: '/admin/announcements', roles: ['content'] },
      { label: '广告位', href: '/admin/adverts', roles: ['content'] },
      { label: '站点配置', href: '/admin/config', roles: ['content'] },
    ],
  },
  {
    name: '系统',
    icon: 'i-ri-shield-keyhole-line',
    links: [
      { label: '后台账号', href: '/admin/staff', roles: ['super'] },
      { label: '操作日志', href: '/admin/audit', roles: ['super'] },
    ],
  },
];

/** The nav with only the links a role may open; groups left empty are dropped. */
export function adminNavFor(role: StaffRole): AdminNavGroup[] {
  return ADMIN_NAV.map((g) => ({ ...g, links: g.links.filter((l) => staffMay(role, l.roles)) })).filter((g) => g.links.length > 0);
}

/** The nav link a path belongs to (longest matching prefix), for highlighting. */
export function activeAdminLink(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/admin';
  let best: string | undefined;
  for (const g of ADMIN_NAV)
    for (const l of g.links) {
      const hit = l.href === '/admin' ? path === '/admin' : path === l.href || path.startsWith(`${l.href}/`);
      if (hit && (!best || l.href.length > best.length)) best = l.href;
    }
  return best;
}

/** Staff sessions: short-lived and renewed by use. */
export const STAFF_SESSION_IDLE_MIN = 30;
export const STAFF_SESSION_MAX_HOURS = 8;
/** The httpOnly cookie carrying the staff token. */
export const STAFF_COOKIE = 'gf_staff';
