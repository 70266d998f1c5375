import { env } from '../../env';

/** The two third-party logins of SPEC §2. */
export type OAuthKind = 'wx' | 'qq';
export const OAUTH_NAMES: Record<OAuthKind, string> = { wx: '微信', qq: 'QQ' };

/** Who the provider says the user is. */
export interface OAuthProfile {
  openid: string;
  unionid: string;
  nickName: string;
  avatar: string;
}

/** An OAuth2 authorization-code provider. */
export interface OAuthProvider {
  readonly kind: OAuthKind;
  authorizeUrl(state: string): string;
  /** Exchanges the code from the callback for the user's identity; throws with the provider's reason. */
  profile(code: string): Promise<OAuthProfile>;
}

/** The callback route of each provider (SPEC §2 third-party login routes). */
export function callbackUrl(kind: OAuthKind): string {
  const site = env().SITE_URL.replace(/\/+$/, '');
  return kind === 'wx' ? `${site}/login/wx/callback` : `${site}/login/bind/qq/callback`;
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { signal: AbortSignal.timeout(8000) });
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`unexpected answer (${res.status}): ${text.slice(0, 120)}`);
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

/**
 * WeChat website login (QR code on open.weixin.qq.com).
 * @see https://developers.weixin.qq.com/doc/oplatform/Website_App/WeChat_Login/Wechat_Login.html
 */
class WeChatProvider implements OAuthProvider {
  readonly kind = 'wx';
  constructor(
    private readonly appId: string,
    private readonly secret: string,
    private readonly authorize: string,
    private readonly api: string,
  ) {}

  authorizeUrl(state: string): string {
    const q = new URLSearchParams({
      appid: this.appId,
      redirect_uri: callbackUrl('wx'),
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `${this.authorize}?${q}#wechat_redirect`;
  }

  async profile(code: string): Promise<OAuthProfile> {
    const q = new URLSearchParams({ appid: this.appId, secret: this.secret, code, grant_type: 'authorization_code' });
    const token = await getJson(`${this.api}/sns/oauth2/access_token?${q}`);
    if (!token['access_token'] || !token['openid']) throw new Error(`wechat token: ${str(token['errcode'])} ${str(token['errmsg'])}`);
    const info = await getJson(
      `${this.api}/sns/userinfo?${new URLSearchParams({ access_token: str(token['access_token']), openid: str(token['openid']) })}`,
    );
    return {
      openid: str(token['openid']),
      unionid: str(token['unionid'] ?? info['unionid']),
      nickName: str(info['nickname']),
      avatar: str(info['headimgurl']),
    };
  }
}

/**
 * QQ login (connect.qq.com), authorization-code flow with JSON answers.
 * @see https://wiki.connect.qq.com/使用authorization_code获取access_token
 */
class QQProvider implements OAuthProvider {
  readonly kind = 'qq';
  constructor(
    private readonly appId: string,
    private readonly appKey: string,
    private readonly authorize: string,
    private readonly api: string,
  ) {}

  authorizeUrl(state: string): string {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: this.appId,
      redirect_uri: callbackUrl('qq'),
      state,
      scope: 'get_user_info',
    });
    return `${this.authorize}?${q}`;
  }

  async profile(code: string): Promise<OAuthProfile> {
    const q = new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: this.appId,
      client_secret: this.appKey,
      code,
      redirect_uri: callbackUrl('qq'),
      fmt: 'json',
    });
    const token = await getJson(`${this.api}/oauth2.0/token?${q}`);
    const accessToken = str(token['access_token']);
    if (!accessToken) throw new Error(`qq token: ${str(token['error'])} ${str(token['error_description'])}`);
    const me = await getJson(`${this.api}/oauth2.0/me?${new URLSearchParams({ access_token: accessToken, fmt: 'json', unionid: '1' })}`);
    if (!me['openid']) throw new Error(`qq me: ${str(me['error'])} ${str(me['error_description'])}`);
    const info = await getJson(
      `${this.api}/user/get_user_info?${new URLSearchParams({ access_token: accessToken, oauth_consumer_key: this.appId, openid: str(me['openid']) })}`,
    );
    return {
      openid: str(me['openid']),
      unionid: str(me['unionid']),
      nickName: str(info['nickname']),
      avatar: str(info['figureurl_qq_2'] ?? info['figureurl_qq_1']),
    };
  }
}

/** Where the official account's login returns: the mobile WeChat account page (SPEC §2). */
export function mpCallbackUrl(): string {
  return `${env().SITE_URL.replace(/\/+$/, '')}/m/account/wechat`;
}

/**
 * The WeChat official account's web OAuth (网页授权), for pages opened inside WeChat: snsapi_userinfo
 * to log in (nickname and avatar), snsapi_base for the openid alone (WeChat Pay JSAPI). Same token
 * and userinfo endpoints as the website login, with the account's own app id.
 * @see https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html
 */
export class WeChatMpProvider implements OAuthProvider {
  readonly kind = 'wx';
  constructor(
    private readonly appId: string,
    private readonly secret: string,
    private readonly authorize: string,
    private readonly api: string,
  ) {}

  authorizeUrl(state: string, scope: 'snsapi_userinfo' | 'snsapi_base' = 'snsapi_userinfo', redirectUri = mpCallbackUrl()): string {
    // WeChat reads these in this order; the fragment is required.
    const q = new URLSearchParams({ appid: this.appId, redirect_uri: redirectUri, response_type: 'code', scope, state });
    return `${this.authorize}?${q}#wechat_redirect`;
  }

  private async token(code: string): Promise<Record<string, unknown>> {
    const q = new URLSearchParams({ appid: this.appId, secret: this.secret, code, grant_type: 'authorization_code' });
    const token = await getJson(`${this.api}/sns/oauth2/access_token?${q}`);
    if (!token['access_token'] || !token['openid']) throw new Error(`wechat mp token: ${str(token['errcode'])} ${str(token['errmsg'])}`);
    return token;
  }

  /** The payer's openid from a snsapi_base code. */
  async openid(code: string): Promise<string> {
    return str((await this.token(code))['openid']);
  }

  async profile(code: string): Promise<OAuthProfile> {
    const token = await this.token(code);
    const info = await getJson(
      `${this.api}/sns/userinfo?${new URLSearchParams({ access_token: str(token['access_token']), openid: str(token['openid']), lang: 'zh_CN' })}`,
    );
    if (info['errcode']) throw new Error(`wechat mp userinfo: ${str(info['errcode'])} ${str(info['errmsg'])}`);
    return {
      openid: str(token['openid']),
      unionid: str(token['unionid'] ?? info['unionid']),
      nickName: str(info['nickname']),
      avatar: str(info['headimgurl']),
    };
  }
}

/** The official account's OAuth, or null when WX_MP_APP_ID and WX_MP_APP_SECRET are not set. */
export function wechatMp(): WeChatMpProvider | null {
  const e = env();
  return e.WX_MP_APP_ID && e.WX_MP_APP_SECRET
    ? new WeChatMpProvider(e.WX_MP_APP_ID, e.WX_MP_APP_SECRET, e.WX_MP_AUTHORIZE_URL, e.WX_API_URL.replace(/\/+$/, ''))
    : null;
}

/** The provider of `kind`, or null when its app id and secret are not configured. */
export function oauthProvider(kind: OAuthKind): OAuthProvider | null {
  const e = env();
  if (kind === 'wx')
    return e.WX_APP_ID && e.WX_APP_SECRET
      ? new WeChatProvider(e.WX_APP_ID, e.WX_APP_SECRET, e.WX_AUTHORIZE_URL, e.WX_API_URL.replace(/\/+$/, ''))
      : null;
  return e.QQ_APP_ID && e.QQ_APP_KEY
    ? new QQProvider(e.QQ_APP_ID, e.QQ_APP_KEY, e.QQ_AUTHORIZE_URL, e.QQ_API_URL.replace(/\/+$/, ''))
    : null;
}
