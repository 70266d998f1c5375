import type { OpenAPIHono } from '@hono/zod-openapi';
import { critiqueApi } from '~/lib/api/contract/critique';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { critiqueForReview, excellentHomework, myCritique, saveCritique, setConsent, setExcellent } from './critique.service';
import { storeVoice, VOICE_MAX_BYTES } from './critique.voice';

/** 作业点评: the coach's review tools, the learner's view, 优秀作业 on the course page. */
export function registerCritique(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, critiqueApi.review, ({ user, input }) => critiqueForReview(user.id, input.id));
  // The marks (≤ 50 × 20 shapes) stay well under 512 KB of JSON.
  endpoint(api, { ...critiqueApi.save, bodyLimitKb: 512 }, ({ user, input }) => saveCritique(user.id, input));
  // Base64 is 4/3 of the bytes, plus the JSON around it.
  const voiceKb = Math.ceil((VOICE_MAX_BYTES / 1024) * (4 / 3)) + 16;
  endpoint(api, { ...critiqueApi.voice, bodyLimitKb: voiceKb }, ({ user, input }) => storeVoice(user.id, input.audio));
  endpoint(api, critiqueApi.excellent, ({ user, input }) => setExcellent(user.id, input.id, input.excellent));
  endpoint(api, critiqueApi.mine, ({ user, input }) => myCritique(user.id, input.id));
  endpoint(api, critiqueApi.consent, ({ user, input }) => setConsent(user.id, input.id, input.consent));
  endpoint(api, critiqueApi.showcase, async ({ input }) => ({ list: await excellentHomework(input.course_id) }));
}
