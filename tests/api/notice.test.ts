import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { T } from '~/lib/texts';
import { feedback, messages, users } from '~/server/db/schema';
import { sendMessage } from '~/server/modules/notice/notice.service';
import { UPLOAD_TEXTS } from '~/server/modules/upload/upload.routes';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
let member: string;
let coach: string;
beforeAll(async () => {
  t = await startApi({ UPLOAD_MAX_KB: '64' });
  member = await t.login(DEMO.member);
  coach = await t.login(DEMO.coach);
});
afterAll(() => t.stop());

const pngBase64 = (w = 4, h = 4) => PNG.sync.write(new PNG({ width: w, height: h })).toString('base64');

describe('notices', () => {
  it('counts unread per kind, announcements included', async () => {
    // The seed's notices to the demo member: its system notice and the learning demo's (作业点评, 考评结果).
    const [seeded] = await t.db
      .select({ n: count() })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.userId))
      .where(and(eq(users.phone, DEMO.member), eq(messages.kind, 'notice')));
    expect(seeded!.n).toBeGreaterThan(1);
    const res = await t.post('/member/unreadMsgCount', {}, member);
    expect(res.body).toMatchObject({ code: 200, data: { announce: 2, comment: 1, notice: seeded!.n } });
  });

  it('needs login', async () => {
    expect((await t.post('/member/unreadMsgCount')).body).toMatchObject({ code: 101, msg: T.loginFirst });
  });

  it('lists by kind with paging, and reading clears the count', async () => {
    const list = await t.post('/member/messageList', { type: 'announce', page: 1, limit: 1 }, member);
    expect(list.body.data).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(list.body.data.list[0]).toMatchObject({ title: '系统维护通知', is_read: 0, from_name: '功夫平台' });
    const detail = await t.post('/member/messageDetail', { id: list.body.data.list[0]!.id }, member);
    expect(detail.body.data.content).toContain('系统维护');
    expect((await t.post('/member/unreadMsgCount', {}, member)).body.data.announce).toBe(1);
    expect((await t.post('/member/messageSetRead', { type: 'announce' }, member)).body.data.count).toBe(1);
    expect((await t.post('/member/unreadMsgCount', {}, member)).body.data.announce).toBe(0);
    // Another member's announcement state is their own.
    expect((await t.post('/member/unreadMsgCount', {}, coach)).body.data.announce).toBe(2);
  });

  it('keeps one member’s messages out of another’s reach', async () => {
    const mine = (await t.post('/member/messageList', { type: 'comment' }, member)).body.data.list[0]!.id;
    for (const path of ['/member/messageDetail', '/member/messageDelete', '/member/messageSetRead']) {
      expect((await t.rawPost(path, { id: mine }, coach)).body).toMatchObject({ code: 404, msg: '消息不存在或已删除' });
    }
    expect((await t.post('/member/messageList', { type: 'comment' }, coach)).body.data.total).toBe(0);
  });

  it('deletes for the member only', async () => {
    const id = await sendMessage({ userId: null, kind: 'announce', title: '新公告', content: '<p>x</p>' });
    expect((await t.post('/member/messageDelete', { id }, member)).body.code).toBe(200);
    expect((await t.post('/member/messageDetail', { id }, member)).body.code).toBe(404);
    expect((await t.post('/member/messageDetail', { id }, coach)).body.code).toBe(200);
  });

  it('answers a consent notice once', async () => {
    const list = await t.post('/member/messageList', { type: 'notice' }, coach);
    const invite = list.body.data.list.find((m: { need_agree: number }) => m.need_agree === 1);
    expect(invite).toBeTruthy();
    expect((await t.post('/member/messageIsAgree', { id: invite!.id, is_agree: 3 }, coach)).body).toMatchObject({
      code: 100,
      msg: '请选择同意或拒绝',
    });
    expect((await t.post('/member/messageIsAgree', { id: invite!.id, is_agree: 1 }, coach)).body.code).toBe(200);
    expect((await t.post('/member/messageIsAgree', { id: invite!.id, is_agree: 2 }, coach)).body).toMatchObject({
      code: 100,
      msg: '您已处理过该申请',
    });
    expect((await t.post('/member/messageDetail', { id: invite!.id }, coach)).body.data.is_agree).toBe(1);
    const plain = (await t.post('/member/messageList', { type: 'notice' }, member)).body.data.list[0];
    expect((await t.post('/member/messageIsAgree', { id: plain!.id, is_agree: 1 }, member)).body).toMatchObject({
      code: 100,
      msg: '该消息无需处理',
    });
  });

  it('validates the kind and ids', async () => {
    expect((await t.rawPost('/member/messageList', { type: 'spam' }, member)).body).toMatchObject({ code: 100, msg: '消息类型不正确' });
    expect((await t.post('/member/messageDetail', { id: 'abc' }, member)).body).toMatchObject({ code: 100, msg: '消息 id 不正确' });
    expect((await t.post('/member/messageSetRead', {}, member)).body).toMatchObject({ code: 100, msg: '请指定消息或消息类型' });
  });
});

describe('/api/uploader_img_base64', () => {
  it('stores an image and serves it back', async () => {
    const res = await t.post('/uploader_img_base64', { image: `data:image/png;base64,${pngBase64()}`, type: 'avatar' }, member);
    expect(res.body).toMatchObject({
      code: 200,
      data: { path: expect.stringMatching(/^\/uploads\/avatar\/\d{8}\/\d+-[0-9a-f]{16}\.png$/) },
    });
    const bytes = await readFile(join(t.dataDir, res.body.data.path.replace('/uploads/', 'uploads/')));
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect((await t.post('/member/memberInfoEdit', { avatar: res.body.data.path }, member)).body.code).toBe(200);
    expect((await t.post('/member/memberInfo', {}, member)).body.data.avatar).toBe(res.body.data.path);
  });

  it('decides the type from the bytes, not the label', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    expect((await t.post('/uploader_img_base64', { image: `data:image/png;base64,${html}` }, member)).body).toMatchObject({
      code: 100,
      msg: UPLOAD_TEXTS.badType,
    });
    expect((await t.post('/uploader_img_base64', { image: '!!!not base64!!!' }, member)).body).toMatchObject({
      code: 100,
      msg: UPLOAD_TEXTS.badData,
    });
    expect((await t.rawPost('/uploader_img_base64', {}, member)).body).toMatchObject({ code: 100, msg: UPLOAD_TEXTS.empty });
  });

  it('limits the size and needs login', async () => {
    const big = Buffer.concat([PNG.sync.write(new PNG({ width: 2, height: 2 })), Buffer.alloc(70 * 1024)]).toString('base64');
    expect((await t.post('/uploader_img_base64', { image: big }, member)).body).toMatchObject({ code: 100, msg: UPLOAD_TEXTS.tooBig(64) });
    expect((await t.post('/uploader_img_base64', { image: pngBase64() })).body.code).toBe(101);
  });
});

describe('/api/member/feedBack', () => {
  it('stores feedback with our own images only', async () => {
    const up = await t.post('/uploader_img_base64', { image: pngBase64(), type: 'feedback' }, member);
    const res = await t.post(
      '/member/feedBack',
      { type: '问题报告', content: '课程视频偶尔卡顿', images: [up.body.data.path], contact: 'qq 12345' },
      member,
    );
    expect(res.body).toMatchObject({ code: 200, msg: '感谢您的反馈，我们会尽快处理' });
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, res.body.data.id));
    expect(row).toMatchObject({ type: '问题报告', content: '课程视频偶尔卡顿', images: [up.body.data.path] });
    expect(
      (await t.post('/member/feedBack', { type: '问题报告', content: '图片是外链地址', images: ['https://x.example/a.png'] }, member)).body
        .msg,
    ).toBe('图片地址不正确，请重新上传');
  });

  it('validates type and content', async () => {
    expect((await t.rawPost('/member/feedBack', { type: '闲聊', content: '内容足够长了' }, member)).body.msg).toBe('请选择反馈类型');
    expect((await t.post('/member/feedBack', { type: '其他', content: '短' }, member)).body.msg).toBe('反馈内容至少 5 个字');
    expect((await t.post('/member/feedBack', { type: '其他', content: '内容足够长了' })).body.code).toBe(101);
  });
});
