import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { T } from '~/lib/texts';
import { inviteCodeOf } from '~/lib/rules/referral';
import { referrals, users } from '~/server/db/schema';
import { OAUTH_TEXTS } from '~/server/modules/oauth/oauth.service';
import { startOAuthStandin, type OAuthStandin } from '../fixtures/oauth-standin.mjs';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
let op: OAuthStandin;
beforeAll(async () => {
  op = await startOAuthStandin();
  t = await startApi(op.env);
});
afterAll(async () => {
  await t.stop();
  await op.close();
});

/** Starts a flow like the login dialog: the authorize URL, its state and the browser cookie. */
async function begin(type: 'wx' | 'qq', purpose: 'login' | 'bind' = 'login', token?: string) {
  const res = await t.post('/public/oauthUrl', { type, purpose }, token);
  expect(res.body.code).toBe(200);
  const url = new URL(res.body.data.url.replace('#wechat_redirect', ''));
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect(cookie).toMatch(/^gf_oauth=/);
  return { url, state: url.searchParams.get('state')!, cookie };
}

describe('authorize URLs', () => {
  it('point at the configured provider with our callback routes', async () => {
    const wx = await begin('wx');
    expect(wx.url.origin + wx.url.pathname).toBe(`${op.base}/connect/qrconnect`);
    expect(wx.url.searchParams.get('redirect_uri')).toMatch(/\/login\/wx\/callback$/);
    expect(wx.url.searchParams.get('scope')).toBe('snsapi_login');
    const qq = await begin('qq');
    expect(qq.url.searchParams.get('redirect_uri')).toMatch(/\/login\/bind\/qq\/callback$/);
    expect(qq.url.searchParams.get('client_id')).toBe('101000001');
  });
});

describe.each(['wx', 'qq'] as const)('%s login', (type) => {
  const openid = `${type}-openid-1`;

  it('asks a first-time user to bind a phone, then logs them in', async () => {
    const { state, cookie } = await begin(type);
    const first = await t.post('/thirdLogin', { type, code: op.issueCode(type, openid), state }, undefined, { cookie });
    expect(first.body).toMatchObject({ code: 200, data: { need_bind: 1, user: null, nick_name: expect.stringMatching(/^测试/) } });
    const phone = type === 'wx' ? '13800001111' : '13800002222';
    await t.sendCode(phone, 'bind_phone');
    // Came through a 推荐好友 link: the new account is the demo member's invited friend.
    const [inviter] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, '13800000001'));
    const bound = await t.post('/bindPhone', {
      ticket: first.body.data.ticket,
      phone,
      yzm: await t.lastCode(phone),
      inviter: inviteCodeOf(inviter!.id),
    });
    expect(bound.body).toMatchObject({ code: 200, data: { phone: `${phone.slice(0, 3)}****${phone.slice(7)}` } });
    const [ref] = await t.db.select().from(referrals).where(eq(referrals.inviteeId, bound.body.data.user_id));
    expect(ref).toMatchObject({ inviterId: inviter!.id, via: type });
    expect((await t.post('/member/hasBind', {}, bound.body.data.token)).body.data).toMatchObject({ [type]: 1 });

    // The next login goes straight in.
    const again = await begin(type);
    const second = await t.post('/thirdLogin', { type, code: op.issueCode(type, openid), state: again.state }, undefined, {
      cookie: again.cookie,
    });
    expect(second.body.data).toMatchObject({ need_bind: 0, user: { user_id: bound.body.data.user_id } });
  });

  it('refuses a state from another browser, a reused state and a forged one', async () => {
    const a = await begin(type);
    const b = await begin(type);
    expect(
      (await t.post('/thirdLogin', { type, code: op.issueCode(type, openid), state: a.state }, undefined, { cookie: b.cookie })).body,
    ).toMatchObject({
      code: 100,
      msg: OAUTH_TEXTS.badState,
    });
    expect(
      (await t.post('/thirdLogin', { type, code: op.issueCode(type, openid), state: b.state }, undefined, { cookie: b.cookie })).body.code,
    ).toBe(200);
    expect(
      (await t.post('/thirdLogin', { type, code: op.issueCode(type, openid), state: b.state }, undefined, { cookie: b.cookie })).body.msg,
    ).toBe(OAUTH_TEXTS.badState);
    const forged = a.state.replace(/\.[^.]+$/, '.AAAA');
    expect((await t.post('/thirdLogin', { type, code: 'x', state: forged }, undefined, { cookie: a.cookie })).body.msg).toBe(
      OAUTH_TEXTS.badState,
    );
  });

  it('reports a code the provider rejects', async () => {
    const { state, cookie } = await begin(type);
    expect((await t.post('/thirdLogin', { type, code: 'made-up', state }, undefined, { cookie })).body).toMatchObject({
      code: 100,
      msg: expect.stringMatching(/授权失败/),
    });
  });
});

describe('binding from account settings', () => {
  it('binds to the logged-in member, refuses an identity bound elsewhere, and unbinds', async () => {
    const token = await t.login(DEMO.member);
    const flow = await begin('wx', 'bind', token);
    const res = await t.post('/member/bindThird', { type: 'wx', code: op.issueCode('wx', 'member-wx'), state: flow.state }, token, {
      cookie: flow.cookie,
    });
    expect(res.body).toMatchObject({ code: 200, msg: '绑定成功' });
    expect((await t.post('/member/hasBind', {}, token)).body.data).toMatchObject({ wx: 1, qq: 0, wx_enabled: 1, qq_enabled: 1 });

    const coach = await t.login(DEMO.coach);
    const other = await begin('wx', 'bind', coach);
    expect(
      (
        await t.post('/member/bindThird', { type: 'wx', code: op.issueCode('wx', 'member-wx'), state: other.state }, coach, {
          cookie: other.cookie,
        })
      ).body,
    ).toMatchObject({
      code: 100,
      msg: OAUTH_TEXTS.boundElsewhere('微信'),
    });

    // A login state is no good for binding.
    const login = await begin('wx', 'login');
    expect(
      (
        await t.post('/member/bindThird', { type: 'wx', code: op.issueCode('wx', 'x'), state: login.state }, token, {
          cookie: login.cookie,
        })
      ).body.msg,
    ).toBe(OAUTH_TEXTS.badState);

    expect((await t.post('/member/cancelBind', { type: 'wx' }, token)).body).toMatchObject({ code: 200, msg: '已解除绑定' });
    expect((await t.post('/member/cancelBind', { type: 'wx' }, token)).body).toMatchObject({
      code: 100,
      msg: OAUTH_TEXTS.notBound('微信'),
    });
  });

  it('needs login for member calls', async () => {
    expect((await t.post('/member/hasBind')).body).toMatchObject({ code: 101, msg: T.loginFirst });
  });
});

describe('not configured', () => {
  it('says so instead of leading nowhere', async () => {
    const bare = await startApi({
      WX_APP_ID: '',
      WX_APP_SECRET: '',
      QQ_APP_ID: '',
      QQ_APP_KEY: '',
      WX_MP_APP_ID: '',
      WX_MP_APP_SECRET: '',
    });
    try {
      expect((await bare.post('/public/oauthProviders')).body.data).toEqual({ wx: 0, qq: 0, wxmp: 0 });
      expect((await bare.post('/public/oauthUrl', { type: 'wx' })).body).toMatchObject({ code: 100, msg: T.providerNotConfigured('微信') });
    } finally {
      await bare.stop();
    }
  });
});
