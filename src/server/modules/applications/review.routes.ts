import type { OpenAPIHono } from '@hono/zod-openapi';
import { adminApplicationApi } from '~/lib/api/contract/admin-applications';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { audit } from '../../console/audit';
import { registerQueue } from '../../console/queues';
import { decide, pendingCount, revealIdNumber, reviewDetail, reviewList } from './review.service';

/** The ID number is never part of an audit row: only its mask travels in before/after. */
const auditable = (r: { idNumberCipher: string } & Record<string, unknown>) => {
  const { idNumberCipher: _cipher, ...rest } = r;
  return rest;
};

/** Coach and shop application review in the operator console: reviewers and super. */
export function registerApplicationReview(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, adminApplicationApi.list, ({ input }) =>
    reviewList({
      kind: input.kind,
      status: input.status === 'all' ? undefined : input.status,
      q: input.q,
      page: input.page,
      limit: input.limit,
    }),
  );
  endpoint(api, adminApplicationApi.detail, ({ input }) => reviewDetail(input.id));
  endpoint(api, adminApplicationApi.approve, (ctx) =>
    decide(ctx.input.id, 'approved', ctx.input.note, ctx.staff.id, (tx, before, after) =>
      audit(tx, ctx, {
        action: 'application.approve',
        target: 'identity_applications',
        targetId: after.id,
        before: auditable(before),
        after: auditable(after),
        note: ctx.input.note,
      }),
    ),
  );
  endpoint(api, adminApplicationApi.refuse, (ctx) =>
    decide(ctx.input.id, 'refused', ctx.input.reason, ctx.staff.id, (tx, before, after) =>
      audit(tx, ctx, {
        action: 'application.refuse',
        target: 'identity_applications',
        targetId: after.id,
        before: auditable(before),
        after: auditable(after),
        note: ctx.input.reason,
      }),
    ),
  );
  endpoint(api, adminApplicationApi.revealId, async (ctx) => ({
    id_number: await revealIdNumber(ctx.input.id, (tx, app) =>
      audit(tx, ctx, {
        action: 'application.reveal_id',
        target: 'identity_applications',
        targetId: app.id,
        note: `查看身份证号 ${app.idNumberMask}`,
      }),
    ),
  }));

  registerQueue({
    key: 'applications.coach',
    label: '教练入驻待审核',
    href: '/admin/applications?kind=coach',
    roles: ['reviewer'],
    count: () => pendingCount('coach'),
  });
  registerQueue({
    key: 'applications.shop',
    label: '店主入驻待审核',
    href: '/admin/applications?kind=shop',
    roles: ['reviewer'],
    count: () => pendingCount('shop'),
  });
}
