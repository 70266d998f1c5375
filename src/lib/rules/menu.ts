/** SPEC §2 main menu, with the training and live submenus. */
export interface MenuItem {
  label: string;
  href: string;
  children?: { label: string; href: string }[];
  /** Path prefixes that light this item up. */
  match: string[];
}

export const MAIN_MENU: MenuItem[] = [
  { label: '首页', href: '/', match: [] },
  { label: '商城', href: '/shop', match: ['/shop', '/shopsearch'] },
  {
    label: '培训',
    href: '/train/course',
    match: ['/train', '/search'],
    children: [
      { label: '课程', href: '/train/course' },
      { label: '班级', href: '/train/class' },
      { label: '教练', href: '/train/coach' },
    ],
  },
  {
    label: '直播',
    href: '/live/coach',
    match: ['/live', '/livesearch'],
    children: [
      { label: '教练直播', href: '/live/coach' },
      { label: '店铺直播', href: '/live/shop' },
    ],
  },
  { label: '功夫圈', href: '/firendscircle', match: ['/firendscircle', '/friendSearch'] },
  { label: '资讯', href: '/article', match: ['/article'] },
  { label: 'App下载', href: '/download', match: ['/download'] },
];

/** The label of the menu item the current page belongs to ('' when none). */
export function activeMenu(pathname: string): string {
  if (pathname === '/') return '首页';
  const p = pathname.toLowerCase();
  const hit = MAIN_MENU.find((m) =>
    m.match.some((prefix) => p === prefix.toLowerCase() || p.startsWith(`${prefix.toLowerCase()}/`) || p.startsWith(prefix.toLowerCase())),
  );
  return hit?.label ?? '';
}
