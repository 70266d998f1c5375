import { expect, test } from './fixtures';
import { DEMO, loginByCookie, ready, toastWith } from './helpers';

/**
 * Part G: a member shares the demo coach's page to the coach's seeded group (陈师傅太极交流群) and
 * the card shows in that group in /chat; the coach's group-chat page lists the group and creates one.
 */
test.describe.configure({ mode: 'serial' });

test('a member shares the coach page to a group chat and sees the card in /chat', async ({ page }) => {
  await page.goto('/');
  await loginByCookie(page, DEMO.member.phone);
  await page.goto('/train/coachList');
  await page.getByTestId('coach-card').filter({ hasText: '陈师傅' }).click();
  await ready(page);
  const coachUrl = new URL(page.url());
  await page.getByTestId('share-group').click();
  const dialog = page.getByRole('dialog', { name: '分享到群聊' });
  await dialog.getByRole('button', { name: /陈师傅太极交流群/ }).click();
  await expect(toastWith(page, '分享成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/chat');
  await ready(page);
  await page.getByText('陈师傅太极交流群').first().click();
  const card = page.getByTestId('chat-card').filter({ hasText: '陈师傅' }).last();
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('href', `/anchor?type=coach&id=${coachUrl.searchParams.get('id')}`);
});

test('a guest asked to share gets the login dialog', async ({ page }) => {
  await page.goto('/train/coachList');
  await page.getByTestId('coach-card').filter({ hasText: '陈师傅' }).click();
  await ready(page);
  await page.getByTestId('share-group').click();
  await expect(page.getByRole('dialog', { name: '手机号登录' })).toBeVisible();
});

test('the coach’s group-chat page lists the group, and 创建群聊 adds one', async ({ page }) => {
  await page.goto('/');
  await loginByCookie(page, DEMO.coach.phone);
  await page.goto('/coach/homepage/groupchat');
  await ready(page);
  const seeded = page.getByTestId('coach-group').filter({ hasText: '陈师傅太极交流群' });
  await expect(seeded).toContainText('加群方式');
  await expect(seeded.getByRole('link', { name: '在聊天中打开' })).toHaveAttribute('href', /^\/chat\?cid=GROUP/);

  const name = `周末推手群${Date.now() % 100000}`;
  await page.getByTestId('create-group').click();
  const dialog = page.getByRole('dialog', { name: '创建群聊' });
  await dialog.getByTestId('group-name').fill(name);
  await dialog.getByTestId('create-group-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('coach-group').filter({ hasText: name })).toContainText('1 人');
  // It is stored: a reload lists it too.
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('coach-group').filter({ hasText: name })).toBeVisible();
});
