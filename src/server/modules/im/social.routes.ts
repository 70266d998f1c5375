import type { OpenAPIHono } from '@hono/zod-openapi';
import { CHAT_CODE } from '~/lib/chat/client';
import { imSocialApi } from '~/lib/api/contract/im-social';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { forbidden, notFound, refuse, tooMany } from '../../http/errors';
import { imBackend } from '../../providers/im';
import { ChatFault } from './ops';
import { searchUser } from './profiles';
// The op registrations and the local IM backend load with the app.
import './social.ops';
import './backend-local';

/** A chat refusal as the HTTP envelope says it. */
async function http<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof ChatFault)) throw e;
    if (e.code === CHAT_CODE.notFound) throw notFound(e.message);
    if (e.code === CHAT_CODE.rateLimited) throw tooMany(e.message);
    if (e.code === CHAT_CODE.noPermission || e.code === CHAT_CODE.blocked) throw forbidden(e.message);
    throw refuse(e.message);
  }
}

/** SPEC §7 memberInGroup / applyGroup, and the user search the Tencent IM adapter calls. */
export function registerImSocial(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, imSocialApi.searchUser, ({ input, user }) => http(async () => ({ list: await searchUser(user.id, input.keyword) })));
  endpoint(api, imSocialApi.memberInGroup, ({ input, user }) =>
    http(async () => {
      const own = user?.id === input.uid;
      // Someone else's list shows only the groups anyone may apply to; Work groups stay private.
      const list =
        input.is_group === 0
          ? []
          : await imBackend().joinedGroups(String(input.uid), { ownerOnly: input.is_owenr === 1, publicOnly: !own });
      return { group_list: list };
    }),
  );
  endpoint(api, imSocialApi.applyGroup, ({ input, user }) =>
    http(async () => ({ status: await imBackend().applyJoin(String(user.id), input.group_id, input.apply_msg ?? '') })),
  );
}
