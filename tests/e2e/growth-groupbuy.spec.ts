import { expect, test, type Page } from './fixtures';
import { DEMO, loginByCookie, newMember, ready, signIn, toastWith, type Member } from './helpers';
import { GROUP_BUY_TEXTS } from '../../src/lib/rules/groupbuy';

/* 拼团 end to end: the coach sets a 2-person group buy, A opens, B joins through the share link, both pay with coins, the group forms. */

async function payWithCoins(page: Page, m: Member) {
  await page.waitForURL(/\/order\/middle\?id=\d+/);
  await ready(page);
  await page.getByRole('button', { name: /立即支付/ }).click();
  const dialog = page.getByRole('dialog', { name: '输入支付密码' });
  await dialog.getByLabel('支付密码').fill(m.payPassword);
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/order\/detail\?id=\d+&paid=1/);
}

test('a 2-person group buy forms when the second member pays, and the opener can study the course', async ({ page, browser, request }) => {
  // Three people's sessions and two coin payments: sized for a loaded 2-core box.
  test.setTimeout(300_000);
  // The coach's oldest course that no running group buy holds (a retry stops its own earlier one).
  const login = await request.post('/api/login', { data: { type: 1, phone: DEMO.coach.phone, password: DEMO.coach.password } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const call = async <T>(path: string, data: Record<string, unknown>) =>
    ((await (await request.post(`/api${path}`, { data, headers: { authToken: token } })).json()) as { data: T }).data;
  const items = await call<{ list: { kind: string; id: number; title: string; price: number }[] }>('/seller/groupBuyItems', {});
  const campaigns = await call<{ list: { id: number; state: string; item: { kind: string; id: number } }[] }>('/seller/groupBuyList', {
    limit: 50,
  });
  const course = items.list.filter((i) => i.kind === 'course' && i.price > 100).at(-1)!;
  for (const c of campaigns.list.filter((x) => x.item.kind === 'course' && x.item.id === course.id && x.state !== 'stopped'))
    await call('/seller/groupBuyStop', { id: c.id });

  await page.goto('/');
  await loginByCookie(page, DEMO.coach.phone);
  await page.goto('/coach/marketing?tab=groupbuy');
  await ready(page);
  const form = page.getByTestId('groupbuy-create');
  await form.getByLabel('课程或班级').selectOption(`course:${course.id}`);
  await form.getByLabel(/拼团价/).fill('1');
  await form.getByLabel('成团人数').fill('2');
  await form.getByLabel('成团时限（小时）').fill('24');
  const end = new Date(Date.now() + 30 * 86_400_000);
  const p2 = (n: number) => String(n).padStart(2, '0');
  await form.getByLabel('结束时间').fill(`${end.getFullYear()}-${p2(end.getMonth() + 1)}-${p2(end.getDate())}T20:00`);
  await form.getByRole('button', { name: '创建拼团' }).click();
  await expect(toastWith(page, '拼团活动已保存')).toBeVisible();
  await expect(page.getByTestId('groupbuy-list').locator('li', { hasText: course.title }).first()).toContainText('进行中');
  // On the coach's own course page the panel explains instead of offering 开团 (the server would refuse it).
  await page.goto(`/train/courseDetail?id=${course.id}`);
  await ready(page);
  await expect(page.getByTestId('groupbuy-own')).toHaveText(GROUP_BUY_TEXTS.ownPanel('course'));
  await expect(page.getByTestId('groupbuy-open')).toHaveCount(0);

  const [a, b] = await Promise.all([
    newMember(request, { coins: 10, payPassword: true }),
    newMember(request, { coins: 10, payPassword: true }),
  ]);
  const pa = await browser.newPage();
  await pa.goto('/');
  await signIn(pa, a);
  await pa.goto(`/train/courseDetail?id=${course.id}`);
  await ready(pa);
  const panel = pa.getByTestId('groupbuy-panel');
  await expect(panel.getByTestId('groupbuy-price')).toHaveText('¥1.00');
  await panel.getByTestId('groupbuy-open').click();
  await payWithCoins(pa, a);
  // Paid, but the group is not full: the course is not open yet.
  await pa.goto('/my/groupbuy');
  const mine = pa.getByTestId('my-groupbuy').first();
  await expect(mine.getByTestId('my-groupbuy-state')).toHaveText('还差 1 人');
  await expect(mine).toContainText('已支付，等待成团');

  // B comes through the share link of A's group and joins it.
  const mineRes = await request.post('/api/member/groupBuyMine', { data: {}, headers: { authToken: a.user.token } });
  const groupId = ((await mineRes.json()) as { data: { list: { group: { id: number } }[] } }).data.list[0]!.group.id;
  const pb = await browser.newPage();
  await pb.goto('/');
  await signIn(pb, b);
  await pb.goto(`/train/courseDetail?id=${course.id}&group=${groupId}`);
  await ready(pb);
  const shared = pb.getByTestId('groupbuy-group').filter({ hasText: '分享给你的团' });
  await expect(shared.getByTestId('groupbuy-left')).toHaveText('还差 1 人');
  await shared.getByTestId('groupbuy-join').click();
  await payWithCoins(pb, b);

  await pa.goto('/my/groupbuy');
  await expect(pa.getByTestId('my-groupbuy').first().getByTestId('my-groupbuy-state')).toHaveText('拼团成功');
  await pa.getByTestId('my-groupbuy').first().getByRole('link', { name: '去学习' }).click();
  await ready(pa);
  await expect(pa.getByTestId('course-start')).toHaveText('开始学习');
  await pa.close();
  await pb.close();
});
