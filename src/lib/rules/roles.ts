/** SPEC §3/§6: identity 1 is a shop owner (spelt mechant in routes), 2 a coach. */
export const Identity = { MEMBER: 0, MECHANT: 1, COACH: 2 } as const;

export interface RoleSubject {
  identity: number;
  service_id: number;
}

export interface MenuLink {
  label: string;
  href: string;
}

/**
 * The management links a logged-in user gets in the header (SPEC §2). The shop link needs the
 * cancel-application check (`/api/shop/applyCancelStatus`, src/lib/rules/shop-cancel.ts) to answer
 * 1 = trading normally ("reading B"); until it has answered we follow reading A and show it for
 * identity 1. While an application is pending (2) the owner gets a link to follow it instead.
 */
export function managementLinks(user: RoleSubject, shopCancelStatus?: number | null): MenuLink[] {
  const links: MenuLink[] = [];
  if (user.identity === Identity.COACH) links.push({ label: '教练管理', href: '/coach/finance' });
  if (user.identity === Identity.MECHANT && (shopCancelStatus == null || shopCancelStatus === 1)) {
    links.push({ label: '店铺管理', href: '/mechant/finance' });
  }
  if (user.identity === Identity.MECHANT && shopCancelStatus === 2) links.push({ label: '店铺注销审核中', href: '/mechant/applycancel' });
  if (user.service_id > 0) links.push({ label: '服务商管理', href: '/my/service_identity' });
  return links;
}

/** A readable name for a role, for the header and account pages. */
export function roleName(user: RoleSubject): string {
  if (user.identity === Identity.COACH) return '教练';
  if (user.identity === Identity.MECHANT) return '店主';
  if (user.service_id > 0) return '服务商';
  return '会员';
}
