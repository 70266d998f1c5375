import { expect, test, type Page } from './fixtures';
import { loginStaff, newMember, ready, signIn, toastWith } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** The image has loaded (ID photos are private: only their signed URL shows them). */
const loaded = (img: ReturnType<Page['getByRole']>) =>
  expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);

/** Fills and sends the coach form the way a member would. */
async function applyAsCoach(page: Page, idNumber: string, name = '李小龙') {
  const form = page.getByTestId('coach-apply-form');
  await form.getByLabel('真实姓名').fill(name);
  await form.getByLabel('身份证号').fill(idNumber);
  await page.getByLabel('选择人像面').setInputFiles(photo('front.png'));
  await expect(form.getByRole('img', { name: '人像面' })).toBeVisible();
  await page.getByLabel('选择国徽面').setInputFiles(photo('back.png'));
  await expect(form.getByRole('img', { name: '国徽面' })).toBeVisible();
  await form.getByLabel('联系电话').fill('13912345678');
  await form.getByLabel('省份').selectOption('广东省');
  await form.getByLabel('城市').selectOption('佛山市');
  await form.getByRole('group', { name: '擅长拳种' }).getByRole('button', { name: '咏春拳' }).click();
  await form.getByLabel('个人简介').fill('习武二十年，擅长咏春，带过上百名学员。');
  await form.getByLabel('同意入驻协议').check();
  await form.getByRole('button', { name: '提交申请' }).click();
}

test('a member applies as coach; the status gate then keeps both forms closed and says why', async ({ page, request }) => {
  const m = await newMember(request);
  await signIn(page, m);
  await page.goto('/account/regcoach');
  await ready(page);
  const form = page.getByTestId('coach-apply-form');
  await expect(form.getByRole('link', { name: '《教练入驻协议》' })).toHaveAttribute('href', '/agreement/coachagreement');

  // The browser checks before sending: a wrong check digit never reaches the server.
  await applyAsCoach(page, '110105194912310021');
  await expect(toastWith(page, '身份证号不正确')).toBeVisible();
  await form.getByLabel('身份证号').fill('11010519491231002X');
  // Earlier toasts (uploads, the refused number) gone first, so the count below is the submission's.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(toastWith(page, '申请已提交，请等待审核')).toBeVisible();
  // The pending state shows at the top of the page, announced by the one success toast: no
  // 正在审核中 warning beside it (counted once the frames after the card's render have drawn).
  const status = page.getByTestId('apply-status');
  await expect(status).toContainText('申请审核中');
  await expect(status).toBeInViewport({ ratio: 1 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))));
  expect(await page.locator('[data-sonner-toast]').count()).toBe(1);
  expect(await toastWith(page, '正在审核中').count()).toBe(0);

  // SPEC §4: the nav link asks first; a pending application blocks it with the server's msg.
  await page.goto('/my/notice');
  await ready(page);
  await page.getByRole('navigation', { name: '个人中心菜单' }).getByRole('link', { name: '教练入驻' }).click();
  await expect(toastWith(page, '正在审核中')).toBeVisible();
  await expect(page).toHaveURL(/\/my\/notice$/);
  await page.getByRole('navigation', { name: '个人中心菜单' }).getByRole('link', { name: '店主入驻' }).click();
  await expect(toastWith(page, '一个账号只能开通一种身份')).toBeVisible();
  await expect(page).toHaveURL(/\/my\/notice$/);

  // A typed URL is gated the same way: no form.
  await page.goto('/account/regmechant');
  await ready(page);
  await expect(page.getByTestId('apply-status')).toContainText('暂不能申请');
  await expect(page.getByTestId('shop-apply-form')).toHaveCount(0);
});

/** The reviewer opens the pending application of `name` in the console. */
async function openInConsole(op: Page, name: string) {
  await op.goto('/admin/applications?kind=coach');
  await ready(op);
  await op.getByLabel('搜索关键字').fill(name);
  await op.getByRole('button', { name: '搜索' }).click();
  const row = op.getByTestId('application-table').getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '审核' }).click();
  const dialog = op.getByRole('dialog', { name: '入驻申请详情' });
  await expect(dialog.getByTestId('application-detail')).toBeVisible();
  // However long the application, the decision stays in the window (a laptop's 1280×800).
  for (const name of ['通过', '拒绝']) await expect(dialog.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
  return dialog;
}

test('apply → the operator refuses with a reason → correct and resubmit → approved → settle → 教练管理 in the header', async ({
  page,
  request,
  browser,
}) => {
  // Two accounts, three console decisions and a dozen pages: longer than one test's default minute on a loaded box.
  test.slow();
  const name = '张三丰';
  const m = await newMember(request);
  await signIn(page, m);
  await page.goto('/account/regcoach');
  await ready(page);
  await applyAsCoach(page, '11010519491231002X', name);
  await expect(page.getByTestId('apply-status')).toContainText('申请审核中');

  const opContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const op = await opContext.newPage();
  await loginStaff(op, 'reviewer');
  let detail = await openInConsole(op, name);
  await expect(detail.getByTestId('id-number')).toHaveText('1101**********002X');
  await loaded(detail.getByRole('img', { name: '身份证人像面' }));
  await detail.getByRole('button', { name: /显示完整号码/ }).click();
  await expect(detail.getByTestId('id-number')).toHaveText('11010519491231002X');
  await detail.getByLabel(/审核意见/).fill('请补充段位证书');
  await detail.getByRole('button', { name: '拒绝' }).click();
  await expect(toastWith(op, '已拒绝，已通知申请人')).toBeVisible();
  await expect(detail).toContainText('请补充段位证书');

  // The member sees the reason on the form, prefilled with what was sent, and corrects it.
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('refuse-reason')).toContainText('请补充段位证书');
  const form = page.getByTestId('coach-apply-form');
  await expect(form.getByLabel('真实姓名')).toHaveValue(name);
  await expect(form.getByLabel('身份证号')).toHaveAttribute('placeholder', '1101**********002X');
  await loaded(form.getByRole('img', { name: '人像面' }));
  await page.getByLabel('选择添加证书').setInputFiles(photo('cert.png'));
  await expect(form.getByRole('img', { name: '证书 1' })).toBeVisible();
  await form.getByLabel('同意入驻协议').check();
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByTestId('apply-status')).toContainText('申请审核中');

  detail = await openInConsole(op, name);
  await detail.getByRole('button', { name: '通过' }).click();
  await expect(toastWith(op, '已通过，已通知申请人')).toBeVisible();
  await opContext.close();

  // The nav link now leads to the settlement page.
  await page.goto('/my/notice');
  await ready(page);
  await page.getByRole('navigation', { name: '个人中心菜单' }).getByRole('link', { name: '教练入驻' }).click();
  await expect(page).toHaveURL(/\/account\/settle\?type=coach$/);
  await ready(page);
  await expect(page.getByTestId('settle-fee')).toHaveText('免费');
  await page.getByRole('button', { name: '确认入驻' }).click();
  await expect(page.getByTestId('apply-status')).toContainText('入驻成功，你已成为教练');

  // At once, without logging in again: the header menu offers 教练管理.
  await page.getByRole('banner').getByRole('link', { name: '个人中心' }).hover();
  await expect(page.getByRole('menuitem', { name: '教练管理' })).toBeVisible();
  await page.getByRole('link', { name: '进入教练管理' }).click();
  await expect(page).toHaveURL(/\/coach\/finance$/);
});
