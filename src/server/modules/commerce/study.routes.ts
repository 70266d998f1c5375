import type { OpenAPIHono } from '@hono/zod-openapi';
import { studyApi } from '~/lib/api/contract/study';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { myClasses, myCourses } from './study.service';

/** 学习记录：我的课程、班级（课时进度的上报在 learning 模块，见 progress.routes.ts） */
export function registerStudy(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, studyApi.myCourses, ({ input, user }) => myCourses(user.id, input.page, input.limit));
  endpoint(api, studyApi.myClasses, ({ input, user }) => myClasses(user.id, input.page, input.limit));
}
