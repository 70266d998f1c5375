import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { bodyLimit } from 'hono/body-limit';
import { Code } from '~/lib/api/codes';
import { T } from '~/lib/texts';
import { env } from '../env';
import { resolveSession } from '../modules/auth/session.service';
import type { ApiContext, AppEnv, SessionUser } from './context';
import { AppError, needLogin, refuse } from './errors';
import { API_PREFIX, envelopeSchema, ok } from './envelope';

/** Who may call an endpoint. Roles beyond member arrive with the management areas. */
export type Access = 'public' | 'member';

export interface EndpointDef<I extends z.ZodType, O extends z.ZodType, A extends Access> {
  /** Path below /api, e.g. '/public/config'. */
  path: string;
  summary: string;
  tags: string[];
  input?: I;
  output: O;
  access: A;
  /** Larger bodies for uploads; default API_BODY_LIMIT_KB. */
  bodyLimitKb?: number;
  /** The envelope's msg on success (SPEC §8 shows it for some calls, e.g. logout). */
  okMsg?: string;
}

export interface EndpointCtx<I, A extends Access> {
  input: I;
  c: ApiContext;
  user: A extends 'member' ? SessionUser : SessionUser | null;
}

/** Paths that exist, so a GET to one answers "use POST" rather than "no such API". */
export const knownPaths = new Set<string>();

/**
 * Declares one POST JSON endpoint: documents it in the OpenAPI registry, limits and parses the
 * body, validates it with zod (first problem → code 100 in Chinese), enforces access, and wraps
 * the handler's result in the success envelope.
 */
export function endpoint<I extends z.ZodType, O extends z.ZodType, A extends Access>(
  router: OpenAPIHono<AppEnv>,
  def: EndpointDef<I, O, A>,
  handler: (ctx: EndpointCtx<z.infer<I>, A>) => Promise<z.infer<O>>,
): void {
  const fullPath = `${API_PREFIX}${def.path}`;
  knownPaths.add(fullPath);
  router.openAPIRegistry.registerPath({
    method: 'post',
    // The document adds the app's basePath (/api) itself.
    path: def.path,
    summary: def.summary,
    tags: def.tags,
    ...(def.access === 'public' ? {} : { security: [{ authToken: [] }] }),
    ...(def.input ? { request: { body: { content: { 'application/json': { schema: def.input as never } } } } } : {}),
    responses: {
      200: {
        description: '信封 {code,msg,info,data}；code 200 为成功',
        content: { 'application/json': { schema: envelopeSchema(def.output) as never } },
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
      let input: unknown = raw;
      if (def.input) {
        const parsed = def.input.safeParse(raw);
        if (!parsed.success) throw refuse(describeIssue(parsed.error.issues[0]));
        input = parsed.data;
      }
      const user = await currentUser(c);
      if (def.access === 'member' && !user) throw needLogin(c.req.header('authToken') ? T.sessionExpired : T.loginFirst);
      const data = await handler({ input: input as z.infer<I>, c, user: user as EndpointCtx<z.infer<I>, A>['user'] });
      return c.json(ok(data ?? null, def.okMsg));
    },
  );
}

/** The session user of this request, looked up once and only when needed. */
export async function currentUser(c: ApiContext): Promise<SessionUser | null> {
  const known = c.get('sessionUser');
  if (known !== undefined) return known;
  const token = c.req.header('authToken') ?? '';
  const user = token ? await resolveSession(token) : null;
  c.set('sessionUser', user);
  return user;
}

/** Parses the body as JSON whatever the content type says; an empty body is {}. */
async function readJson(c: ApiContext): Promise<unknown> {
  const text = await c.req.text();
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

/** True for an error that is a deliberate refusal rather than a fault. */
export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

export { Code };
