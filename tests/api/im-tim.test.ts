import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '~/server/http/errors';
import { knownPaths } from '~/server/http/endpoint';
import { imBackend, resetImBackend } from '~/server/providers/im';
import { chatSyncIdle, resetChatSync } from '~/server/providers/im/account-sync';
import { users } from '~/server/db/schema';
import { log } from '~/server/log';
import { adminSig, resetTimRest } from '~/server/providers/im/tim-rest';
import { genUserSig } from '~/server/providers/im/user-sig';
import { hashPassword } from '~/server/security/password';
import { startTimStandin, verifyTlsSig, type TimStandin } from '../fixtures/tim-standin.mjs';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * IM_PROVIDER=tim end to end on the server side: the API app against a loopback stand-in of Tencent
 * IM's REST API that validates requests as Tencent documents them (tests/fixtures/tim-standin.mjs).
 */
const SDK_APP_ID = 1400654321;
const SECRET = 'd-test-secret-key-0123456789abcdef';

let t: TestApi;
let tim: TimStandin;

beforeAll(async () => {
  tim = await startTimStandin({ sdkAppID: SDK_APP_ID, secretKey: SECRET });
  t = await startApi({
    IM_PROVIDER: 'tim',
    TIM_SDK_APP_ID: String(SDK_APP_ID),
    TIM_SECRET_KEY: SECRET,
    TIM_ADMIN_ID: 'administrator',
    TIM_API_URL: tim.url,
    MEDIA_URL: 'https://media.gongfu.test',
  });
  resetImBackend();
  resetTimRest();
  resetChatSync();
});
afterAll(async () => {
  await t.stop();
  await tim.close();
  resetImBackend();
  resetTimRest();
});
beforeEach(async () => {
  await chatSyncIdle();
  tim.received.length = 0;
});

async function login(
  phone: string,
  password = 'gongfu123',
): Promise<{ token: string; user_id: number; user_sig: string; nick_name: string }> {
  const res = await t.post('/login', { type: 1, phone, password });
  expect(res.body.code).toBe(200);
  await chatSyncIdle();
  return res.body.data;
}

const calls = (command: string) => tim.received.filter((r) => r.command === command);

describe('login on Tencent IM', () => {
  it('hands out a user_sig Tencent accepts for this user and imports the account with its nick', async () => {
    const me = await login(DEMO.member);
    expect(verifyTlsSig(me.user_sig, { userID: String(me.user_id), sdkAppID: SDK_APP_ID, secretKey: SECRET })).toEqual({ ok: true });
    // Signed for this user only, and only with the application's secret key.
    expect(verifyTlsSig(me.user_sig, { userID: String(me.user_id + 1), sdkAppID: SDK_APP_ID, secretKey: SECRET })).toMatchObject({
      ok: false,
    });
    expect(
      verifyTlsSig(me.user_sig, { userID: String(me.user_id), sdkAppID: SDK_APP_ID, secretKey: 'another-secret-key-000000' }),
    ).toMatchObject({ ok: false, code: 70009 });

    expect(tim.received.map((r) => `${r.service}/${r.command}`)).toEqual(['im_open_login_svc/account_import', 'profile/portrait_set']);
    expect(calls('account_import')[0]!.body).toMatchObject({ UserID: String(me.user_id), Nick: me.nick_name });
    expect(tim.accounts.get(String(me.user_id))).toMatchObject({ Nick: me.nick_name });
    // Every call as the admin, with a fresh random, over one cached admin signature.
    for (const r of tim.received)
      expect(r.query).toMatchObject({ sdkappid: String(SDK_APP_ID), identifier: 'administrator', contenttype: 'json' });
    expect(new Set(tim.received.map((r) => r.query['random'])).size).toBe(2);
    expect(new Set(tim.received.map((r) => r.query['usersig'])).size).toBe(1);

    // Logging in again with nothing changed costs Tencent no call.
    tim.received.length = 0;
    await login(DEMO.member);
    expect(tim.received).toEqual([]);
  });

  it('still logs in when Tencent refuses or is down; the next login imports the account', async () => {
    tim.failNext('im_open_login_svc/account_import', { code: 70169, info: 'internal error' });
    const coach = await login(DEMO.coach);
    expect(coach.token).toBeTruthy();
    expect(tim.accounts.has(String(coach.user_id))).toBe(false);

    tim.failNext('im_open_login_svc/account_import', 'http500');
    expect((await login(DEMO.coach)).token).toBeTruthy();
    expect(tim.accounts.has(String(coach.user_id))).toBe(false);

    await login(DEMO.coach);
    expect(tim.accounts.get(String(coach.user_id))).toMatchObject({ Nick: coach.nick_name });
  });

  it('a profile edit of nick or avatar updates the Tencent profile (absolute avatar URL)', async () => {
    const me = await login(DEMO.member);
    tim.received.length = 0;
    const res = await t.post('/member/memberInfoEdit', { nick_name: '太极新人', avatar: '/uploads/avatar/a1.jpg' }, me.token);
    expect(res.body.code).toBe(200);
    await chatSyncIdle();
    expect(calls('portrait_set').at(-1)!.body).toEqual({
      From_Account: String(me.user_id),
      ProfileItem: [
        { Tag: 'Tag_Profile_IM_Nick', Value: '太极新人' },
        { Tag: 'Tag_Profile_IM_Image', Value: 'https://media.gongfu.test/uploads/avatar/a1.jpg' },
      ],
    });
    expect(tim.accounts.get(String(me.user_id))).toEqual({ Nick: '太极新人', FaceUrl: 'https://media.gongfu.test/uploads/avatar/a1.jpg' });

    // An edit that leaves nick and avatar alone does not call Tencent.
    tim.received.length = 0;
    expect((await t.post('/member/memberInfoEdit', { intro: '练拳三年' }, me.token)).body.code).toBe(200);
    await chatSyncIdle();
    expect(tim.received).toEqual([]);
  });
});

describe('the admin UserSig', () => {
  it('is reused while fresh and re-signed shortly before it expires; both verify as the admin', () => {
    const now = Date.now();
    const first = adminSig(now);
    expect(adminSig(now + 3600_000)).toBe(first);
    const later = adminSig(now + (24 * 3600 - 300) * 1000);
    expect(later).not.toBe(first);
    for (const sig of [first, later])
      expect(verifyTlsSig(sig, { userID: 'administrator', sdkAppID: SDK_APP_ID, secretKey: SECRET, now })).toEqual({ ok: true });
  });
});

describe('the tim ImBackend over the REST API', () => {
  it('lists joined groups (owner-only and public-only filters, live rooms never listed)', async () => {
    await login(DEMO.member);
    await login(DEMO.coach);
    tim.addGroup('coach-pub', {
      Name: '张教练太极交流群',
      FaceUrl: 'https://x/g.png',
      members: [
        ['9001', 'Owner'],
        ['9002', 'Member'],
      ],
    });
    tim.addGroup('other', {
      Type: 'Private',
      Name: '师兄弟',
      members: [
        ['9002', 'Owner'],
        ['9001', 'Admin'],
      ],
    });
    tim.addGroup('live-1', { Type: 'AVChatRoom', Name: '直播间', members: [['9001', 'Owner']] });

    expect(await imBackend().joinedGroups('9001', { ownerOnly: false })).toEqual([
      { GroupId: 'coach-pub', Name: '张教练太极交流群', FaceUrl: 'https://x/g.png' },
      { GroupId: 'other', Name: '师兄弟', FaceUrl: '' },
    ]);
    expect(await imBackend().joinedGroups('9001', { ownerOnly: true })).toEqual([
      { GroupId: 'coach-pub', Name: '张教练太极交流群', FaceUrl: 'https://x/g.png' },
    ]);
    // Someone else's list (SPEC §7 memberInGroup for another uid): Public groups only.
    expect((await imBackend().joinedGroups('9001', { ownerOnly: false, publicOnly: true })).map((g) => g.GroupId)).toEqual(['coach-pub']);
    expect(calls('get_joined_group_list')[0]!.body).toMatchObject({ Member_Account: '9001', ResponseFilter: { SelfInfoFilter: ['Role'] } });
    expect(await imBackend().joinedGroups('nobody', { ownerOnly: false })).toEqual([]);
  });

  it('applyJoin adds the member once; a second apply answers AlreadyInGroup; Tencent refusals are Chinese refusals', async () => {
    const me = await login(DEMO.member);
    const uid = String(me.user_id);
    tim.addGroup('join-me', { members: [['9001', 'Owner']] });
    expect(await imBackend().applyJoin(uid, 'join-me', '想加入')).toBe('Success');
    expect(tim.groups.get('join-me')!.members.get(uid)).toBe('Member');
    expect(await imBackend().applyJoin(uid, 'join-me', '想加入')).toBe('AlreadyInGroup');
    expect(calls('add_group_member')[0]!.body).toEqual({ GroupId: 'join-me', MemberList: [{ Member_Account: uid }] });

    const gone = await imBackend()
      .applyJoin(uid, 'no-such-group', '')
      .catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(AppError);
    expect(gone).toMatchObject({ code: 100, message: '群组不存在或已解散' });

    tim.failNext('group_open_http_svc/add_group_member', 'http500');
    await expect(imBackend().applyJoin(uid, 'join-me', '')).rejects.toMatchObject({ code: 100, message: '聊天服务暂时不可用，请稍后再试' });
    // A member Tencent does not know (never imported) is refused, not reported as joined.
    await expect(imBackend().applyJoin('never-imported', 'join-me', '')).rejects.toMatchObject({
      code: 100,
      message: '加入群聊失败，请稍后再试',
    });
  });

  it('creates live rooms as AVChatRoom (a retried creation answers the same room), notices, and destroys idempotently', async () => {
    const coach = await login(DEMO.coach);
    const owner = String(coach.user_id);
    const id = await imBackend().createLiveRoom({ ownerID: owner, name: '太极直播' });
    expect(tim.groups.get(id)).toMatchObject({ Type: 'AVChatRoom', Name: '太极直播' });
    expect(tim.groups.get(id)!.members.get(owner)).toBe('Owner');

    expect(await imBackend().createLiveRoom({ ownerID: owner, name: '太极直播', groupID: 'live_88' })).toBe('live_88');
    expect(await imBackend().createLiveRoom({ ownerID: owner, name: '太极直播', groupID: 'live_88' })).toBe('live_88');
    expect(calls('create_group').at(-1)!.body).toEqual({ Owner_Account: owner, Type: 'AVChatRoom', Name: '太极直播', GroupId: 'live_88' });
    // Live rooms are not anyone's group list.
    expect((await imBackend().joinedGroups(owner, { ownerOnly: false })).map((g) => g.GroupId)).not.toContain('live_88');

    await imBackend().sendGroupSystemNotice('live_88', '直播即将开始');
    expect(tim.groups.get('live_88')!.notices).toEqual(['直播即将开始']);
    await expect(imBackend().sendGroupSystemNotice('gone', '通知')).rejects.toMatchObject({ code: 100, message: '群组不存在或已解散' });

    await imBackend().destroyGroup('live_88');
    expect(tim.groups.has('live_88')).toBe(false);
    await imBackend().destroyGroup('live_88');
  });
});

describe('group endpoints (SPEC §7) go to Tencent', () => {
  it('memberInGroup lists the Tencent groups and applyGroup joins through Tencent', async (ctx) => {
    // Part B's endpoints; this runs once they are in the app.
    if (!knownPaths.has('/api/public/memberInGroup') || !knownPaths.has('/api/member/applyGroup')) ctx.skip();
    const me = await login(DEMO.member);
    const uid = String(me.user_id);
    tim.addGroup('http-g', { Name: '武当交流群', members: [['9001', 'Owner']] });

    const applied = await t.post('/member/applyGroup', { group_id: 'http-g', apply_msg: '你好' }, me.token);
    expect(applied.body.code).toBe(200);
    expect(tim.groups.get('http-g')!.members.get(uid)).toBe('Member');

    const listed = await t.post('/public/memberInGroup', { uid: me.user_id, is_owenr: 0, is_group: 1 }, me.token);
    expect(listed.body.code).toBe(200);
    expect(listed.body.data.group_list).toContainEqual({ GroupId: 'http-g', Name: '武当交流群', FaceUrl: '' });

    tim.failNext('group_open_http_svc/get_joined_group_list', { code: 60008, info: 'timeout' });
    const failed = await t.post('/public/memberInGroup', { uid: me.user_id, is_owenr: 0, is_group: 1 }, me.token);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ code: 100, msg: '聊天服务暂时不可用，请稍后再试' });
  });
});

describe('ending every login on Tencent (im_open_login_svc/kick)', () => {
  let phones = 0;
  /** A member with the password abc12345, logged in once (so Tencent has the account): its login. */
  async function member(): Promise<{ phone: string; token: string; user_id: number; user_sig: string }> {
    const phone = `1350003${String(phones++).padStart(4, '0')}`;
    await t.db.insert(users).values({ phone, nickName: `踢出${phones}`, passwordHash: await hashPassword('abc12345') });
    return { ...(await login(phone, 'abc12345')), phone };
  }
  /** A signature the member's cookie held since yesterday (issued before any kick of today). */
  const yesterdays = (userId: number) => genUserSig(String(userId), { sdkAppID: SDK_APP_ID, key: SECRET, now: Date.now() - 86_400_000 });

  it('a password change kicks the account before signing this device’s new UserSig: the old ones stop logging in', async () => {
    const m = await member();
    const uid = String(m.user_id);
    const stale = yesterdays(m.user_id);
    expect(tim.userLogin(uid, stale)).toEqual({ ok: true });
    tim.received.length = 0;

    const res = await t.post('/member/editPw', { old_password: 'abc12345', password: 'new12345', passwords: 'new12345' }, m.token);
    expect(res.body.code).toBe(200);
    expect(calls('kick')).toHaveLength(1);
    expect(calls('kick')[0]).toMatchObject({
      service: 'im_open_login_svc',
      body: { UserID: uid },
      query: { sdkappid: String(SDK_APP_ID), identifier: 'administrator', contenttype: 'json' },
    });
    expect(tim.userLogin(uid, stale)).toMatchObject({ ok: false, code: 70001 });
    expect(tim.userLogin(uid, res.body.data.user_sig)).toEqual({ ok: true });
  });

  it('a password reset and a disabled account kick too; ending some devices cannot, and does not call Tencent', async () => {
    const m = await member();
    const other = await login(m.phone, 'abc12345');
    tim.received.length = 0;
    expect((await t.post('/member/sessionRevokeOthers', {}, m.token)).body.code).toBe(200);
    expect((await t.post('/logout', {}, m.token)).body.code).toBe(200);
    expect(calls('kick')).toEqual([]);
    expect((await t.post('/member/memberInfo', {}, other.token)).body.code).toBe(101);

    await t.sendCode(m.phone, 'forget_pw');
    const reset = await t.post('/forgetPassword', {
      phone: m.phone,
      password: 'new12345',
      passwords: 'new12345',
      yzm: await t.lastCode(m.phone),
    });
    expect(reset.body.code).toBe(200);
    expect(calls('kick').map((r) => r.body)).toEqual([{ UserID: String(m.user_id) }]);

    const cookie = await t.staffCookie('support');
    const off = await t.post('/admin/member/disable', { id: m.user_id, reason: '违规' }, undefined, { cookie });
    expect(off.body.code).toBe(200);
    expect(calls('kick').map((r) => r.body)).toEqual([{ UserID: String(m.user_id) }, { UserID: String(m.user_id) }]);
  });

  it('an account Tencent never had holds no login; Tencent down does not undo the change', async () => {
    const phone = `1350004${String(phones++).padStart(4, '0')}`;
    const [never] = await t.db.insert(users).values({ phone, nickName: '从未登录' }).returning({ id: users.id });
    const cookie = await t.staffCookie('support');
    tim.received.length = 0;
    expect((await t.post('/admin/member/disable', { id: never!.id, reason: '违规' }, undefined, { cookie })).body.code).toBe(200);
    expect(calls('kick')).toHaveLength(1); // answered 70107: nothing to end

    const m = await member();
    tim.failNext('im_open_login_svc/kick', 'http500');
    const logged = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const res = await t.post('/member/editPw', { old_password: 'abc12345', password: 'new12345', passwords: 'new12345' }, m.token);
    expect(logged).toHaveBeenCalledWith('chat logins not ended', expect.objectContaining({ userId: m.user_id }));
    logged.mockRestore();
    expect(res.body.code).toBe(200);
    expect((await t.post('/member/memberInfo', {}, m.token)).body.code).toBe(101);
    expect((await t.post('/member/memberInfo', {}, res.body.data.token)).body.code).toBe(200);
  });
});
