import type { OpenAPIHono } from '@hono/zod-openapi';
import { sellerContentApi as s } from '~/lib/api/contract/seller-content';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { refuse } from '../../http/errors';
import { env } from '../../env';
import { coachIdOf } from '../catalogue/owner';
import { classStudents, coachClass, coachClasses, saveClass, setClassStatus } from './class.service';
import {
  coachCourse,
  coachCourses,
  coachLesson,
  coachLessons,
  deleteCourse,
  deleteLesson,
  lessonVideo,
  saveCourse,
  saveLesson,
  setCourseStatus,
  sortLessons,
} from './course.service';
import { localVoucher, registerTus } from '../upload/tus';
import { hasFfmpeg, ownVideo, videoInfo } from '../upload/video.service';
import { newTencentSignature } from '../upload/voucher';

/** The coach's courses, lessons, videos (with the tus upload) and classes. */
export function registerSellerContent(api: OpenAPIHono<AppEnv>): void {
  registerTus(api);
  const me = (userId: number) => coachIdOf(userId);

  endpoint(api, s.courseList, async ({ input, user }) => coachCourses(await me(user.id), input.status, input.page, input.limit));
  endpoint(api, s.courseInfo, async ({ input, user }) => coachCourse(await me(user.id), input.id));
  endpoint(api, s.courseSave, async ({ input, user }) => saveCourse(await me(user.id), input));
  endpoint(api, s.courseStatus, async ({ input, user }) => setCourseStatus(await me(user.id), input.id, input.status));
  endpoint(api, s.courseDelete, async ({ input, user }) => deleteCourse(await me(user.id), input.id));

  endpoint(api, s.lessonList, async ({ input, user }) => coachLessons(await me(user.id), input.course_id));
  endpoint(api, s.lessonInfo, async ({ input, user }) => coachLesson(await me(user.id), input.id));
  endpoint(api, s.lessonSave, async ({ input, user }) => saveLesson(await me(user.id), input));
  endpoint(api, s.lessonDelete, async ({ input, user }) => deleteLesson(await me(user.id), input.id));
  endpoint(api, s.lessonSort, async ({ input, user }) => sortLessons(await me(user.id), input.course_id, input.ids));

  endpoint(api, s.videoInfo, async ({ input, user }) => lessonVideo(await me(user.id), input.id, hasFfmpeg()));
  endpoint(api, s.videoStatus, async ({ input, user }) => await videoInfo(await ownVideo(await me(user.id), input.id)));
  endpoint(api, s.voucher, async ({ user }) => {
    const coachId = await me(user.id);
    const e = env();
    if (e.VOD_PROVIDER === 'tencent') {
      if (!e.TENCENT_VOD_SECRET_ID || !e.TENCENT_VOD_SECRET_KEY) throw refuse('云点播尚未配置，请联系平台');
      const t = newTencentSignature({
        secretId: e.TENCENT_VOD_SECRET_ID,
        secretKey: e.TENCENT_VOD_SECRET_KEY,
        procedure: e.TENCENT_VOD_PROCEDURE,
        vodSubAppId: e.TENCENT_VOD_SUB_APP_ID,
      });
      return { provider: 'tencent' as const, signature: t.signature, expires_at: new Date(t.expires * 1000).toISOString() };
    }
    return localVoucher(user.id, coachId);
  });

  endpoint(api, s.classList, async ({ input, user }) => coachClasses(await me(user.id), input.page, input.limit));
  endpoint(api, s.classInfo, async ({ input, user }) => coachClass(await me(user.id), input.id));
  endpoint(api, s.classSave, async ({ input, user }) => saveClass(await me(user.id), input));
  endpoint(api, s.classStatus, async ({ input, user }) => setClassStatus(await me(user.id), input.id, input.status));
  endpoint(api, s.classStudents, async ({ input, user }) => classStudents(await me(user.id), input.id, input.page, input.limit));
}
