import type { OpenAPIHono } from '@hono/zod-openapi';
import { liveApi } from '~/lib/api/contract/live';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { anchorRoom, publicRoom, roomList, startLive, stopLive } from './rooms.service';

export function registerLive(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, liveApi.anchorRoom, ({ user }) => anchorRoom(user));
  endpoint(api, liveApi.start, ({ user, input }) => startLive(user, input.title));
  endpoint(api, liveApi.stop, ({ user }) => stopLive(user));
  endpoint(api, liveApi.list, ({ input }) => roomList(input));
  endpoint(api, liveApi.room, ({ input }) => publicRoom(input.id));
}
