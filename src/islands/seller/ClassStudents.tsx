import { useState } from 'react';
import { formatDateTime, priceText } from '~/lib/format';
import { loadStudents } from '~/lib/stores/seller-content';
import { PagerButtons } from '../ui/PagerButtons';
import { useLoad } from '../ui/useLoad';
import { SellerOnly } from './SellerOnly';
import { PageHead } from '../ui/PageHead';
import { LoadFailed } from '../ui/states';

/** /coach/class/courseList?id=<class>: the class's enrolled students (phones masked), paged. */
export default function ClassStudents(props: { classId: number | null }) {
  return (
    <SellerOnly area="coach">
      {props.classId ? (
        <Students classId={props.classId} />
      ) : (
        <LoadFailed error="请从班级管理进入" back={['返回班级管理', '/coach/class']} />
      )}
    </SellerOnly>
  );
}

function Students({ classId }: { classId: number }) {
  const [page, setPage] = useState(1);
  const data = useLoad(() => loadStudents(classId, page), `${classId}-${page}`);
  if (data.error) return <LoadFailed load={data} back={['返回班级管理', '/coach/class']} />;
  if (!data.data) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  const d = data.data;
  return (
    <>
      <PageHead title="报名学员" back={['班级管理', '/coach/class']} />
      <p className="mb-4 text-sm text-ink-soft">
        {d.class.title} · 已占名额 {d.class.enrolled}/{d.class.capacity}（含待付款的报名）· 已付款学员 {d.total} 人
      </p>
      {d.list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-16 text-ink-mute" data-testid="empty-state">
          <span className="i-ri-group-line text-5xl" />
          <p>还没有已付款的学员</p>
        </div>
      ) : (
        <table className="w-full text-left text-sm" data-testid="student-table">
          <thead className="bg-page text-ink-soft">
            <tr>
              <th className="px-3 py-2 font-400">学员</th>
              <th className="px-3 py-2 font-400">手机号</th>
              <th className="px-3 py-2 font-400">订单号</th>
              <th className="px-3 py-2 font-400">实付</th>
              <th className="px-3 py-2 font-400">报名时间</th>
              <th className="px-3 py-2 font-400">状态</th>
            </tr>
          </thead>
          <tbody>
            {d.list.map((s) => (
              <tr key={s.order_id} className="border-b border-line">
                <td className="px-3 py-2.5 text-ink">{s.name}</td>
                <td className="px-3 py-2.5">{s.phone}</td>
                <td className="px-3 py-2.5">
                  <a className="gf-link" href={`/order/shopdetail?id=${s.order_id}`}>
                    {s.order_no}
                  </a>
                </td>
                <td className="px-3 py-2.5">{priceText(s.amount)}</td>
                <td className="px-3 py-2.5">{s.paid_at ? formatDateTime(s.paid_at) : '—'}</td>
                <td className="px-3 py-2.5">{s.status_text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PagerButtons page={d.page} total={d.total} limit={d.limit} onPage={setPage} />
    </>
  );
}
