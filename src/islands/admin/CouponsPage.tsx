import { useState } from 'react';
import type { AdminCoupon } from '~/lib/api/contract/admin-content';
import { COUPON_SCOPES, type CouponScope } from '~/lib/rules/coupon';
import { formatDateTime, priceText } from '~/lib/format';
import { fromLocalInput, toLocalInput } from '~/lib/stores/admin-content';
import { fetchCouponTemplates, saveCouponTemplate, stopCouponTemplate } from '~/lib/stores/admin-catalogue';
import { Modal } from '../ui/Modal';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { Badge } from '../ui/Badge';
import { Table, td, Th } from '../ui/Table';
import { linkBtn, primaryBtn } from '../ui/buttons';
import { inputCls, StackField } from '../ui/form';
import { LoadedList } from '../ui/states';

const LIMIT = 15;
const SCOPE_TEXT: Record<CouponScope, string> = { all: '全场通用', course: '课程', class: '班级', goods: '商品', shop: '指定店铺' };
const blank = () => ({
  id: 0,
  title: '',
  amount: '',
  threshold: '',
  scope: 'all' as CouponScope,
  shop_id: '',
  valid_days: '7',
  starts_at: toLocalInput(new Date().toISOString()),
  ends_at: '',
  total: '100',
  per_user: '1',
});
/** Yuan typed by the operator → fen. */
const fen = (yuan: string) => Math.round(Number(yuan) * 100);

/** /admin/coupons (finance): templates — create, edit while nobody holds one, stop issuing. */
export default function CouponsPage() {
  const [page, setPage] = useState(1);
  const [edit, setEdit] = useState<ReturnType<typeof blank> | null>(null);
  const q = useLoad(() => fetchCouponTemplates({ page, limit: LIMIT }), page);
  const act = useAction();
  const open = (c: AdminCoupon) =>
    setEdit({
      id: c.id,
      title: c.title,
      amount: String(c.amount / 100),
      threshold: String(c.threshold / 100),
      scope: c.scope,
      shop_id: c.shop_id ? String(c.shop_id) : '',
      valid_days: String(c.valid_days),
      starts_at: toLocalInput(c.starts_at),
      ends_at: toLocalInput(c.ends_at),
      total: String(c.total),
      per_user: String(c.per_user),
    });
  return (
    <div>
      <div className="mb-4 flex">
        <button type="button" className={`${primaryBtn} ml-auto`} onClick={() => setEdit(blank())}>
          新建优惠券
        </button>
      </div>
      <LoadedList q={q} empty="还没有优惠券模板">
        {(data) => (
          <Table
            label="优惠券模板"
            head={
              <>
                <Th>名称</Th>
                <Th>面额</Th>
                <Th>范围</Th>
                <Th>领取期</Th>
                <Th>已领/总量</Th>
                <Th>状态</Th>
                <Th>操作</Th>
              </>
            }
          >
            {data.list.map((c) => (
              <tr key={c.id}>
                <td className={td}>{c.title}</td>
                <td className={td}>
                  满 {priceText(c.threshold)} 减 {priceText(c.amount)}
                </td>
                <td className={td}>
                  {c.scope === 'shop'
                    ? `店铺：${c.shop_name}`
                    : c.course_id
                      ? `课程：${c.course_title || c.course_id}`
                      : SCOPE_TEXT[c.scope]}
                </td>
                <td className={`${td} text-xs text-ink-soft`}>
                  {formatDateTime(c.starts_at)} ~ {formatDateTime(c.ends_at)}
                </td>
                <td className={td}>
                  {c.claimed}/{c.total}
                </td>
                <td className={td}>
                  <Badge on={c.status === 1} onText="发放中" offText="已停发" />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {c.editable && (
                    <button type="button" className={`${linkBtn} mr-3`} onClick={() => open(c)}>
                      编辑
                    </button>
                  )}
                  {c.status === 1 && (
                    <button
                      type="button"
                      className="text-sm text-danger-strong"
                      disabled={act.busy}
                      onClick={() =>
                        confirm(`停止发放「${c.title}」？已领取的券照常可用。`) &&
                        void act.run(() => stopCouponTemplate({ id: c.id }), { done: '已停止发放' }).then(q.reload)
                      }
                    >
                      停止发放
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={page} total={q.data.total} limit={LIMIT} onPage={setPage} />}
      {edit && (
        <Modal
          open
          title={edit.id ? '编辑优惠券' : '新建优惠券'}
          width={600}
          onClose={() => setEdit(null)}
          footer={
            <button type="submit" form="coupon-form" className={primaryBtn} disabled={act.busy}>
              保存
            </button>
          }
        >
          <form
            id="coupon-form"
            onSubmit={(e) => {
              e.preventDefault();
              void act
                .run(
                  () =>
                    saveCouponTemplate({
                      ...(edit.id ? { id: edit.id } : {}),
                      title: edit.title,
                      amount: fen(edit.amount),
                      threshold: fen(edit.threshold),
                      scope: edit.scope,
                      ...(edit.scope === 'shop' && edit.shop_id ? { shop_id: Number(edit.shop_id) } : {}),
                      valid_days: Number(edit.valid_days),
                      starts_at: fromLocalInput(edit.starts_at),
                      ends_at: fromLocalInput(edit.ends_at),
                      total: Number(edit.total),
                      per_user: Number(edit.per_user),
                    }),
                  { done: '优惠券已保存' },
                )
                .then((r) => r && (setEdit(null), q.reload()));
            }}
          >
            <div className="grid grid-cols-2 gap-x-3">
              <StackField label="名称">
                <input
                  className={inputCls}
                  value={edit.title}
                  maxLength={32}
                  onChange={(e) => setEdit({ ...edit, title: e.target.value })}
                />
              </StackField>
              <StackField label="适用范围">
                <select
                  className={inputCls}
                  value={edit.scope}
                  onChange={(e) => setEdit({ ...edit, scope: e.target.value as CouponScope })}
                >
                  {COUPON_SCOPES.map((s) => (
                    <option key={s} value={s}>
                      {SCOPE_TEXT[s]}
                    </option>
                  ))}
                </select>
              </StackField>
              <StackField label="减免金额（元）">
                <input
                  className={inputCls}
                  inputMode="decimal"
                  value={edit.amount}
                  onChange={(e) => setEdit({ ...edit, amount: e.target.value })}
                />
              </StackField>
              <StackField label="使用门槛（满多少元）">
                <input
                  className={inputCls}
                  inputMode="decimal"
                  value={edit.threshold}
                  onChange={(e) => setEdit({ ...edit, threshold: e.target.value })}
                />
              </StackField>
              {edit.scope === 'shop' && (
                <StackField label="店铺编号">
                  <input
                    className={inputCls}
                    inputMode="numeric"
                    value={edit.shop_id}
                    onChange={(e) => setEdit({ ...edit, shop_id: e.target.value })}
                  />
                </StackField>
              )}
              <StackField label="领取后有效天数（0 为至截止时间）">
                <input
                  className={inputCls}
                  inputMode="numeric"
                  value={edit.valid_days}
                  onChange={(e) => setEdit({ ...edit, valid_days: e.target.value })}
                />
              </StackField>
              <StackField label="开始领取">
                <input
                  type="datetime-local"
                  className={inputCls}
                  value={edit.starts_at}
                  onChange={(e) => setEdit({ ...edit, starts_at: e.target.value })}
                />
              </StackField>
              <StackField label="截止时间">
                <input
                  type="datetime-local"
                  className={inputCls}
                  value={edit.ends_at}
                  onChange={(e) => setEdit({ ...edit, ends_at: e.target.value })}
                />
              </StackField>
              <StackField label="发放总量">
                <input
                  className={inputCls}
                  inputMode="numeric"
                  value={edit.total}
                  onChange={(e) => setEdit({ ...edit, total: e.target.value })}
                />
              </StackField>
              <StackField label="每人限领">
                <input
                  className={inputCls}
                  inputMode="numeric"
                  value={edit.per_user}
                  onChange={(e) => setEdit({ ...edit, per_user: e.target.value })}
                />
              </StackField>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}
