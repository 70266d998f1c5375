/**
 * SPEC §2 coach and shop-owner layouts: the management areas' left nav, in the SPEC's order.
 * The SPEC names the coach items without paths; ours are the routes of its coach list (the
 * coach's order lists live under /coach/homepage/order/*, its live entry under /coach/homepage/live).
 * The third group ("我的主页") is ours: the owner's view of the public homepage, where a shop adds
 * its goods (the SPEC names no other page for that).
 */
export type SellerArea = 'coach' | 'mechant';

/** A nav entry that carries a small count once the seller is known (作业点评: videos waiting for a critique). */
export type SellerNavCount = 'homework';

export interface SellerNavGroup {
  name: string;
  icon: string;
  links: { label: string; href: string; count?: SellerNavCount }[];
}

export const COACH_NAV: SellerNavGroup[] = [
  {
    name: '财务管理',
    icon: 'i-ri-money-cny-circle-line',
    links: [
      { label: '教练财务', href: '/coach/finance' },
      { label: '教练直播', href: '/coach/homepage/live' },
      { label: '课程订单', href: '/coach/homepage/order/course' },
      { label: '班级订单', href: '/coach/homepage/order/class' },
      { label: '商品订单', href: '/coach/homepage/order/goods' },
    ],
  },
  {
    name: '教练管理',
    icon: 'i-ri-user-star-line',
    links: [
      { label: '课程管理', href: '/coach/course' },
      { label: '班级管理', href: '/coach/class' },
      { label: '作业点评', href: '/coach/homework', count: 'homework' },
      { label: '段位考评', href: '/coach/grading' },
      { label: '营销中心', href: '/coach/marketing' },
      { label: '代理商品', href: '/coach/agent/goods' },
      { label: '群聊管理', href: '/coach/homepage/groupchat' },
      { label: '轮播图设置', href: '/coach/banner' },
      { label: '教练设置', href: '/coach/setting' },
    ],
  },
  {
    name: '我的主页',
    icon: 'i-ri-home-4-line',
    links: [{ label: '主页预览', href: '/coach/homepage' }],
  },
];

export const MECHANT_NAV: SellerNavGroup[] = [
  {
    name: '财务管理',
    icon: 'i-ri-money-cny-circle-line',
    links: [
      { label: '店铺财务', href: '/mechant/finance' },
      { label: '店铺直播', href: '/mechant/live' },
      { label: '课程订单', href: '/mechant/order/course' },
      { label: '商品订单', href: '/mechant/order/goods' },
    ],
  },
  {
    name: '店铺管理',
    icon: 'i-ri-store-2-line',
    links: [
      { label: '营销中心', href: '/mechant/marketing' },
      { label: '代理课程', href: '/mechant/agent/course' },
      { label: '代理商品', href: '/mechant/agent/goods' },
      { label: '轮播图设置', href: '/mechant/banner' },
      { label: '店铺设置', href: '/mechant/setting' },
      { label: '注销店铺', href: '/mechant/applycancel' },
    ],
  },
  {
    name: '我的主页',
    icon: 'i-ri-home-4-line',
    links: [
      { label: '主页预览', href: '/mechant/homepage' },
      { label: '商品管理', href: '/mechant/homepage/goods' },
    ],
  },
];

export const SELLER_NAV: Record<SellerArea, SellerNavGroup[]> = { coach: COACH_NAV, mechant: MECHANT_NAV };

/** Who may enter an area, and where a member without the identity goes to get it. */
export const SELLER_AREA = {
  coach: { identity: 2, who: '教练', join: '/account/regcoach', title: '教练管理' },
  mechant: { identity: 1, who: '店主', join: '/account/regmechant', title: '店铺管理' },
} as const;

/** `/coach` and `/mechant` land on the area's first page. */
export const firstSellerPage = (area: SellerArea): string => (area === 'coach' ? '/coach/finance' : '/mechant/finance');

/**
 * The nav link a path belongs to: an exact link, else the longest link it sits below
 * (/coach/publish lights 课程管理 through `PARENTS`, /coach/finance/addcard lights 教练财务).
 */
export function activeSellerLink(area: SellerArea, pathname: string): string | null {
  const here = pathname.replace(/\/+$/, '') || '/';
  const all = SELLER_NAV[area].flatMap((g) => g.links.map((l) => l.href));
  const parent = PARENTS[here];
  if (all.includes(here)) return here;
  if (parent && all.includes(parent)) return parent;
  return all.filter((h) => here.startsWith(`${h}/`)).sort((a, b) => b.length - a.length)[0] ?? null;
}

/** Pages that are not below their nav link's path. */
const PARENTS: Record<string, string> = {
  '/coach/publish': '/coach/course',
  '/coach/publishLesson': '/coach/course',
  '/coach/videoInfo': '/coach/course',
  '/coach/course/lessonList': '/coach/course',
  '/coach/class/publish': '/coach/class',
  '/coach/class/courseList': '/coach/class',
};
