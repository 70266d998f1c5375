import { test, expect } from './fixtures';
import { DEMO, loginByCookie, ready } from './helpers';

/** Every /coach/* and /mechant/* route of SPEC §2 (the owner's pages; none may be a 404). */
const COACH_ROUTES = [
  '/coach/banner',
  '/coach/class',
  '/coach/class/courseList',
  '/coach/class/publish',
  '/coach/course',
  '/coach/course/lessonList',
  '/coach/publish',
  '/coach/publishLesson',
  '/coach/videoInfo',
  '/coach/finance',
  '/coach/finance/addcard',
  '/coach/finance/bankcard',
  '/coach/homepage',
  '/coach/homepage/class',
  '/coach/homepage/course',
  '/coach/homepage/friendscircle',
  '/coach/homepage/goods',
  '/coach/homepage/groupchat',
  '/coach/homepage/intro',
  '/coach/homepage/live',
  '/coach/homepage/order',
  '/coach/homepage/order/class',
  '/coach/homepage/order/course',
  '/coach/homepage/order/goods',
  '/coach/setting',
  '/coach/agent/goods',
];
const MECHANT_ROUTES = [
  '/mechant/applycancel',
  '/mechant/banner',
  '/mechant/finance',
  '/mechant/finance/addcard',
  '/mechant/finance/bankcard',
  '/mechant/homepage',
  '/mechant/homepage/course',
  '/mechant/homepage/friendscircle',
  '/mechant/homepage/goods',
  '/mechant/homepage/intro',
  '/mechant/homepage/live',
  '/mechant/homepage/order',
  '/mechant/homepage/order/course',
  '/mechant/homepage/order/goods',
  '/mechant/setting',
  '/mechant/agent/course',
  '/mechant/agent/goods',
  '/mechant/live',
  '/mechant/order/course',
  '/mechant/order/goods',
];

test('every route of both management areas answers a page, and /coach, /mechant land on the first one', async ({ page }) => {
  for (const path of [...COACH_ROUTES, ...MECHANT_ROUTES]) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect({ path, status: res.status() }).toEqual({ path, status: 200 });
  }
  await page.goto('/coach');
  await expect(page).toHaveURL(/\/coach\/finance$/);
  await page.goto('/mechant');
  await expect(page).toHaveURL(/\/mechant\/finance$/);
});

test('a guest is asked to log in, and any nav item opens the login dialog instead', async ({ page }) => {
  await page.goto('/coach/homepage/live');
  await ready(page);
  await expect(page.getByTestId('seller-login')).toContainText('登录后才能进入教练管理');
  const nav = page.getByTestId('seller-nav');
  await nav.getByRole('link', { name: '课程管理' }).click();
  await expect(page.getByRole('dialog', { name: '手机号登录' })).toBeVisible();
  await expect(page).toHaveURL(/\/coach\/homepage\/live$/);
});

test('a member without the identity is pointed at the application page, never shown the area', async ({ page }) => {
  await page.goto('/');
  await loginByCookie(page, DEMO.member.phone);
  await page.goto('/coach/homepage/live');
  await ready(page);
  const refused = page.getByTestId('seller-not-role');
  await expect(refused).toContainText('你还不是教练');
  await expect(refused.getByRole('link', { name: '去入驻' })).toHaveAttribute('href', '/account/regcoach');
  await expect(page.getByTestId('coming-page')).toHaveCount(0);

  // A coach is not a shop owner either.
  await loginByCookie(page, DEMO.coach.phone);
  await page.goto('/mechant/live');
  await ready(page);
  await expect(page.getByTestId('seller-not-role')).toContainText('你还不是店主');
  await expect(page.getByTestId('seller-not-role').getByRole('link', { name: '去入驻' })).toHaveAttribute('href', '/account/regmechant');
});

test('the owner sees the page, with its nav item lit', async ({ page }) => {
  await page.goto('/');
  await loginByCookie(page, DEMO.coach.phone);
  await page.goto('/coach/homepage/groupchat');
  await ready(page);
  await expect(page.getByTestId('coach-group').first()).toBeVisible();
  await expect(page.getByTestId('seller-nav').getByRole('link', { name: '群聊管理' })).toHaveAttribute('aria-current', 'page');
});
