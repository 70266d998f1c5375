import type { OpenAPIHono } from '@hono/zod-openapi';
import { circleApi } from '~/lib/api/contract/circle';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { viewerId } from '../catalogue/viewer';
import { CIRCLE_TEXTS } from '~/lib/rules/circle';
import { env } from '../../env';
import { refuse } from '../../http/errors';
import { localVoucher } from '../upload/tus';
import { videoInfo } from '../upload/video.service';
import * as circle from './circle.service';
import './report';

export function registerCircle(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, circleApi.publish, ({ user, input }) => circle.publish(user.id, input));
  endpoint(api, circleApi.feed, async ({ input, c }) => circle.feed(input, await viewerId(c)));
  endpoint(api, circleApi.search, async ({ input, c }) => circle.search(input, await viewerId(c)));
  endpoint(api, circleApi.detail, async ({ input, c }) => circle.detail(input.id, await viewerId(c)));
  endpoint(api, circleApi.profile, ({ input }) => circle.profile(input.user_id));
  endpoint(api, circleApi.liked, ({ user, input }) => circle.likedOf(user.id, input.ids));
  endpoint(api, circleApi.videoVoucher, ({ user }) => {
    if (env().VOD_PROVIDER === 'tencent') throw refuse(CIRCLE_TEXTS.vodUnsupported);
    return localVoucher(user.id, 0);
  });
  endpoint(api, circleApi.videoStatus, async ({ user, input }) => await videoInfo(await circle.ownCircleVideo(user.id, input.id)));
  endpoint(api, circleApi.settings, ({ user, input }) => circle.settings(user.id, input.show_study));
  endpoint(api, circleApi.myComments, ({ user, input }) => circle.myComments(user.id, input.page, input.limit));
  endpoint(api, circleApi.like, ({ user, input }) => circle.like(user.id, input.id, input.status));
  endpoint(api, circleApi.remove, ({ user, input }) => circle.removePost(user.id, input.id));
  endpoint(api, circleApi.comments, ({ input }) => circle.comments(input.id, input.page, input.limit));
  endpoint(api, circleApi.comment, ({ user, input }) => circle.comment(user.id, input));
  endpoint(api, circleApi.commentDelete, ({ user, input }) => circle.removeComment(user.id, input.id));
}
