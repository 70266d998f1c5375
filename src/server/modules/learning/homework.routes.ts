import type { OpenAPIHono } from '@hono/zod-openapi';
import { homeworkApi } from '~/lib/api/contract/homework';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import * as homework from './homework.service';
import { reviewQueue, unreviewedCount } from './homework-queue.service';

/** 作业: the seller's assignments and queue, the learner's submissions, report staff's view of a reported video. */
export function registerHomework(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, homeworkApi.sellerList, ({ user, input }) => homework.sellerAssignments(user.id, input));
  endpoint(api, homeworkApi.assign, ({ user, input }) => homework.assign(user.id, input));
  endpoint(api, homeworkApi.edit, ({ user, input }) => homework.editAssignment(user.id, input));
  endpoint(api, homeworkApi.withdraw, ({ user, input }) => homework.withdrawAssignment(user.id, input.id));
  endpoint(api, homeworkApi.queue, ({ user, input }) => reviewQueue(user.id, input));
  endpoint(api, homeworkApi.unreviewed, async ({ user }) => ({ count: await unreviewedCount(user.id) }));
  endpoint(api, homeworkApi.on, ({ user, input }) => homework.assignmentsOn(user.id, input));
  endpoint(api, homeworkApi.mine, ({ user, input }) => homework.myHomework(user.id, input.page, input.limit));
  endpoint(api, homeworkApi.submit, ({ user, input }) => homework.submit(user.id, input));
  endpoint(api, homeworkApi.video, ({ user, input }) => homework.submissionVideo(user.id, input.id));
  endpoint(api, homeworkApi.staffVideo, ({ staff, input }) => homework.staffSubmissionVideo(staff.role, input.id));
}
