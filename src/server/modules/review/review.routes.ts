import type { OpenAPIHono } from '@hono/zod-openapi';
import { reviewApi } from '~/lib/api/contract/review';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { itemReviews, pendingReview, publishReview } from './review.service';

export function registerReview(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, reviewApi.pending, ({ user, input }) => pendingReview(user.id, input.order_id));
  endpoint(api, reviewApi.publish, ({ user, input }) => publishReview(user.id, input));
  endpoint(api, reviewApi.list, ({ input }) => itemReviews(input.kind, input.id, input.page, input.limit));
}
