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
import * as interactions from './circle.interactions';
import * as posting from './circle.posting';
import * as circle from './circle.service';
import './report';

export function registerCircle(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, circleApi.publish, ({ user, input }) => posting.publish(user.id, input));
  endpoint(api, circleApi.feed, async ({ input, c }) => circle.feed(input, await viewerId(c)));
  endpoint(api, circleApi.search, async ({ input, c }) => circle.search(input, await viewerId(c)));
  endpoint(api, circleApi.detail, async ({ input, c }) => circle.detail(input.id, await viewerId(c)));
  endpoint(api, circleApi.profile, ({ input }) => circle.profile(input.user_id));
  endpoint(api, circleApi.liked, ({ user, input }) => circle.likedOf(user.id, input.ids));
  endpoint(api, circleApi.videoVoucher, ({ user }) => {
    if (env().VOD_PROVIDER === 'tencent') throw refuse(CIRCLE_TEXTS.vodUnsupported);
    return localVoucher(user.id, 0);
  });
  endpoint(api, circleApi.videoStatus, async ({ user, input }) => await videoInfo(await posting.ownCircleVideo(user.id, input.id)));
  endpoint(api, circleApi.settings, ({ user, input }) => posting.settings(user.id, input.show_study));
  endpoint(api, circleApi.myComments, ({ user, input }) => interactions.myComments(user.id, input.page, input.limit));
  endpoint(api, circleApi.like, ({ user, input }) => interactions.like(user.id, input.id, input.status));
  endpoint(api, circleApi.remove, ({ user, input }) => posting.removePost(user.id, input.id));
  endpoint(api, circleApi.comments, ({ input }) => interactions.comments(input.id, input.page, input.limit));
  endpoint(api, circleApi.comment, ({ user, input }) => interactions.comment(user.id, input));
  endpoint(api, circleApi.commentDelete, ({ user, input }) => interactions.removeComment(user.id, input.id));
}
