import { expect, test, type Page } from './fixtures';
import { DEMO, newMember, ready, signIn, toastWith } from './helpers';

interface Api<T> {
  code: number;
  msg: string;
  data: T;
}

/** Logs the coach in by API, puts the session in the browser and answers its token. */
async function coachSession(page: Page): Promise<string> {
  const res = await page.request.post('/api/login', { data: { type: 1, phone: DEMO.coach.phone, password: DEMO.coach.password } });
  const user = ((await res.json()) as Api<{ token: string }>).data;
  await page.context().addCookies([{ name: 'user', value: encodeURIComponent(JSON.stringify(user)), url: page.url() }]);
  return user.token;
}

/** A paid course of the coach with no active sale (a retry or the seed's sale may hold others). */
async function freeCourse(page: Page, token: string): Promise<{ id: number; price: number }> {
  const post = async <T>(path: string, data: object) =>
    ((await (await page.request.post(`/api${path}`, { data, headers: { authToken: token } })).json()) as Api<T>).data;
  const options = await post<{ list: { kind: string; item_id: number; price: number }[] }>('/seller/flash/options', {});
  const sales = await post<{ list: { course_id: number | null; phase: string }[] }>('/seller/flash/list', { page: 1, limit: 50 });
  const busy = new Set(sales.list.filter((s) => s.phase === 'running' || s.phase === 'upcoming').map((s) => s.course_id));
  const c = options.list.find((o) => o.kind === 'course' && o.price > 100 && !busy.has(o.item_id));
  if (!c) throw new Error('no course of the demo coach is free for a flash sale');
  return { id: c.item_id, price: c.price };
}

test('a coach puts a course on 秒杀; a member buys it at the flash price with coins', async ({ page, browser }) => {
  // Two people, six pages and a payment: on a loaded 2-core box it has run past the default minute.
  test.slow();
  await page.goto('/download');
  const token = await coachSession(page);
  const course = await freeCourse(page, token);

  await page.goto('/coach/marketing');
  await ready(page);
  const form = page.getByTestId('flash-form');
  await form.getByLabel('课程或商品').selectOption(`course:${course.id}`);
  await form.getByLabel('秒杀价（元）').fill('1');
  await form.getByLabel('秒杀库存').fill('5');
  // Running from a minute ago (the browser's own clock and zone fill the field).
  const start = await page.evaluate(() => {
    const d = new Date(Date.now() - 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  });
  await form.getByLabel('开始时间').fill(start);
  await form.getByRole('button', { name: '创建秒杀' }).click();
  await expect(toastWith(page, '秒杀已创建')).toBeVisible();
  const row = page.getByTestId('flash-row').filter({ hasText: '¥1.00' }).first();
  await expect(row).toContainText('抢购中');

  // The member, in a browser of their own.
  const ctx = await browser.newContext();
  const buyer = await ctx.newPage();
  const m = await newMember(buyer.request, { coins: 100, payPassword: true });
  await buyer.goto('/download');
  await signIn(buyer, m);
  await buyer.goto(`/train/courseDetail?id=${course.id}`);
  await ready(buyer);
  const panel = buyer.getByTestId('flash-panel');
  await expect(panel.getByTestId('flash-price')).toHaveText('¥1.00');
  await expect(panel.getByTestId('flash-countdown')).toContainText('距结束');
  await panel.getByTestId('flash-buy').click();
  await buyer.waitForURL(/\/flash\/buy\?id=\d+/);
  await ready(buyer);
  await buyer.getByTestId('flash-submit').click();
  await buyer.waitForURL(/\/order\/middle\?id=\d+/);
  await ready(buyer);
  await buyer.getByRole('button', { name: /立即支付/ }).click();
  const dialog = buyer.getByRole('dialog', { name: '输入支付密码' });
  await dialog.getByLabel('支付密码').fill(m.payPassword);
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await buyer.waitForURL(/\/order\/detail\?id=\d+&paid=1/);
  await expect(buyer.getByText('¥1.00').first()).toBeVisible();
  // One unit paid: the seller's list says so.
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('flash-row').filter({ hasText: '¥1.00' }).first()).toContainText('5（4 / 1）');
  await ctx.close();
});
