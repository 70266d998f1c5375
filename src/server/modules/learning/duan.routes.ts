import type { OpenAPIHono } from '@hono/zod-openapi';
import { duanApi as D } from '~/lib/api/contract/duan';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { addRequirement, deleteRequirement, duanRefs, duanStyles, requirementsOf, sortRequirements } from './duan.service';
import { examinerCandidates, examinerList, saveExaminer, setExaminerStatus } from './examiner.service';
import { myDuanPath } from './duan-path.service';

/** 段位: requirements and examiners in the console, a member's path. */
export function registerDuan(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, D.styles, () => duanStyles());
  endpoint(api, D.requirements, ({ input }) => requirementsOf(input.label_id));
  endpoint(api, D.refs, ({ input }) => duanRefs(input));
  endpoint(api, D.requirementAdd, ({ input, staff, c }) => addRequirement({ staff, c }, input));
  endpoint(api, D.requirementDelete, ({ input, staff, c }) => deleteRequirement({ staff, c }, input.id));
  endpoint(api, D.requirementSort, ({ input, staff, c }) => sortRequirements({ staff, c }, input));
  endpoint(api, D.examiners, ({ input }) => examinerList(input.page, input.limit));
  endpoint(api, D.examinerCoaches, ({ input }) => examinerCandidates(input.keyword));
  endpoint(api, D.examinerSave, ({ input, staff, c }) => saveExaminer({ staff, c }, input));
  endpoint(api, D.examinerStatus, ({ input, staff, c }) => setExaminerStatus({ staff, c }, input.coach_id, input.status));
  endpoint(api, D.path, ({ user, input }) => myDuanPath(user.id, input.label_id));
}
