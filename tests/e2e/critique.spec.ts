import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, loginByCookie, toastWith } from './helpers';

/**
 * 作业点评 end to end: the coach draws an arrow on the paused clip, pins it, records a voice comment
 * (Chromium's fake microphone), scores 85 合格 and submits; the learner sees that arrow over the frame
 * at its moment, the voice comment and the score. The clip is the rig's (tests/fixtures/homework-critique.ts).
 */
function submissionId(): number | null {
  const dir = process.env['E2E_STAFF_DIR'];
  const file = dir ? join(dir, 'critique.json') : '';
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { id: number }).id : null;
}

test('a coach critiques a clip and the learner sees it drawn on the frame', async ({ browser }) => {
  const id = submissionId();
  // Against a server of your own (E2E_REUSE) there is no rig clip; under the rig a missing clip is a failure.
  test.skip(id === null && Boolean(process.env['E2E_REUSE']), 'needs the rig’s practice clip (scripts/e2e-server.mjs)');
  expect(id, 'the rig wrote the practice clip (critique.json)').not.toBeNull();

  const coachCtx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const coach = await coachCtx.newPage();
  await coach.goto('/download');
  await loginByCookie(coach, DEMO.coach.phone);
  await coach.goto(`/coach/homework/review?id=${id}`);
  const clip = coach.getByTestId('critique-clip');
  await expect.poll(() => clip.locator('video').evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(2);
  await clip.locator('video').evaluate((v: HTMLVideoElement) => (v.currentTime = 1.5));
  await expect(coach.getByRole('button', { name: /钉在此刻 0:01\.5/ })).toBeVisible();

  // 箭头 is the first tool: two clicks on the paused frame, from 30 %/40 % to 60 %/70 %.
  await coach.getByRole('button', { name: '箭头', exact: true }).click();
  const sketch = clip.getByTestId('critique-sketch');
  const box = (await sketch.boundingBox())!;
  await coach.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
  await coach.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.7);
  await expect(sketch.locator('path[data-shape="arrow"]')).toHaveCount(1);
  await coach.getByLabel('评语').fill('冲拳时肘部外翻，向内收');
  await coach.getByRole('button', { name: /钉在此刻/ }).click();
  await expect(coach.getByTestId('critique-chip')).toHaveText(['0:01.5']);

  await coach.getByRole('button', { name: '录制语音点评' }).click();
  await expect(coach.getByTestId('voice-recording')).toContainText(/录音中 [2-9] /, { timeout: 15_000 });
  await coach.getByRole('button', { name: '停止录音' }).click();
  await expect(coach.getByTestId('critique-voice')).toBeVisible();

  await coach.getByLabel('评分（0–100）').fill('85');
  await expect(coach.getByRole('radio', { name: '合格' })).toBeChecked();
  await coach.getByRole('button', { name: '提交点评' }).click();
  await expect(toastWith(coach, '点评已提交')).toBeVisible();
  await coachCtx.close();

  const learnerCtx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const learner = await learnerCtx.newPage();
  await learner.goto('/download');
  await loginByCookie(learner, DEMO.member.phone);
  await learner.goto(`/my/homework/view?id=${id}`);
  await expect(learner.getByTestId('critique-score')).toHaveText('85');
  await expect(learner.getByTestId('critique-verdict')).toHaveText('合格');
  const seen = learner.getByTestId('critique-clip').getByTestId('critique-sketch');
  // Nothing is drawn away from the mark; its chip seeks there and shows the arrow where it was drawn.
  await expect(seen.locator('path')).toHaveCount(0);
  await learner.getByTestId('critique-chip').click();
  const d = await seen.locator('path[data-shape="arrow"]').getAttribute('d');
  const [ax, ay, bx, by] = (d ?? '').match(/-?[\d.]+/g)!.map(Number) as [number, number, number, number];
  expect(ax).toBeCloseTo(0.3, 2);
  expect(ay).toBeCloseTo(0.4, 2);
  expect(bx).toBeCloseTo(0.6, 2);
  expect(by).toBeCloseTo(0.7, 2);
  await expect(learner.getByText('冲拳时肘部外翻，向内收')).toBeVisible();
  const voice = learner.getByTestId('critique-voice');
  await expect.poll(() => voice.evaluate((a: HTMLAudioElement) => (Number.isNaN(a.duration) ? 0 : a.duration))).toBeGreaterThan(0);
  await learnerCtx.close();
});
