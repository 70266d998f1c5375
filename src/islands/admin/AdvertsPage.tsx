import { useState } from 'react';
import type { AdminAdvert } from '~/lib/api/contract/admin-content';
import { formatDateTime } from '~/lib/format';
import { img } from '~/lib/media';
import { ADVERT_POSITIONS } from '~/lib/rules/admin-content';
import { deleteAdvert, fetchAdverts, fromLocalInput, saveAdvert, setAdvertStatus, toLocalInput } from '~/lib/stores/admin-content';
import { Modal } from '../ui/Modal';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { ImageInput } from './ImageInput';
import { Badge } from '../ui/Badge';
import { Table, td, Th } from '../ui/Table';
import { linkBtn, primaryBtn } from '../ui/buttons';
import { inputCls, StackField } from '../ui/form';
import { LoadedList } from '../ui/states';

const LIMIT = 15;
type Position = (typeof ADVERT_POSITIONS)[number]['key'];
const blank = (position: Position) => ({
  id: 0,
  position,
  title: '',
  image: '',
  link: '',
  sort: 0,
  status: 1 as 0 | 1,
  starts_at: '',
  ends_at: '',
});

/** /admin/adverts: banners by position — image, link, order, on/off and an optional time window. */
export default function AdvertsPage() {
  const [position, setPosition] = useState<Position>('home_banner');
  const [page, setPage] = useState(1);
  const [edit, setEdit] = useState<ReturnType<typeof blank> | null>(null);
  const q = useLoad(() => fetchAdverts({ position, page, limit: LIMIT }), `${position}-${page}`);
  const act = useAction();
  const open = (a: AdminAdvert) =>
    setEdit({ ...a, position: a.position as Position, starts_at: toLocalInput(a.starts_at), ends_at: toLocalInput(a.ends_at) });
  return (
    <div>
      <div className="mb-4 flex items-center gap-3">
        <select
          className={`${inputCls} w-40`}
          aria-label="广告位"
          value={position}
          onChange={(e) => (setPosition(e.target.value as Position), setPage(1))}
        >
          {ADVERT_POSITIONS.map((p) => (
            <option key={p.key} value={p.key}>
              {p.name}
            </option>
          ))}
        </select>
        <button type="button" className={`${primaryBtn} ml-auto`} onClick={() => setEdit(blank(position))}>
          新增广告
        </button>
      </div>
      <LoadedList q={q} empty="该广告位还没有广告">
        {(data) => (
          <Table
            label="广告列表"
            head={
              <>
                <Th>图片</Th>
                <Th>标题</Th>
                <Th>链接</Th>
                <Th>排序</Th>
                <Th>展示时段</Th>
                <Th>状态</Th>
                <Th>操作</Th>
              </>
            }
          >
            {data.list.map((a) => (
              <tr key={a.id}>
                <td className={td}>
                  <img src={img(a.image)} alt={a.title} className="h-12 w-24 rounded object-cover" />
                </td>
                <td className={td}>{a.title}</td>
                <td className={`${td} max-w-[200px] truncate text-ink-soft`}>{a.link || '—'}</td>
                <td className={td}>{a.sort}</td>
                <td className={`${td} text-xs text-ink-soft`}>
                  {a.starts_at ? formatDateTime(a.starts_at) : '不限'} ~ {a.ends_at ? formatDateTime(a.ends_at) : '不限'}
                </td>
                <td className={td}>
                  <Badge on={a.live} onText="展示中" offText={a.status ? '不在时段内' : '已下线'} />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <button type="button" className={`${linkBtn} mr-3`} onClick={() => open(a)}>
                    编辑
                  </button>
                  <button
                    type="button"
                    className={`${linkBtn} mr-3`}
                    disabled={act.busy}
                    onClick={() =>
                      void act
                        .run(() => setAdvertStatus({ id: a.id, status: a.status ? 0 : 1 }), {
                          done: a.status ? '已下线' : '已上线',
                        })
                        .then(q.reload)
                    }
                  >
                    {a.status ? '下线' : '上线'}
                  </button>
                  <button
                    type="button"
                    className="text-sm text-danger-strong"
                    disabled={act.busy}
                    onClick={() =>
                      confirm(`删除「${a.title}」？`) && void act.run(() => deleteAdvert({ id: a.id }), { done: '已删除' }).then(q.reload)
                    }
                  >
                    删除
                  </button>
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
          title={edit.id ? '编辑广告' : '新增广告'}
          width={560}
          onClose={() => setEdit(null)}
          footer={
            <button type="submit" form="advert-form" className={primaryBtn} disabled={act.busy}>
              保存
            </button>
          }
        >
          <form
            id="advert-form"
            onSubmit={(e) => {
              e.preventDefault();
              const { id, starts_at, ends_at, ...rest } = edit;
              void act
                .run(
                  () =>
                    saveAdvert({
                      ...rest,
                      ...(id ? { id } : {}),
                      starts_at: fromLocalInput(starts_at),
                      ends_at: fromLocalInput(ends_at),
                    }),
                  { done: '广告已保存' },
                )
                .then((r) => r && (setEdit(null), q.reload()));
            }}
          >
            <StackField label="标题">
              <input className={inputCls} value={edit.title} maxLength={64} onChange={(e) => setEdit({ ...edit, title: e.target.value })} />
            </StackField>
            <ImageInput label="广告图片" value={edit.image} onChange={(image) => setEdit({ ...edit, image })} />
            <StackField label="链接" hint="站内路径如 /train/course，或 https:// 开头的地址；可不填">
              <input className={inputCls} value={edit.link} onChange={(e) => setEdit({ ...edit, link: e.target.value })} />
            </StackField>
            <div className="grid grid-cols-2 gap-3">
              <StackField label="开始展示（可不填）">
                <input
                  type="datetime-local"
                  className={inputCls}
                  value={edit.starts_at}
                  onChange={(e) => setEdit({ ...edit, starts_at: e.target.value })}
                />
              </StackField>
              <StackField label="结束展示（可不填）">
                <input
                  type="datetime-local"
                  className={inputCls}
                  value={edit.ends_at}
                  onChange={(e) => setEdit({ ...edit, ends_at: e.target.value })}
                />
              </StackField>
              <StackField label="排序（小的在前）">
                <input
                  type="number"
                  min={0}
                  className={inputCls}
                  value={edit.sort}
                  onChange={(e) => setEdit({ ...edit, sort: Number(e.target.value) })}
                />
              </StackField>
              <StackField label="状态">
                <select
                  className={inputCls}
                  value={edit.status}
                  onChange={(e) => setEdit({ ...edit, status: e.target.value === '1' ? 1 : 0 })}
                >
                  <option value="1">上线</option>
                  <option value="0">下线</option>
                </select>
              </StackField>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}
