import { useState, type SubmitEvent } from 'react';
import { formatDateTime } from '~/lib/format';
import { memberSearch } from '~/lib/stores/admin-members';
import { PagerButtons } from '../ui/PagerButtons';
import { useListQuery } from '../ui/useListQuery';
import { bodyCell, headCell } from '../ui/Table';
import { LoadedList } from '../ui/states';

/** /admin/members (support, finance): search by phone, nickname or member id. */
export default function MembersPage() {
  const [draft, setDraft] = useState('');
  const q = useListQuery(() => memberSearch);
  const key = q.filter;
  function search(e: SubmitEvent) {
    e.preventDefault();
    // The same search on its first page is already shown.
    if (draft.trim() !== key || q.page !== 1) void q.query.setFilter(draft.trim());
  }
  return (
    <div>
      <form onSubmit={search} className="mb-4 flex items-center gap-3 text-sm" role="search" aria-label="搜索会员">
        <input
          className="h-8 w-72 rounded border border-line px-2 outline-none focus:border-brand-accent"
          placeholder="手机号、昵称或会员编号"
          aria-label="手机号、昵称或会员编号"
          value={draft}
          maxLength={32}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="gf-btn h-8 bg-brand px-4 text-white">
          搜索
        </button>
      </form>
      <LoadedList q={q} empty={key ? `没有找到与“${key}”相关的会员` : '还没有会员'}>
        {(data) => (
          <table className="w-full text-left text-sm" data-testid="members-table">
            <thead className="bg-surface-head text-ink-soft">
              <tr>
                <th className={headCell}>编号</th>
                <th className={headCell}>昵称</th>
                <th className={headCell}>手机号</th>
                <th className={headCell}>身份</th>
                <th className={headCell}>功夫币</th>
                <th className={headCell}>状态</th>
                <th className={headCell}>注册时间</th>
                <th className={headCell} />
              </tr>
            </thead>
            <tbody>
              {data.list.map((m) => (
                <tr key={m.id} className="border-b border-line">
                  <td className={bodyCell}>{m.id}</td>
                  <td className={bodyCell}>{m.nick_name}</td>
                  <td className={bodyCell}>{m.phone || '未绑定'}</td>
                  <td className={bodyCell}>{m.identity_text}</td>
                  <td className={bodyCell}>{m.coins}</td>
                  <td className={bodyCell}>{m.status === 1 ? '正常' : <span className="text-danger-strong">已禁用</span>}</td>
                  <td className={`${bodyCell} text-ink-soft`}>{formatDateTime(m.created_at)}</td>
                  <td className={bodyCell}>
                    <a className="text-brand hover:underline" href={`/admin/members/detail?id=${m.id}`}>
                      详情
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={q.page} total={q.data.total} limit={q.query.limit} onPage={(p) => void q.query.setPage(p)} />}
    </div>
  );
}
