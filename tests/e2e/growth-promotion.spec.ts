import { expect, test, type Page } from './fixtures';
import { newMember, ready, signIn, toastWith, type Member } from './helpers';
import { fenText } from '../../src/lib/rules/bank';

/**
 * 分销 end to end: member A copies the share link of a course from 分享赚, member B opens it and buys
 * the course with coins, the order settles (the rig's /dev/orderSettleNow moves its clock past the
 * refund window and runs the job), and A's 推广中心 shows the commission credited.
 */

interface Link {
  url: string;
  price: number;
  rate_bp: number;
  commission: number;
}

async function apiAs<T>(page: Page, path: string, data: Record<string, unknown>, m: Member): Promise<T> {
  const res = await page.request.post(`/api${path}`, { data, headers: { authToken: m.user.token } });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

test('A shares a course, B buys it through the link with coins, the order settles, A’s 推广中心 shows the commission', async ({
  page,
  browser,
}) => {
  // Two members made through captcha and SMS, two browsers and a purchase: more than a minute on a loaded box.
  test.slow();
  const [a, b] = await Promise.all([newMember(page.request), newMember(page.request, { coins: 2000, payPassword: true })]);
  // A paid course whose seller pays commission (the seed sets rates on the demo coach's courses).
  const res = await page.request.post('/api/public/courseList', { data: { price: 'paid', limit: 50 } });
  const courses = ((await res.json()) as { data: { list: { id: number }[] } }).data.list;
  let course = 0;
  let link: Link | null = null;
  for (const c of courses) {
    const l = await apiAs<Link>(page, '/member/promotion/link', { kind: 'course', id: c.id }, a);
    if (l.rate_bp > 0 && l.price <= 200_000) {
      course = c.id;
      link = l;
      break;
    }
  }
  if (!link) throw new Error('no paid course with a commission rate in the seed');

  // A: 分享赚 on the course page shows the earning, the link (copied) and a poster.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, a);
  await page.goto(`/train/courseDetail?id=${course}`);
  await ready(page);
  await page.getByTestId('share-earn-button').click();
  const dialog = page.getByRole('dialog', { name: '分享赚' });
  await expect(dialog.getByTestId('share-earn-amount')).toHaveText(fenText(link.commission));
  await dialog.getByRole('button', { name: '复制链接' }).click();
  await expect(toastWith(page, '已成功复制')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`/train/courseDetail\\?id=${course}&share=[A-Za-z0-9]{10}$`));
  await dialog.getByRole('button', { name: '生成海报' }).click();
  await expect(dialog.getByRole('img', { name: /分享海报/ })).toBeVisible();

  // B opens the link in a browser of their own and buys with coins.
  const other = await browser.newContext();
  try {
    const pb = await other.newPage();
    await signIn(pb, b);
    const landed = pb.waitForResponse((r) => r.url().endsWith('/api/public/promotion/click'));
    await pb.goto(copied);
    await ready(pb);
    expect(((await (await landed).json()) as { data: { recorded: boolean } }).data.recorded).toBe(true);
    await pb.getByRole('link', { name: '立即购买' }).first().click();
    await pb.waitForURL(/\/order\/courseOrder\?id=/);
    await ready(pb);
    await pb.getByRole('button', { name: '提交订单' }).click();
    await pb.waitForURL(/\/order\/middle\?id=\d+/);
    const orderId = Number(new URL(pb.url()).searchParams.get('id'));
    await ready(pb);
    await pb.getByRole('button', { name: /立即支付/ }).click();
    const pay = pb.getByRole('dialog', { name: '输入支付密码' });
    await pay.getByLabel('支付密码').fill(b.payPassword);
    await pay.getByRole('button', { name: '确认支付' }).click();
    await pb.waitForURL(/\/order\/detail\?id=\d+&paid=1/);

    // Before settling, A sees the order as pending; then the rig settles it (twice: credited once).
    await page.goto('/my/promotion');
    await ready(page);
    await expect(page.getByTestId('promotion-orders')).toContainText('待结算');
    for (let i = 0; i < 2; i++)
      expect((await apiAs<{ status: string }>(pb, '/dev/orderSettleNow', { id: orderId }, b)).status).toBe('completed');
  } finally {
    await other.close();
  }

  await page.reload();
  await ready(page);
  await expect(page.getByTestId('promotion-balance')).toHaveText(fenText(link.commission));
  await expect(page.getByTestId('promotion-settled')).toHaveText(fenText(link.commission));
  await expect(page.getByTestId('promotion-orders')).toContainText('已结算');
  await page.getByRole('tab', { name: '我的分享' }).click();
  await expect(page.getByTestId('promotion-links')).toContainText('1 次点击');
});
