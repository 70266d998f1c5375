import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, ApiContext } from '../../http/context';
import { authSource, clientIp } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { phoneField } from '../../http/fields';
import { env } from '../../env';
import { oauthProvider } from '../../providers/oauth';
import { SMS_TEXTS } from '../verify/sms-code.service';
import { sessionUserSchema as loginOutput } from '~/lib/api/contract/auth';
import { bindPhoneAndLogin, bindStatus, bindThird, cancelBind, startOAuth, thirdLogin } from './oauth.service';

const kind = z.enum(['wx', 'qq'], { error: '登录方式不正确' });
const NONCE_COOKIE = 'gf_oauth';
const meta = (c: ApiContext) => ({ source: authSource(c), ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '' });
const callbackInput = z.object({ type: kind, code: z.string().min(1, '授权失败，请重试').max(512), state: z.string().max(300) });

/** WeChat and QQ login and binding (SPEC §2 third-party routes, §7 thirdLogin/bindPhone/…). */
export function registerOAuth(api: OpenAPIHono<AppEnv>): void {
  endpoint(
    api,
    {
      path: '/public/oauthProviders',
      summary: '哪些第三方登录已配置',
      tags: ['第三方登录'],
      access: 'public',
      output: z.object({ wx: z.number(), qq: z.number() }),
    },
    async () => ({ wx: oauthProvider('wx') ? 1 : 0, qq: oauthProvider('qq') ? 1 : 0 }),
  );

  endpoint(
    api,
    {
      path: '/public/oauthUrl',
      summary: '第三方授权地址（同时写入浏览器校验 cookie）',
      tags: ['第三方登录'],
      access: 'public',
      input: z.object({ type: kind, purpose: z.enum(['login', 'bind']).default('login') }),
      output: z.object({ url: z.string() }),
    },
    async ({ input, c }) => {
      const { url, nonce } = startOAuth(input.type, input.purpose);
      setCookie(c, NONCE_COOKIE, nonce, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/api',
        maxAge: 600,
        secure: env().SITE_URL.startsWith('https:'),
      });
      return { url };
    },
  );

  endpoint(
    api,
    {
      path: '/thirdLogin',
      summary: '第三方登录回调：已绑定则登录，首次登录返回绑定手机号的凭证',
      tags: ['第三方登录'],
      access: 'public',
      input: callbackInput,
      output: z.object({ need_bind: z.number(), ticket: z.string(), nick_name: z.string(), user: loginOutput.nullable() }),
    },
    ({ input, c }) => thirdLogin(input.type, input.code, input.state, getCookie(c, NONCE_COOKIE) ?? '', meta(c)),
  );

  endpoint(
    api,
    {
      path: '/bindPhone',
      summary: '首次第三方登录绑定手机号（短信验证）并登录',
      tags: ['第三方登录'],
      access: 'public',
      input: z.object({
        ticket: z.string().min(1).max(1000),
        phone: phoneField,
        yzm: z.string({ error: SMS_TEXTS.codeRequired }).trim().min(1, SMS_TEXTS.codeRequired).max(8),
      }),
      output: loginOutput,
      okMsg: '绑定成功',
    },
    ({ input, c }) => bindPhoneAndLogin(input.ticket, input.phone, input.yzm, meta(c)),
  );

  endpoint(
    api,
    {
      path: '/member/bindThird',
      summary: '当前账号绑定微信或 QQ',
      tags: ['第三方登录'],
      access: 'member',
      input: callbackInput,
      output: z.null(),
      okMsg: '绑定成功',
    },
    async ({ input, c, user }) => {
      await bindThird(user.id, input.type, input.code, input.state, getCookie(c, NONCE_COOKIE) ?? '');
      return null;
    },
  );

  endpoint(
    api,
    {
      path: '/member/hasBind',
      summary: '第三方账号绑定情况',
      tags: ['第三方登录'],
      access: 'member',
      output: z.object({
        wx: z.number(),
        qq: z.number(),
        wx_nick_name: z.string(),
        qq_nick_name: z.string(),
        wx_enabled: z.number(),
        qq_enabled: z.number(),
      }),
    },
    ({ user }) => bindStatus(user.id),
  );

  endpoint(
    api,
    {
      path: '/member/cancelBind',
      summary: '解除第三方账号绑定',
      tags: ['第三方登录'],
      access: 'member',
      input: z.object({ type: kind }),
      output: z.null(),
      okMsg: '已解除绑定',
    },
    async ({ input, user }) => {
      await cancelBind(user.id, input.type);
      return null;
    },
  );
}
