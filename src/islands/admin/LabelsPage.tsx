import { useState } from 'react';
import { moveId } from '~/lib/stores/admin-content';
import { fetchLabels, saveLabel, setLabelStatus, sortLabels } from '~/lib/stores/admin-catalogue';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { Badge } from '../ui/Badge';
import { Table, td, Th } from '../ui/Table';
import { linkBtn, primaryBtn } from '../ui/buttons';
import { inputCls } from '../ui/form';
import { LoadedList } from '../ui/states';

/** /admin/labels: course labels — add, rename, move up/down, hide or show. */
export default function LabelsPage() {
  const q = useLoad(() => fetchLabels({ limit: 50 }));
  const [form, setForm] = useState({ id: 0, name: '' });
  const act = useAction();
  const ids = q.data?.list.map((l) => l.id) ?? [];
  const move = (id: number, by: -1 | 1) =>
    void act.run(() => sortLabels({ ids: moveId(ids, id, by) }), { done: '排序已保存' }).then(q.reload);
  return (
    <div className="max-w-[760px]">
      <form
        className="mb-4 flex gap-2"
        aria-label="标签"
        onSubmit={(e) => {
          e.preventDefault();
          void act
            .run(() => saveLabel({ ...(form.id ? { id: form.id } : {}), name: form.name }), { done: '标签已保存' })
            .then((r) => r && (setForm({ id: 0, name: '' }), q.reload()));
        }}
      >
        <input
          className={`${inputCls} w-60`}
          placeholder="标签名称（最多 16 字）"
          aria-label="标签名称"
          value={form.name}
          maxLength={16}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <button type="submit" className={primaryBtn} disabled={act.busy}>
          {form.id ? '保存名称' : '新增标签'}
        </button>
        {form.id > 0 && (
          <button type="button" className={linkBtn} onClick={() => setForm({ id: 0, name: '' })}>
            取消
          </button>
        )}
      </form>
      <LoadedList q={q} empty="还没有课程标签">
        {(data) => (
          <Table
            label="课程标签"
            head={
              <>
                <Th>名称</Th>
                <Th>课程数</Th>
                <Th>状态</Th>
                <Th>排序</Th>
                <Th>操作</Th>
              </>
            }
          >
            {data.list.map((l, i) => (
              <tr key={l.id}>
                <td className={td}>{l.name}</td>
                <td className={td}>{l.courses}</td>
                <td className={td}>
                  <Badge on={l.status === 1} onText="显示" offText="已隐藏" />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <button
                    type="button"
                    className={`${linkBtn} mr-2`}
                    aria-label={`上移${l.name}`}
                    disabled={i === 0 || act.busy}
                    onClick={() => move(l.id, -1)}
                  >
                    <span className="i-ri-arrow-up-line" />
                  </button>
                  <button
                    type="button"
                    className={linkBtn}
                    aria-label={`下移${l.name}`}
                    disabled={i === data.list.length - 1 || act.busy}
                    onClick={() => move(l.id, 1)}
                  >
                    <span className="i-ri-arrow-down-line" />
                  </button>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <button type="button" className={`${linkBtn} mr-3`} onClick={() => setForm({ id: l.id, name: l.name })}>
                    重命名
                  </button>
                  <button
                    type="button"
                    className={linkBtn}
                    disabled={act.busy}
                    onClick={() =>
                      void act
                        .run(() => setLabelStatus({ id: l.id, status: l.status ? 0 : 1 }), {
                          done: l.status ? '已隐藏' : '已显示',
                        })
                        .then(q.reload)
                    }
                  >
                    {l.status ? '隐藏' : '显示'}
                  </button>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </LoadedList>
    </div>
  );
}
