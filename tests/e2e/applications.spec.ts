import { expect, test, type Page } from './fixtures';
import { newMember, ready, signIn, toastWith } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** Fills and sends the coach form the way a member would. */
async function applyAsCoach(page: Page, idNumber: string) {
  const form = page.getByTestId('coach-apply-form');
  await form.getByLabel('真实姓名').fill('李小龙');
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
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(toastWith(page, '申请已提交，请等待审核')).toBeVisible();
  await expect(page.getByTestId('apply-status')).toContainText('申请审核中');

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
