import { useState } from 'react';
import { DUANS, duanName, EXAMINER_NOTE_MAX } from '~/lib/rules/duan';
import { findExaminerCoaches, fetchExaminers, saveExaminer, setExaminerStatus } from '~/lib/stores/duan';
import type { ExaminerCandidate } from '~/lib/api/contract/duan';
import { formatDate } from '~/lib/format';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';
import { Badge } from '../../ui/Badge';
import { Table, td, Th } from '../../ui/Table';
import { linkBtn, primaryBtn } from '../../ui/buttons';
import { inputCls as fullWidthInput } from '../../ui/form';

/** The form's inputs at their own widths (the kit's input fills its row). */
const inputCls = fullWidthInput.replace('w-full ', '');
import { LoadedList } from '../../ui/states';
import { PagerButtons } from '../../ui/PagerButtons';

const DuanSelect = (props: { value: number; onChange: (v: number) => void; label: string }) => (
  <select
    className={`${inputCls} w-24`}
    aria-label={props.label}
    value={props.value}
    onChange={(e) => props.onChange(Number(e.target.value))}
  >
    {DUANS.map((d) => (
      <option key={d} value={d}>
        {duanName(d)}
      </option>
    ))}
  </select>
);

/** 考评员: the examiners (coach, highest 段, note, status); add a coach found by name or phone; change the 段; disable or enable. */
export function ExaminersTab() {
  const [page, setPage] = useState(1);
  const q = useLoad(() => fetchExaminers(page), page);
  const act = useAction();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<ExaminerCandidate[] | null>(null);
  const [pick, setPick] = useState({ coach_id: 0, max_duan: 3, note: '' });
  const [edit, setEdit] = useState({ coach_id: 0, max_duan: 3, note: '' });
  const search = () => void act.run(() => findExaminerCoaches(keyword)).then((r) => r && setFound(r.list));
  return (
    <div className="max-w-[960px]">
      <section className="mb-6 rounded border border-line bg-white p-4" aria-label="设为考评员">
        <h2 className="mb-3 text-[15px] font-600">设为考评员</h2>
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
        >
          <input
            className={`${inputCls} w-64`}
            placeholder="教练姓名或手机号"
            aria-label="教练姓名或手机号"
            value={keyword}
            maxLength={32}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <button type="submit" className={primaryBtn} disabled={act.busy || !keyword.trim()}>
            查找教练
          </button>
        </form>
        {found && !found.length && <p className="mt-3 text-sm text-ink-soft">没有找到匹配的教练</p>}
        {found && found.length > 0 && (
          <ul className="mt-3 divide-y divide-line text-sm" aria-label="查找结果">
            {found.map((c) => (
              <li key={c.coach_id} className="flex items-center gap-3 py-2">
                <span className="w-24 font-500">{c.name}</span>
                <span className="w-28 text-ink-soft">{c.phone}</span>
                <span className="min-w-0 flex-1 truncate text-ink-mute">{c.styles.join('、')}</span>
                {c.examiner ? (
                  <span className="text-ink-mute">已是考评员</span>
                ) : pick.coach_id === c.coach_id ? (
                  <form
                    className="flex items-center gap-2"
                    onSubmit={(e) => {
                      e.preventDefault();
                      void act
                        .run(() => saveExaminer({ ...pick, create: true }), { done: `已将${c.name}设为考评员` })
                        .then(
                          (r) =>
                            r !== undefined &&
                            (setFound(null), setKeyword(''), setPick({ coach_id: 0, max_duan: 3, note: '' }), q.reload()),
                        );
                    }}
                  >
                    <DuanSelect label="最高可考段位" value={pick.max_duan} onChange={(v) => setPick({ ...pick, max_duan: v })} />
                    <input
                      className={`${inputCls} w-40`}
                      placeholder="备注（可选）"
                      aria-label="备注"
                      maxLength={EXAMINER_NOTE_MAX}
                      value={pick.note}
                      onChange={(e) => setPick({ ...pick, note: e.target.value })}
                    />
                    <button type="submit" className={primaryBtn} disabled={act.busy}>
                      确认
                    </button>
                  </form>
                ) : (
                  <button type="button" className={linkBtn} onClick={() => setPick({ coach_id: c.coach_id, max_duan: 3, note: '' })}>
                    设为考评员
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <LoadedList q={q} empty="还没有考评员">
        {(data) => (
          <>
            <Table
              label="考评员"
              head={
                <>
                  <Th>教练</Th>
                  <Th>手机号</Th>
                  <Th>最高可考</Th>
                  <Th>备注</Th>
                  <Th>状态</Th>
                  <Th>设立于</Th>
                  <Th>操作</Th>
                </>
              }
            >
              {data.list.map((e) =>
                edit.coach_id === e.coach_id ? (
                  <tr key={e.coach_id}>
                    <td className={td}>{e.name}</td>
                    <td className={td}>{e.phone}</td>
                    <td className={td}>
                      <DuanSelect label="最高可考段位" value={edit.max_duan} onChange={(v) => setEdit({ ...edit, max_duan: v })} />
                    </td>
                    <td className={td} colSpan={3}>
                      <input
                        className={inputCls}
                        aria-label="备注"
                        maxLength={EXAMINER_NOTE_MAX}
                        value={edit.note}
                        onChange={(ev) => setEdit({ ...edit, note: ev.target.value })}
                      />
                    </td>
                    <td className={`${td} whitespace-nowrap`}>
                      <button
                        type="button"
                        className={`${linkBtn} mr-3`}
                        disabled={act.busy}
                        onClick={() =>
                          void act
                            .run(() => saveExaminer({ ...edit, create: false }), { done: '已保存' })
                            .then((r) => r !== undefined && (setEdit({ coach_id: 0, max_duan: 3, note: '' }), q.reload()))
                        }
                      >
                        保存
                      </button>
                      <button type="button" className={linkBtn} onClick={() => setEdit({ coach_id: 0, max_duan: 3, note: '' })}>
                        取消
                      </button>
                    </td>
                  </tr>
                ) : (
                  <tr key={e.coach_id}>
                    <td className={td}>{e.name}</td>
                    <td className={td}>{e.phone}</td>
                    <td className={td}>{duanName(e.max_duan)}</td>
                    <td className={td}>{e.note || '—'}</td>
                    <td className={td}>
                      <Badge on={e.status === 1} onText="启用" offText="已停用" />
                    </td>
                    <td className={td}>{formatDate(e.created_at)}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      <button
                        type="button"
                        className={`${linkBtn} mr-3`}
                        onClick={() => setEdit({ coach_id: e.coach_id, max_duan: e.max_duan, note: e.note })}
                      >
                        修改
                      </button>
                      <button
                        type="button"
                        className={linkBtn}
                        disabled={act.busy}
                        onClick={() =>
                          void act
                            .run(() => setExaminerStatus(e.coach_id, e.status ? 0 : 1), { done: e.status ? '已停用' : '已启用' })
                            .then(q.reload)
                        }
                      >
                        {e.status ? '停用' : '启用'}
                      </button>
                    </td>
                  </tr>
                ),
              )}
            </Table>
            <PagerButtons page={page} total={data.total} limit={data.limit} onPage={setPage} />
          </>
        )}
      </LoadedList>
    </div>
  );
}
