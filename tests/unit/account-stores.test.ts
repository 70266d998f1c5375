import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/* The API client is replaced by a scripted server: `reply` answers each call, `calls` records them. */
const calls: { path: string; body: unknown }[] = [];
/** What the logout call saw when it went out: its token, and whether the session and cookie were already gone. */
const logoutSeen: { token: string | undefined; sessionAtCall: unknown; cookieAtCall: string }[] = [];
let reply: (path: string, body: Record<string, unknown>) => unknown = () => null;
/** An envelope `call()` answers: a reply with a numeric `code` is taken as the envelope itself. */
const envelope = (data: unknown) =>
  data && typeof data === 'object' && typeof (data as { code?: unknown }).code === 'number'
    ? data
    : { code: 200, msg: '操作成功', info: '', data };
vi.mock('~/lib/api/client', async (importActual) => {
  const actual = await importActual<typeof import('~/lib/api/client')>();
  const send = async (path: string, body: Record<string, unknown> = {}) => {
    calls.push({ path, body });
    return reply(path, body);
  };
  return {
    ...actual,
    api: async (path: string, body?: Record<string, unknown>) => send(path, body),
    call: async (path: string, body?: Record<string, unknown>) => envelope(await send(path, body)),
    callLogout: async (token: string | undefined) => {
      logoutSeen.push({ token, sessionAtCall: $session.get(), cookieAtCall: document.cookie });
      return envelope(await send('/logout', {}));
    },
  };
});
const toasts: [string, string][] = [];
vi.mock('~/lib/toast', () => ({
  toast: {
    success: (m: string) => toasts.push(['success', m]),
    error: (m: string) => toasts.push(['error', m]),
    warning: (m: string) => toasts.push(['warning', m]),
    info: (m: string) => toasts.push(['info', m]),
  },
  flash: (kind: string, m: string) => toasts.push([`next page ${kind}`, m]),
}));
const oauth = { wx: true, qq: false };
vi.mock('~/lib/runtime', () => ({ runtime: () => ({ mediaUrl: '', siteName: '功夫', oauth }) }));

const { InputError } = await import('~/lib/stores/action');
const { $session, sessionChangedElsewhere, setSession } = await import('~/lib/stores/session');
const { $dialog } = await import('~/lib/stores/ui');
const { T } = await import('~/lib/texts');
const { SMS_TEXTS } = await import('~/lib/rules/sms');
const { PASSWORD_TEXTS } = await import('~/lib/rules/password');
const { UPLOAD_TEXTS } = await import('~/lib/rules/upload');
const { FEEDBACK_TEXTS } = await import('~/lib/rules/notice');
const { ACCOUNT_TEXTS } = await import('~/lib/rules/account');
const account = await import('~/lib/stores/account');
const { createSmsTimer, requestSmsCode } = await import('~/lib/stores/sms');
const notice = await import('~/lib/stores/notice');
const { $unread, $unreadBadge, refreshUnread } = await import('~/lib/stores/unread');

type User = NonNullable<ReturnType<typeof $session.get>>;
const member: User = {
  token: 'tok',
  user_id: 7,
  nick_name: '习武小白',
  avatar: '',
  phone: '138****0001',
  identity: 0,
  service_id: 0,
  user_sig: '',
};
const nav = { reload: vi.fn(), assign: vi.fn(), replace: vi.fn() };

beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  reply = () => null;
  $session.set(null);
  $dialog.set('none');
  oauth.wx = true;
  oauth.qq = false;
  for (const f of Object.values(nav)) f.mockReset();
  vi.stubGlobal('location', { ...nav, origin: 'https://gongfu.example', search: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The InputError a store action threw, with its level. */
async function refusal(p: Promise<unknown>): Promise<{ message: string; level: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InputError);
  const { message, level } = err as InstanceType<typeof InputError>;
  return { message, level };
}

describe('login (SPEC §4/§5)', () => {
  const form = { phone: ' 13800000001 ', password: 'gongfu123', agreed: true };

  it('asks for the agreement first, then a valid phone, then a password — and sends nothing', async () => {
    expect((await refusal(account.login({ ...form, agreed: false }, 'close'))).message).toBe(T.agreeRequired);
    expect((await refusal(account.login({ ...form, phone: '' }, 'close'))).message).toBe(T.phoneRequired);
    expect((await refusal(account.login({ ...form, phone: '12345678901' }, 'close'))).message).toBe(T.phoneInvalid);
    expect((await refusal(account.login({ ...form, password: '' }, 'close'))).message).toBe(T.passwordRequired);
    expect(calls).toEqual([]);
  });

  it('logs in with type 1, keeps the user and closes the dialog (main layout)', async () => {
    $dialog.set('login');
    reply = () => member;
    expect(await account.login(form, 'close')).toEqual(member);
    expect(calls).toEqual([{ path: '/login', body: { type: 1, phone: '13800000001', password: 'gongfu123' } }]);
    expect($session.get()).toEqual(member);
    expect($dialog.get()).toBe('none');
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it('reloads the page in the other layouts', async () => {
    reply = () => member;
    await account.login(form, 'reload');
    expect(nav.reload).toHaveBeenCalledOnce();
  });

  it('goes to an in-site redirect only', () => {
    const origin = 'https://gongfu.example';
    expect(account.loginTarget('?redirect=%2Fmy%2Fnotice%3Ftype%3Dcomment', origin)).toBe('/my/notice?type=comment');
    expect(account.loginTarget('?redirect=/%5Cevil.example/', origin)).toBe('/');
    expect(account.loginTarget('?redirect=/%09/evil.example', origin)).toBe('/');
    expect(account.loginTarget('?redirect=/%0A/evil.example', origin)).toBe('/');
    expect(account.loginTarget('', origin)).toBe('/');
  });

  it('logs out: the session and cookie end before the call, which carries the token; msg shown on the next page', async () => {
    const jar = { cookie: '' };
    vi.stubGlobal('document', jar);
    setSession(member);
    expect(jar.cookie).toMatch(/^user=/);
    logoutSeen.length = 0;
    reply = () => ({ code: 200, msg: '退出成功', info: '', data: null });
    await account.logout('home');
    // Nothing left to race a navigation: already logged out when the call went out.
    expect(logoutSeen).toEqual([{ token: 'tok', sessionAtCall: null, cookieAtCall: expect.stringMatching(/^user=;.*Max-Age=0/) }]);
    expect(toasts).toEqual([['next page success', '退出成功']]);
    expect(nav.assign).toHaveBeenCalledWith('/');

    setSession(member);
    reply = () => ({ code: 403, msg: '操作太频繁', info: '', data: null });
    await account.logout('reload');
    expect(toasts[1]).toEqual(['next page warning', '操作太频繁']);
    expect($session.get()).toBeNull();
    expect(nav.reload).toHaveBeenCalledOnce();
  });

  it('a page that still holds a session the cookie no longer has (logout in another tab, back-forward cache) notices', () => {
    const cookie = `user=${encodeURIComponent(JSON.stringify(member))}`;
    expect(sessionChangedElsewhere(member, cookie)).toBe(false);
    expect(sessionChangedElsewhere(member, '')).toBe(true);
    expect(sessionChangedElsewhere(null, cookie)).toBe(true);
    expect(sessionChangedElsewhere(null, 'other=1')).toBe(false);
  });
});

describe('registration and recovery', () => {
  const reg = { phone: '13500000001', yzm: ' 123456 ', password: 'abc12345', passwords: 'abc12345' };

  it('checks the form in the order it shows (mismatch is a warning)', async () => {
    expect((await refusal(account.register({ ...reg, phone: '1' }, true))).message).toBe(T.phoneInvalid);
    expect((await refusal(account.register({ ...reg, yzm: ' ' }, true))).message).toBe(SMS_TEXTS.codeRequired);
    expect((await refusal(account.register({ ...reg, password: 'abcdefgh', passwords: 'abcdefgh' }, true))).message).toBe(
      PASSWORD_TEXTS.mix,
    );
    expect(await refusal(account.register({ ...reg, passwords: 'abc12399' }, true))).toEqual({
      message: T.passwordsDiffer,
      level: 'warning',
    });
    expect((await refusal(account.register(reg, false))).message).toBe(T.agreeRequired);
    expect(calls).toEqual([]);
  });

  it('registers, logs in and returns the member where they came from, greeted there', async () => {
    reply = () => member;
    await account.register(reg, true, '/train/courseDetail?id=5');
    expect(calls).toEqual([{ path: '/register', body: { ...reg, yzm: '123456', agree: true } }]);
    expect($session.get()).toEqual(member);
    expect(nav.assign).toHaveBeenCalledWith('/train/courseDetail?id=5');
    expect(toasts).toEqual([['next page success', '欢迎加入功夫！']]);
  });

  it('where registration returns to: a same-site redirect, else the referrer, else the member homepage', () => {
    const o = 'https://gongfu.example';
    expect(account.afterRegister('?redirect=%2Fcart', o)).toBe('/cart');
    expect(account.afterRegister('', o, `${o}/train/courseDetail?id=5`)).toBe('/train/courseDetail?id=5');
    expect(account.afterRegister('?redirect=%2Fcart', o, `${o}/shop`)).toBe('/cart');
    expect(account.AFTER_REGISTER).toBe('/my/homepage');
    for (const [search, referrer] of [
      ['?redirect=https%3A%2F%2Fevil.example%2F', ''],
      ['?redirect=%2F%2Fevil.example', 'https://evil.example/x'],
      ['?redirect=javascript%3Aalert(1)', ''],
      ['?redirect=%2Faccount%2Flogin%3Fredirect%3D%252Fcart', `${o}/account/regmember`],
    ] as const)
      expect(account.afterRegister(search, o, referrer), search).toBe(account.AFTER_REGISTER);
  });

  it("注册账号 carries the page the dialog was opened on (or /account/login's own redirect)", () => {
    expect(account.registerHref({ pathname: '/train/courseDetail', search: '?id=5' })).toBe(
      '/account/regmember?redirect=%2Ftrain%2FcourseDetail%3Fid%3D5',
    );
    expect(account.registerHref({ pathname: '/account/login', search: '?redirect=%2Fcart' })).toBe('/account/regmember?redirect=%2Fcart');
    expect(account.registerHref({ pathname: '/account/login', search: '' })).toBe('/account/regmember');
  });

  const forgot = { phone: '13500000001', yzm: '654321', password: 'newpass66', passwords: 'newpass66' };

  it('resets the password: the same checks, then back to the login dialog with 修改成功', async () => {
    expect((await refusal(account.forgetPassword({ ...forgot, password: '', passwords: '' }))).message).toBe(T.passwordRequired);
    expect(await refusal(account.forgetPassword({ ...forgot, passwords: 'newpass67' }))).toEqual({
      message: T.passwordsDiffer,
      level: 'warning',
    });
    expect(calls).toEqual([]);
    $dialog.set('forgot');
    reply = () => ({ code: 200, msg: T.changed, info: '', data: null });
    expect(await account.forgetPassword(forgot)).toBe(T.changed);
    expect(calls).toEqual([{ path: '/forgetPassword', body: forgot }]);
    expect($dialog.get()).toBe('login');
  });

  it('a refused reset keeps the dialog open and rejects with msg', async () => {
    $dialog.set('forgot');
    reply = () => ({ code: 429, msg: '操作太频繁，请稍后再试', info: '', data: null });
    await expect(account.forgetPassword(forgot)).rejects.toThrow('操作太频繁，请稍后再试');
    expect($dialog.get()).toBe('forgot');
  });
});

describe('account settings', () => {
  beforeEach(() => $session.set(member));

  it('pay password: six digits not in a run, twice, and the code', async () => {
    expect((await refusal(account.changePayPassword({ password: '123456', passwords: '123456', yzm: '1' }))).message).toBe(
      PASSWORD_TEXTS.payWeak,
    );
    expect((await refusal(account.changePayPassword({ password: '205813', passwords: '205814', yzm: '1' }))).level).toBe('warning');
    expect((await refusal(account.changePayPassword({ password: '205813', passwords: '205813', yzm: '' }))).message).toBe(
      SMS_TEXTS.codeRequired,
    );
    await account.changePayPassword({ password: '205813', passwords: '205813', yzm: ' 111111' });
    expect(calls).toEqual([{ path: '/member/editPayPw', body: { password: '205813', passwords: '205813', yzm: '111111' } }]);
    expect(account.payPasswordChars('password', '12a 3')).toBe('123');
    expect(account.payPasswordChars('yzm', '12 34')).toBe('1234');
  });

  it('login password: old one required, new one by the rules', async () => {
    expect((await refusal(account.changePassword({ old_password: '', password: 'abc12345', passwords: 'abc12345' }))).message).toBe(
      ACCOUNT_TEXTS.oldPasswordRequired,
    );
    expect((await refusal(account.changePassword({ old_password: 'x', password: 'abc', passwords: 'abc' }))).message).toBe(
      PASSWORD_TEXTS.length,
    );
  });

  it('login password: the fresh token of the answer replaces the session (every old one has ended)', async () => {
    reply = () => ({ ...member, token: 'rotated-token' });
    await account.changePassword({ old_password: 'abc12345', password: 'xyz12345', passwords: 'xyz12345' });
    expect(calls).toEqual([{ path: '/member/editPw', body: { old_password: 'abc12345', password: 'xyz12345', passwords: 'xyz12345' } }]);
    expect($session.get()?.token).toBe('rotated-token');
  });

  it('登录设备: revoking asks first, and answers the list afterwards', async () => {
    const device = {
      id: 7,
      device: 'Chrome 140 · Windows 10',
      kind: 'desktop',
      place: '112.64.*.*',
      created_at: '',
      last_active_at: '',
      current: 0,
    };
    reply = (path) => (path === '/member/sessionList' ? { list: [] } : null);
    expect(await account.revokeDevice(7, () => false)).toBeNull();
    expect(await account.revokeOtherDevices(() => false)).toBeNull();
    expect(calls).toEqual([]);
    expect(await account.revokeDevice(7, () => true)).toEqual([]);
    expect(await account.revokeOtherDevices(() => true)).toEqual([]);
    expect(calls.map((c) => c.path)).toEqual([
      '/member/sessionRevoke',
      '/member/sessionList',
      '/member/sessionRevokeOthers',
      '/member/sessionList',
    ]);
    expect(calls[0]?.body).toEqual({ id: 7 });
    reply = () => ({ list: [device] });
    expect(await account.fetchDeviceSessions()).toEqual([device]);
  });

  it('changing the phone: the old code gives a ticket, the new phone shows masked in the header', async () => {
    reply = () => ({ ticket: 't-1' });
    expect(await account.verifyOldPhone(' 222222 ')).toBe('t-1');
    reply = (_, body) => ({ phone: body['phone'] });
    expect(await account.bindingPhone({ phone: '13912345678', yzm: '333333', ticket: 't-1' })).toBe('13912345678');
    expect(calls).toEqual([
      { path: '/member/verifyPhone', body: { yzm: '222222' } },
      { path: '/member/bindingPhone', body: { phone: '13912345678', yzm: '333333', ticket: 't-1' } },
    ]);
    expect($session.get()?.phone).toBe('139****5678');
  });

  it('a first phone is bound without a ticket', async () => {
    reply = (_, body) => ({ phone: body['phone'] });
    await account.bindingPhone({ phone: '13912345678', yzm: '333333', ticket: '' });
    expect(calls[0]?.body).toEqual({ phone: '13912345678', yzm: '333333' });
    expect((await refusal(account.bindingPhone({ phone: '', yzm: '1', ticket: '' }))).message).toBe(T.phoneRequired);
  });

  it('profile: a nickname is required; name and avatar go to the header', async () => {
    const form = { nick_name: '  ', avatar: '/uploads/a.png', gender: 1, birthday: '', intro: ' 太极 ' };
    expect((await refusal(account.saveProfile(form))).message).toBe(ACCOUNT_TEXTS.nickRequired);
    await account.saveProfile({ ...form, nick_name: ' 陈师傅 ' });
    expect(calls).toEqual([{ path: '/member/memberInfoEdit', body: { ...form, nick_name: '陈师傅', intro: '太极' } }]);
    expect($session.get()).toMatchObject({ nick_name: '陈师傅', avatar: '/uploads/a.png', token: 'tok' });
  });

  it('images are checked before anything is read or sent', async () => {
    const file = (type: string, size: number) => ({ type, size }) as File;
    expect((await refusal(account.uploadImage(file('image/svg+xml', 10), 'avatar'))).message).toBe(UPLOAD_TEXTS.badType);
    expect((await refusal(account.uploadImage(file('image/png', 3 * 1024 * 1024), 'avatar'))).message).toBe('图片不能超过 2MB');
    expect(calls).toEqual([]);
  });

  it('feedback needs a type and five characters', async () => {
    const form = { type: '' as const, content: '很好用的网站', images: [], contact: '' };
    expect((await refusal(account.sendFeedback(form))).message).toBe(FEEDBACK_TEXTS.typeRequired);
    expect((await refusal(account.sendFeedback({ ...form, type: '其他', content: ' 好 ' }))).message).toBe(FEEDBACK_TEXTS.contentShort);
    reply = () => ({ id: 9 });
    expect(await account.sendFeedback({ ...form, type: '其他', images: ['/uploads/1.png'], contact: ' qq ' })).toBe(9);
    expect(calls).toEqual([
      { path: '/member/feedBack', body: { type: '其他', content: '很好用的网站', images: ['/uploads/1.png'], contact: 'qq' } },
    ]);
  });
});

describe('WeChat and QQ', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    };
  };

  it('a provider the site has not configured is a warning, and nothing is asked', async () => {
    expect(await refusal(account.startThirdParty('qq', 'login'))).toEqual({ message: T.providerNotConfigured('QQ'), level: 'warning' });
    expect((await refusal(account.startThirdPartyLogin('wx', false))).message).toBe(T.agreeRequired);
    expect(calls).toEqual([]);
  });

  it('WeChat goes to the authorisation page in the same window', async () => {
    reply = () => ({ url: 'https://open.weixin.qq.com/connect/qrconnect?x=1' });
    await account.startThirdPartyLogin('wx', true);
    expect(calls).toEqual([{ path: '/public/oauthUrl', body: { type: 'wx', purpose: 'login', channel: 'web' } }]);
    expect(nav.assign).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/qrconnect?x=1');
  });

  it('a callback without code or state says so', async () => {
    expect((await refusal(account.finishThirdParty('wx', '?code=abc', memory()))).message).toBe(account.CALLBACK_TEXTS.missing);
    expect(calls).toEqual([]);
  });

  it('a known identity logs in and goes to logininfo', async () => {
    reply = () => ({ need_bind: 0, ticket: '', nick_name: '微信用户', user: member });
    expect(await account.finishThirdParty('wx', '?code=c&state=login.wx.x.n.s', memory())).toBe('/login/wx/logininfo');
    expect(calls).toEqual([{ path: '/thirdLogin', body: { type: 'wx', code: 'c', state: 'login.wx.x.n.s' } }]);
    expect($session.get()).toEqual(member);
  });

  it('a first login keeps the ticket for the bind-phone page, which logs in and drops it', async () => {
    const storage = memory();
    reply = () => ({ need_bind: 1, ticket: 'tk', nick_name: 'QQ用户', user: null });
    expect(await account.finishThirdParty('qq', '?code=c&state=login.qq.x.n.s', storage)).toBe('/login/bind/qq/bindphone');
    expect($session.get()).toBeNull();
    expect(account.readPendingBind(storage)).toEqual({ ticket: 'tk', nick: 'QQ用户' });

    expect((await refusal(account.bindPhoneAndLogin('qq', { ticket: 'tk', phone: '13900000000', yzm: '' }, storage))).message).toBe(
      SMS_TEXTS.codeRequired,
    );
    reply = () => member;
    await account.bindPhoneAndLogin('qq', { ticket: 'tk', phone: ' 13900000000 ', yzm: '123456' }, storage);
    expect(calls.at(-1)).toEqual({ path: '/bindPhone', body: { ticket: 'tk', phone: '13900000000', yzm: '123456' } });
    expect($session.get()).toEqual(member);
    expect(account.readPendingBind(storage)).toBeNull();
    expect(nav.replace).toHaveBeenCalledWith('/login/bind/qq/logininfo');
  });

  it('a binding callback binds to the current account', async () => {
    $session.set(member);
    expect(await account.finishThirdParty('wx', '?code=c&state=bind.wx.x.n.s', memory())).toBe('/account/setting/safe');
    expect(calls).toEqual([{ path: '/member/bindThird', body: { type: 'wx', code: 'c', state: 'bind.wx.x.n.s' } }]);
  });

  it('an unreadable pending ticket is none', () => {
    expect(account.readPendingBind({ getItem: () => '{nope' })).toBeNull();
    expect(account.readPendingBind({ getItem: () => '{"nick":"x"}' })).toBeNull();
  });

  it('unbinding answers the new state', async () => {
    const state = { wx: 0, qq: 0, wx_nick_name: '', qq_nick_name: '', wx_enabled: 1, qq_enabled: 0 };
    reply = (path) => (path === '/member/hasBind' ? state : null);
    expect(await account.cancelBind('wx')).toEqual(state);
    expect(calls.map((c) => c.path)).toEqual(['/member/cancelBind', '/member/hasBind']);
  });
});

describe('SMS button (SPEC §4/§5)', () => {
  const pass = async () => 'pass';

  it('while counting down it only reminds, as a warning', async () => {
    const timer = createSmsTimer();
    timer.start();
    const ask = vi.fn(pass);
    expect(await refusal(requestSmsCode({ phone: '13800000001', type: 'register', timer, askCaptcha: ask }))).toEqual({
      message: T.smsCooling,
      level: 'warning',
    });
    expect(ask).not.toHaveBeenCalled();
    timer.stop();
  });

  it('checks the phone before the captcha', async () => {
    const timer = createSmsTimer();
    const ask = vi.fn(pass);
    expect((await refusal(requestSmsCode({ phone: '', type: 'register', timer, askCaptcha: ask }))).message).toBe(T.phoneRequired);
    expect((await refusal(requestSmsCode({ phone: '12345', type: 'register', timer, askCaptcha: ask }))).message).toBe(T.phoneInvalid);
    expect(ask).not.toHaveBeenCalled();
  });

  it('a captcha that does not pass sends nothing and starts nothing', async () => {
    const timer = createSmsTimer();
    expect(await requestSmsCode({ phone: '13800000001', type: 'register', timer, askCaptcha: async () => null })).toBe(false);
    expect(calls).toEqual([]);
    expect(timer.$left.get()).toBe(0);
  });

  it('sends with the pass and counts down 60 s', async () => {
    vi.useFakeTimers();
    const timer = createSmsTimer();
    expect(await requestSmsCode({ phone: ' 13800000001 ', type: 'forget_pw', timer, askCaptcha: pass })).toBe(true);
    expect(calls).toEqual([{ path: '/public/sendMsg', body: { phone: '13800000001', type: 'forget_pw', captcha: 'pass' } }]);
    expect(timer.$left.get()).toBe(60);
    vi.advanceTimersByTime(1000);
    expect(timer.$left.get()).toBe(59);
    vi.advanceTimersByTime(59_000);
    expect(timer.$left.get()).toBe(0);
  });

  it('a refused send re-enables the button at once', async () => {
    const timer = createSmsTimer();
    reply = () => {
      throw new Error(T.smsCooling);
    };
    await expect(requestSmsCode({ phone: '13800000001', type: 'register', timer, askCaptcha: pass })).rejects.toThrow(T.smsCooling);
    expect(timer.$left.get()).toBe(0);
  });

  it('own-phone purposes skip the phone check', async () => {
    const timer = createSmsTimer();
    expect(await requestSmsCode({ phone: '', type: 'pay_password', ownPhone: true, timer, askCaptcha: pass })).toBe(true);
    expect(calls[0]?.body).toEqual({ phone: '', type: 'pay_password', captcha: 'pass' });
    timer.stop();
  });
});

describe('notices', () => {
  const item = (id: number) => ({
    id,
    type: 'notice' as const,
    title: `通知 ${id}`,
    summary: '',
    from_name: '功夫平台',
    from_avatar: '',
    is_read: 0 as const,
    need_agree: 0 as const,
    is_agree: 0 as const,
    created_at: '2026-01-01T00:00:00.000Z',
  });
  const page = (ids: number[], pageNo: number, total: number) => ({ list: ids.map(item), total, page: pageNo, limit: 10 });
  const counts = { announce: 1, comment: 2, notice: 3 };

  it('the tab comes from ?type=, system notices by default', () => {
    expect(notice.noticeKindFrom('?type=comment')).toBe('comment');
    expect(notice.noticeKindFrom('?type=hack')).toBe('notice');
    expect(notice.noticeKindFrom('')).toBe('notice');
    expect(notice.noticeLabel('announce')).toBe('平台公告');
  });

  it('a detail without a valid id is missing, and nothing is asked', async () => {
    expect((await refusal(notice.openNotice('?id=abc'))).message).toBe(notice.NOTICE_TEXTS.missing);
    expect(calls).toEqual([]);
  });

  it('opening a notice refreshes the badge', async () => {
    $session.set(member);
    reply = (path) => (path === '/member/unreadMsgCount' ? { ...counts, notice: 2 } : { ...item(5), content: '', link: '' });
    expect((await notice.openNotice('?id=5')).id).toBe(5);
    await vi.waitFor(() => expect($unread.get()).toEqual({ ...counts, notice: 2 }));
    expect(calls.map((c) => c.path)).toEqual(['/member/messageDetail', '/member/unreadMsgCount']);
  });

  it('read all says how many', async () => {
    reply = (path) => (path === '/member/messageSetRead' ? { count: 3 } : counts);
    expect(await notice.markAllRead('comment')).toBe('已将 3 条消息标记为已读');
    reply = (path) => (path === '/member/messageSetRead' ? { count: 0 } : counts);
    expect(await notice.markAllRead('comment')).toBe('没有未读消息');
    expect(calls[0]).toEqual({ path: '/member/messageSetRead', body: { type: 'comment' } });
  });

  it('answering marks the message agreed or refused', async () => {
    const msg = { ...item(8), content: '', link: '', need_agree: 1 as const };
    expect(await notice.answerNotice(msg, 2)).toEqual({ ...msg, is_agree: 2 });
    expect(calls).toEqual([{ path: '/member/messageIsAgree', body: { id: 8, is_agree: 2 } }]);
    expect(notice.answeredText(1)).toBe('已同意');
  });

  it('the centre loads a tab, switches with a fresh first page, and steps back after deleting the last of a page', async () => {
    const center = notice.createNoticeCenter('notice');
    reply = (path, body) => (path === '/member/messageList' ? page([1, 2], Number(body['page']), 12) : counts);
    await center.load();
    expect(center.$center.get()).toMatchObject({ kind: 'notice', page: 1, error: '' });
    expect(center.$center.get().data?.list.map((m) => m.id)).toEqual([1, 2]);

    const switching = center.switchTo('comment');
    expect(center.$center.get()).toMatchObject({ kind: 'comment', page: 1, data: null });
    await switching;
    expect(calls.at(-1)).toEqual({ path: '/member/messageList', body: { type: 'comment', page: 1, limit: 10 } });

    await center.setPage(2);
    reply = (path, body) => {
      if (path === '/member/messageList') return Number(body['page']) === 2 ? page([], 2, 10) : page([1], 1, 10);
      return path === '/member/unreadMsgCount' ? counts : null;
    };
    await center.remove(11);
    expect(calls.filter((c) => c.path === '/member/messageDelete')).toEqual([{ path: '/member/messageDelete', body: { id: 11 } }]);
    expect(center.$center.get()).toMatchObject({ page: 1, error: '' });
    expect(center.$center.get().data?.list.map((m) => m.id)).toEqual([1]);
  });

  it('only the newest answer is shown, and a failure keeps what was shown', async () => {
    const center = notice.createNoticeCenter('notice');
    let release: (v: unknown) => void = () => {};
    reply = () => new Promise((r) => (release = r));
    const slow = center.load();
    const slowRelease = release;
    reply = () => page([3], 1, 1);
    await center.load();
    slowRelease(page([9], 1, 1));
    await slow;
    expect(center.$center.get().data?.list.map((m) => m.id)).toEqual([3]);
    reply = () => {
      throw new Error('网络连接失败');
    };
    await center.load();
    expect(center.$center.get()).toMatchObject({ error: '网络连接失败' });
    expect(center.$center.get().data?.list.map((m) => m.id)).toEqual([3]);
  });

  it('unread counts: integers for the badge; a refusal shows msg as an error', async () => {
    reply = () => ({ announce: 50, comment: 30, notice: 20 });
    await refreshUnread();
    expect($unreadBadge.get()).toBe('99+');
    reply = () => ({ code: 403, msg: '账号已被禁用，请联系客服', info: '', data: null });
    await refreshUnread();
    expect(toasts).toEqual([['error', '账号已被禁用，请联系客服']]);
    expect($unreadBadge.get()).toBe('99+');
  });
});
