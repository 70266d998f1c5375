import type { OpenAPIHono } from '@hono/zod-openapi';
import { adminCertificateApi, coachGradingApi, gradingApi, gradingRigApi } from '~/lib/api/contract/grading';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { env } from '../../env';
import { viewerId } from '../catalogue/viewer';
import { adminCertificates, certificate, revokeCertificate, serveCertFile, setHolder } from './grading-certs.service';
import { bookGrading } from './grading-orders';
import { cancelSession, judgeCandidate, listCandidates } from './grading-results.service';
import { submitGradingVideo } from './grading-video.service';
import { addSession, editSession, listSessions, moveStartForRig, mySessions, sessionDetail } from './grading.service';

/** 考评 and 段位证书 (learning README, section grading). Seats are orders: grading-orders.ts is wired in hooks.ts. */
export function registerGrading(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, gradingApi.list, ({ input }) => listSessions(input));
  endpoint(api, gradingApi.detail, async ({ input, c }) => sessionDetail(input.id, await viewerId(c)));
  endpoint(api, gradingApi.book, ({ user, input }) => bookGrading(user.id, input.id));
  endpoint(api, gradingApi.video, ({ user, input }) => submitGradingVideo(user.id, input));
  endpoint(api, gradingApi.cert, async ({ input, c }) => certificate(input.no, await viewerId(c)));
  endpoint(api, gradingApi.holder, async ({ user, input }) => {
    await setHolder(user.id, input.no, input.holder);
    return null;
  });

  endpoint(api, coachGradingApi.mine, ({ user }) => mySessions(user.id));
  endpoint(api, coachGradingApi.add, ({ user, input }) => addSession(user.id, input));
  endpoint(api, coachGradingApi.edit, ({ user, input }) => editSession(user.id, input));
  endpoint(api, coachGradingApi.cancel, ({ user, input }) => cancelSession(user.id, input.id, (req) => Promise.resolve(api.fetch(req))));
  endpoint(api, coachGradingApi.candidates, ({ user, input }) => listCandidates(user.id, input.id));
  endpoint(api, coachGradingApi.judge, ({ user, input }) => judgeCandidate(user.id, input));

  endpoint(api, adminCertificateApi.list, ({ input }) => adminCertificates(input));
  endpoint(api, adminCertificateApi.revoke, async ({ input, staff, c }) => {
    await revokeCertificate({ staff, c }, input.id, input.reason);
    return null;
  });

  // Rig-only (as the SMS outbox): a booked session "starts" at once, so browser tests never wait for it.
  if (env().SMS_OUTBOX_API && env().SMS_PROVIDER === 'log') {
    endpoint(api, gradingRigApi.started, async ({ input }) => ({ moved: await moveStartForRig(input.id) }));
  }

  // The certificate's files: drawn on the server, refused once revoked (not contract endpoints).
  api.get('/cert/:no/:file', (c) => serveCertFile(c));
}
