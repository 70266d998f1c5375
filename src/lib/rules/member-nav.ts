/** SPEC §2 member layout, left nav: groups and links in the order the SPEC lists them. */
export const MEMBER_NAV = [
  {
    name: '订单中心',
    icon: 'i-ri-file-list-3-line',
    links: [
      { label: '商品订单', href: '/my/order/goods' },
      { label: '课程订单', href: '/my/order/course' },
      { label: '班级订单', href: '/my/order/class' },
      { label: '考评订单', href: '/my/order/grading' },
      { label: '会员订单', href: '/my/order/vip' },
      { label: '我的拼团', href: '/my/groupbuy' },
      { label: '打赏流水', href: '/my/finance' },
    ],
  },
  {
    name: '学习动态',
    icon: 'i-ri-book-open-line',
    links: [
      { label: '我的课程', href: '/my/course' },
      { label: '我的班级', href: '/my/class' },
      { label: '我的作业', href: '/my/homework' },
      { label: '我的段位', href: '/my/duan' },
      { label: '我的笔记', href: '/my/notes' },
      { label: '我的动态', href: '/my/friendscircle' },
    ],
  },
  {
    name: '我的钱包',
    icon: 'i-ri-wallet-3-line',
    links: [
      { label: '优惠券', href: '/my/wallet/coupon' },
      { label: '功夫币', href: '/my/wallet/kungfucoin' },
      { label: 'VIP会员', href: '/my/vip' },
      { label: '我的积分', href: '/my/points' },
    ],
  },
  {
    name: '身份注册',
    icon: 'i-ri-shield-user-line',
    links: [
      { label: '教练入驻', href: '/account/regcoach' },
      { label: '店主入驻', href: '/account/regmechant' },
      { label: '供应商入驻', href: '/account/regprovider' },
    ],
  },
  {
    name: '其他服务',
    icon: 'i-ri-apps-2-line',
    links: [
      { label: '消息通知', href: '/my/notice' },
      { label: '我的粉丝', href: '/my/fans' },
      { label: '我的关注', href: '/my/focus' },
      { label: '我的收藏', href: '/my/favorite' },
      { label: '推荐好友', href: '/my/order' },
      { label: '推广中心', href: '/my/promotion' },
      { label: '收货地址', href: '/my/address' },
      { label: '客服中心', href: '/my/service' },
      { label: '帮助中心', href: '/my/help' },
    ],
  },
] as const;

/** The nav link a path belongs to (sub-pages light up their parent, e.g. /my/notice/detail). */
export function activeMemberLink(pathname: string): string | null {
  const here = pathname.replace(/\/+$/, '') || '/';
  const all = MEMBER_NAV.flatMap((g) => g.links.map((l) => l.href as string));
  if (all.includes(here)) return here;
  // 推荐好友 is /my/order itself; the order pages under it (e.g. /my/order/publish) are not it.
  return all.filter((h) => h !== '/my/order' && here.startsWith(`${h}/`)).sort((a, b) => b.length - a.length)[0] ?? null;
}
