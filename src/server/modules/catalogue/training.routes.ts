import type { OpenAPIHono } from '@hono/zod-openapi';
import { trainingApi } from '~/lib/api/contract/catalogue-training';
import { authSource, type AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { classDetail, classPage, coachPage, courseDetail, coursePage, labelList, trainingFilters } from './training.service';
import { isFavourite } from './social.service';
import { viewerId } from './viewer';

/** Labels, courses and lessons, classes, coaches and their filters. */
export function registerTraining(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, trainingApi.labels, () => labelList());
  endpoint(api, trainingApi.courseList, ({ input }) =>
    coursePage({
      labelId: input.label_id,
      price: input.price,
      sort: input.sort,
      coachId: input.coach_id,
      shopId: input.shop_id,
      recommend: input.recommend === 1,
      page: input.page,
      limit: input.limit,
    }),
  );
  endpoint(api, trainingApi.ownerCourses, ({ input }) =>
    coursePage({ coachId: input.coach_id, shopId: input.shop_id, page: input.page, limit: input.limit }),
  );
  endpoint(api, trainingApi.courseDetail, async ({ input, c }) => {
    const me = await viewerId(c);
    // The web page counts its own view when it renders; other clients (h5, app, mini) read here.
    const detail = await courseDetail(input.id, me, authSource(c) !== 'web');
    return { ...detail, is_favorite: await isFavourite(me, 'course', input.id) };
  });
  endpoint(api, trainingApi.classList, ({ input }) =>
    classPage({
      style: input.style || undefined,
      city: input.city || undefined,
      coachId: input.coach_id,
      sort: input.sort,
      page: input.page,
      limit: input.limit,
    }),
  );
  endpoint(api, trainingApi.classDetail, async ({ input, c }) => {
    const me = await viewerId(c);
    return { ...(await classDetail(input.id)), is_favorite: await isFavourite(me, 'class', input.id) };
  });
  endpoint(api, trainingApi.coachList, ({ input }) =>
    coachPage({ style: input.style || undefined, city: input.city || undefined, page: input.page, limit: input.limit }),
  );
  endpoint(api, trainingApi.filters, () => trainingFilters());
}
