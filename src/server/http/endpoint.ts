import type { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import { bodyLimit } from 'hono/body-limit';
import { noInput, type Access, type EndpointDef } from '~/lib/api/define';
import { Identity } from '~/lib/rules/roles';
import { STAFF_COOKIE, staffMay } from '~/lib/rules/staff';
import { getCookie } from 'hono/cookie';
import { T } from '~/lib/texts';
import { env } from '../env';
import { clientIp, type ApiContext, type AppEnv, type SessionUser, type StaffUser } from './context';
import { forbidden, needLogin, refuse } from './errors';
import { API_PREFIX, envelopeSchema, ok } from './envelope';
import { badInput } from './input-guard';
import { outputDrift } from './output-check';

export type { Access };

export interface EndpointCtx<I, A extends Access> {
  input: I;
  c: ApiContext;
  user: A extends 'public' | 'operator' ? SessionUser | null : SessionUser;
  /** The console staff member (operator endpoints only). */
  staff: A extends 'operator' ? StaffUser : null;
}

/** Roles beyond "logged in": who holds them, and what the others are told (code 403). */
const ROLES: Record<Exclude<Access, 'public' | 'member' | 'operator'>, { holds: (u: SessionUser) => boolean; refusal: string }> = {
  coach: { holds: (u) => u.identity === Identity.COACH, refusal: '你还不是教练，无法使用教练管理' },
  shop: { holds: (u) => u.identity === Identity.MECHANT, refusal: '你还不是店主，无法使用店铺管理' },
  seller: {
    holds: (u) => u.identity === Identity.COACH || u.identity === Identity.MECHANT,
    refusal: '你还不是教练或店主，无法使用管理功能',
  },
  provider: { holds: (u) => u.serviceId > 0, refusal: '你还不是服务商，无法使用服务商管理' },
};

/** Paths that exist, so a GET to one answers "use POST" rather than "no such API". */
export const knownPaths = new Set<string>();

/**
 * Binds a handler to an endpoint contract (`src/lib/api/contract`): documents it in the OpenAPI
 * registry, limits and parses the body, refuses unstorable strings and deep nesting, validates it
 * with zod (first problem → code 100 in Chinese), enforces the role, and wraps the handler's result
 * in the success envelope. With API_CHECK_OUTPUT (on in tests) the answer must match the output
 * schema exactly, so a drift between server and contract fails loudly.
 */
export function endpoint<P extends string, O extends z.ZodType, A extends Access, I extends z.ZodType = typeof noInput>(
  router: OpenAPIHono<AppEnv>,
  def: Omit<EndpointDef<P, I, O, A>, 'input'> & { input?: I },
  handler: (ctx: EndpointCtx<z.output<I>, A>) => Promise<z.output<O>> | z.output<O>,
): void {
  const fullPath = `${API_PREFIX}${def.path}`;
  const input: z.ZodType = def.input ?? noInput;
  const role =
    def.access === 'public' || def.access === 'member' || def.access === 'operator' ? null : ROLES[def.access as keyof typeof ROLES];
  knownPaths.add(fullPath);
  router.openAPIRegistry.registerPath({
    method: 'post',
    // The document adds the app's basePath (/api) itself.
    path: def.path,
    summary: def.summary,
    tags: [...def.tags],
    description: `权限：${def.access}${def.staff?.length ? `（岗位：super, ${def.staff.join(', ')}）` : ''}`,
    ...(def.access === 'public' ? {} : { security: [def.access === 'operator' ? { staffCookie: [] } : { authToken: [] }] }),
    request: { body: { content: { 'application/json': { schema: input } } } },
    responses: {
      200: {
        description: '信封 {code,msg,info,data}；code 200 为成功',
        content: { 'application/json': { schema: envelopeSchema(def.output) } },
      },
    },
  });
  const limitKb = def.bodyLimitKb ?? env().API_BODY_LIMIT_KB;
  router.post(
    def.path,
    bodyLimit({
      maxSize: limitKb * 1024,
      onError: () => {
        throw refuse(`${T.bodyTooLarge}（上限 ${limitKb} KB）`);
      },
    }),
    async (c) => {
      const raw = await readJson(c);
      const bad = badInput(raw);
      if (bad) throw refuse(bad);
      // Who may call comes before what they sent: a caller without the role learns nothing
      // about the endpoint's fields.
      let user: SessionUser | null = null;
      let staff: StaffUser | null = null;
      if (def.access === 'operator') {
        // Console staff carry their own cookie; a member token, however privileged, is not enough.
        staff = await currentStaff(c);
        if (!staff) throw needLogin(getCookie(c, STAFF_COOKIE) ? '管理后台登录已过期，请重新登录' : '请先登录管理后台');
        if (!staffMay(staff.role, def.staff)) throw forbidden('你的岗位无权进行此操作');
      } else {
        user = await currentUser(c);
        if (def.access !== 'public') {
          if (!user) throw needLogin(c.req.header('authToken') ? T.sessionExpired : T.loginFirst);
          if (role && !role.holds(user)) throw forbidden(role.refusal);
        }
      }
      const parsed = input.safeParse(raw);
      if (!parsed.success) throw refuse(describeIssue(parsed.error.issues[0]));
      const data = await handler({
        input: parsed.data as z.output<I>,
        c,
        user: user as EndpointCtx<z.output<I>, A>['user'],
        staff: staff as EndpointCtx<z.output<I>, A>['staff'],
      });
      if (env().API_CHECK_OUTPUT) {
        const drift = outputDrift(def.output, data);
        if (drift) throw new Error(`${fullPath} answered outside its contract: ${drift}`);
      }
      return c.json(ok(data ?? null, typeof def.okMsg === 'function' ? def.okMsg(data) : def.okMsg));
    },
  );
}

/** The session user of this request, looked up once (through the app's resolver) and only when needed. */
export async function currentUser(c: ApiContext): Promise<SessionUser | null> {
  const known = c.get('sessionUser');
  if (known !== undefined) return known;
  const token = c.req.header('authToken') ?? '';
  const user = token ? await c.get('resolveSession')(token, clientIp(c)) : null;
  c.set('sessionUser', user);
  return user;
}

/** The console staff member of this request (from the httpOnly staff cookie), looked up once. */
export async function currentStaff(c: ApiContext): Promise<StaffUser | null> {
  const known = c.get('staffUser');
  if (known !== undefined) return known;
  const token = getCookie(c, STAFF_COOKIE) ?? '';
  const staff = token ? await c.get('resolveStaff')(token) : null;
  c.set('staffUser', staff);
  return staff;
}

/** Parses the body as JSON whatever the content type says; an empty body is {}. */
async function readJson(c: ApiContext): Promise<unknown> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    // The client hung up (or was cut off for sending too slowly) before the body arrived: its
    // problem, not a fault of ours.
    throw refuse('请求内容未完整送达，请重试');
  }
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw refuse(T.badJson);
  }
}

/** One readable Chinese sentence for a zod issue: the schema's own message, or field + reason. */
function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return '参数错误';
  const field = issue.path.join('.');
  // Messages written in our schemas are complete sentences; generic ones get the field name.
  if (/[\u4e00-\u9fa5]/.test(issue.message) && !issue.message.startsWith('无效')) return issue.message;
  return field ? `参数 ${field} 不正确：${issue.message}` : `参数不正确：${issue.message}`;
}
