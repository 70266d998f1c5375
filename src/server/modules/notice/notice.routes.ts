import type { OpenAPIHono } from '@hono/zod-openapi';
import { noticeApi } from '~/lib/api/contract/notice';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { answerMessage, deleteMessage, messageDetail, messagePage, saveFeedback, setRead, unreadCounts } from './notice.service';

export { FEEDBACK_TYPES } from '~/lib/api/contract/notice';

/** Notices (SPEC §7 "Messages") and feedback. Every call sees only the caller's own messages. */
export function registerNotice(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, noticeApi.unreadCount, ({ user }) => unreadCounts(user.id));
  endpoint(api, noticeApi.list, ({ input, user }) => messagePage(user.id, input.type, input.page, input.limit));
  endpoint(api, noticeApi.detail, ({ input, user }) => messageDetail(user.id, input.id));
  endpoint(api, noticeApi.setRead, async ({ input, user }) => ({ count: await setRead(user.id, input) }));
  endpoint(api, noticeApi.remove, async ({ input, user }) => {
    await deleteMessage(user.id, input.id);
    return null;
  });
  endpoint(api, noticeApi.answer, async ({ input, user }) => {
    await answerMessage(user.id, input.id, input.is_agree);
    return null;
  });
  endpoint(api, noticeApi.feedback, async ({ input, user }) => ({ id: await saveFeedback(user.id, input) }));
}
