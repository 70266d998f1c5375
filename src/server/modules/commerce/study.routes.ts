import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { pageInput, pageSchema } from '../../http/envelope';
import { idField } from '../../http/fields';
import { courseProgress, myClasses, myCourses, recordProgress } from './study.service';

const anyObj = z.record(z.string(), z.unknown());

/** 学习记录：我的课程、班级、课时进度 */
export function registerStudy(api: OpenAPIHono<AppEnv>): void {
  const tags = ['交易'];
  endpoint(
    api,
    {
      path: '/member/myCourse',
      summary: '我的课程（学习进度）',
      tags,
      access: 'member',
      input: z.object({ ...pageInput }),
      output: pageSchema(anyObj),
    },
    ({ input, user }) => myCourses(user.id, input.page, input.limit) as never,
  );
  endpoint(
    api,
    { path: '/member/myClass', summary: '我的班级', tags, access: 'member', input: z.object({ ...pageInput }), output: pageSchema(anyObj) },
    ({ input, user }) => myClasses(user.id, input.page, input.limit) as never,
  );
  endpoint(
    api,
    {
      path: '/course/progress',
      summary: '记录课时学习进度',
      tags,
      access: 'member',
      input: z.object({
        lesson_id: idField('课时 id'),
        position: z.coerce.number().int().min(0).max(86_400),
        ended: z.coerce.boolean().default(false),
      }),
      output: anyObj,
    },
    ({ input, user }) => recordProgress(user.id, input.lesson_id, input.position, input.ended),
  );
  endpoint(
    api,
    {
      path: '/course/myProgress',
      summary: '某课程各课时的学习进度',
      tags,
      access: 'member',
      input: z.object({ course_id: idField('课程 id') }),
      output: z.array(anyObj),
    },
    ({ input, user }) => courseProgress(user.id, input.course_id) as never,
  );
}
