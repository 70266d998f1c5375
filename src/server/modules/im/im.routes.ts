import type { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { IM_UPLOAD_MAX_MB, IM_UPLOAD_TEXTS, imApi } from '~/lib/api/contract/im';
import { T } from '~/lib/texts';
import { env } from '../../env';
import type { AppEnv } from '../../http/context';
import { currentUser, endpoint, knownPaths } from '../../http/endpoint';
import { API_PREFIX, envelopeSchema, ok } from '../../http/envelope';
import { needLogin, refuse } from '../../http/errors';
import { imKeys } from '../../providers/im/user-sig';
import { exposeIm, IM_PATH } from './socket';
import { storeChatFile } from './upload';

/** HTTP side of chat: the client's configuration and media uploads (the rest is the /im socket). */
export function registerIm(api: OpenAPIHono<AppEnv>): void {
  exposeIm();
  endpoint(api, imApi.config, () => ({
    provider: env().IM_PROVIDER,
    sdkAppID: imKeys().sdkAppID,
    wsPath: IM_PATH,
    iceServers: JSON.parse(env().ICE_SERVERS) as { urls: string | string[]; username?: string; credential?: string }[],
  }));

  // Multipart, so not endpoint() (which reads JSON); same envelope, access check and OpenAPI entry.
  const def = imApi.upload;
  knownPaths.add(`${API_PREFIX}${def.path}`);
  api.openAPIRegistry.registerPath({
    method: 'post',
    path: def.path,
    summary: def.summary,
    tags: [...def.tags],
    description: '权限：member',
    security: [{ authToken: [] }],
    request: { body: { content: { 'multipart/form-data': { schema: def.input } } } },
    responses: {
      200: { description: '信封 {code,msg,info,data}', content: { 'application/json': { schema: envelopeSchema(def.output) } } },
    },
  });
  const maxMb = Math.max(...Object.values(IM_UPLOAD_MAX_MB));
  api.post(
    def.path,
    bodyLimit({
      maxSize: maxMb * 1024 * 1024 + 64 * 1024,
      onError: () => {
        throw refuse(IM_UPLOAD_TEXTS.tooBig(maxMb));
      },
    }),
    async (c) => {
      const user = await currentUser(c);
      if (!user) throw needLogin(c.req.header('authToken') ? T.sessionExpired : T.loginFirst);
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw refuse(IM_UPLOAD_TEXTS.noFile);
      }
      const kind = def.input.safeParse({ kind: form.get('kind') });
      if (!kind.success) throw refuse(IM_UPLOAD_TEXTS.badKind);
      const file = form.get('file');
      if (!(file instanceof File)) throw refuse(IM_UPLOAD_TEXTS.noFile);
      const payload = await storeChatFile(user.id, kind.data.kind, file);
      return c.json(ok({ payload }, '上传成功'));
    },
  );
}
