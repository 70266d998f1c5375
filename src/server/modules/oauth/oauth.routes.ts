import type { OpenAPIHono } from '@hono/zod-openapi';
import { getCookie, setCookie } from 'hono/cookie';
import { oauthApi } from '~/lib/api/contract/oauth';
import type { AppEnv } from '../../http/context';
import { sessionMeta } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { env } from '../../env';
import { bindPhoneAndLogin, bindStatus, bindThird, cancelBind, configuredProviders, startOAuth, thirdLogin } from './oauth.service';

const NONCE_COOKIE = 'gf_oauth';

/** WeChat and QQ login and binding (SPEC §2 third-party routes, §7 thirdLogin/bindPhone/…). */
export function registerOAuth(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, oauthApi.providers, () => configuredProviders());

  endpoint(api, oauthApi.url, ({ input, c }) => {
    const { url, nonce } = startOAuth(input.type, input.purpose, input.channel);
    setCookie(c, NONCE_COOKIE, nonce, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api',
      maxAge: 600,
      secure: env().SITE_URL.startsWith('https:'),
    });
    return { url };
  });

  endpoint(api, oauthApi.thirdLogin, ({ input, c }) =>
    thirdLogin(input.type, input.code, input.state, getCookie(c, NONCE_COOKIE) ?? '', sessionMeta(c)),
  );

  endpoint(api, oauthApi.bindPhone, ({ input, c }) =>
    bindPhoneAndLogin(input.ticket, input.phone, input.yzm, sessionMeta(c), input.inviter),
  );

  endpoint(api, oauthApi.bindThird, async ({ input, c, user }) => {
    await bindThird(user.id, input.type, input.code, input.state, getCookie(c, NONCE_COOKIE) ?? '');
    return null;
  });

  endpoint(api, oauthApi.hasBind, ({ user }) => bindStatus(user.id));

  endpoint(api, oauthApi.cancelBind, async ({ input, user }) => {
    await cancelBind(user.id, input.type);
    return null;
  });
}
