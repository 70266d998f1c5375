import { useState } from 'react';
import { formatDateTime } from '~/lib/format';
import {
  adminUpload,
  deleteHelpArticle,
  deleteHelpGroup,
  fetchHelpArticle,
  fetchHelpArticles,
  fetchHelpGroups,
  moveId,
  saveHelpArticle,
  saveHelpGroup,
  sortHelp,
} from '~/lib/stores/admin-content';
import { Modal } from '../ui/Modal';
import { RichText } from '../ui/RichText';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { Badge } from '../ui/Badge';
import { Table, td, Th } from '../ui/Table';
import { linkBtn, primaryBtn } from '../ui/buttons';
import { inputCls, StackField } from '../ui/form';
import { LoadedList } from '../ui/states';

interface Editing {
  id: number;
  group_id: number;
  title: string;
  content: string;
  status: 0 | 1;
}

/** /admin/help: help groups (ordered) and the articles of the chosen group (ordered). */
export default function HelpPage() {
  const groups = useLoad(() => fetchHelpGroups({ limit: 50 }));
  const [groupId, setGroupId] = useState(0);
  const current = groupId || groups.data?.list[0]?.id || 0;
  const items = useLoad(
    async () => (current ? fetchHelpArticles({ group_id: current, limit: 50 }) : { list: [], total: 0, page: 1, limit: 50 }),
    current,
  );
  const [name, setName] = useState({ id: 0, name: '' });
  const [edit, setEdit] = useState<Editing | null>(null);
  const act = useAction();
  const gIds = groups.data?.list.map((g) => g.id) ?? [];
  const aIds = items.data?.list.map((a) => a.id) ?? [];
  async function openArticle(id: number) {
    const a = await act.run(() => fetchHelpArticle({ id }));
    if (a) setEdit({ id: a.id, group_id: a.group_id, title: a.title, content: a.content, status: a.status });
  }
  return (
    <div className="flex gap-6">
      <aside className="w-72 shrink-0 rounded border border-line p-4" aria-label="帮助分组">
        <h2 className="mb-3 font-600">分组</h2>
        <LoadedList q={groups} empty="还没有分组">
          {(data) => (
            <ul className="mb-4 text-sm">
              {data.list.map((g, i) => (
                <li
                  key={g.id}
                  className={`flex items-center gap-1 rounded px-2 py-2 ${g.id === current ? 'bg-brand-tint text-brand' : ''}`}
                >
                  <button type="button" className="flex-1 text-left" onClick={() => setGroupId(g.id)}>
                    {g.name}
                    <span className="ml-1 text-xs text-ink-mute">{g.articles}</span>
                  </button>
                  <button
                    type="button"
                    className={linkBtn}
                    aria-label={`上移${g.name}`}
                    disabled={i === 0 || act.busy}
                    onClick={() => void act.run(() => sortHelp({ kind: 'group', ids: moveId(gIds, g.id, -1) })).then(groups.reload)}
                  >
                    <span className="i-ri-arrow-up-line" />
                  </button>
                  <button
                    type="button"
                    className={linkBtn}
                    aria-label={`下移${g.name}`}
                    disabled={i === data.list.length - 1 || act.busy}
                    onClick={() => void act.run(() => sortHelp({ kind: 'group', ids: moveId(gIds, g.id, 1) })).then(groups.reload)}
                  >
                    <span className="i-ri-arrow-down-line" />
                  </button>
                  <button type="button" className={linkBtn} onClick={() => setName({ id: g.id, name: g.name })}>
                    改
                  </button>
                  <button
                    type="button"
                    className="text-sm text-danger-strong"
                    disabled={act.busy}
                    onClick={() => void act.run(() => deleteHelpGroup({ id: g.id }), { done: '已删除' }).then(groups.reload)}
                  >
                    删
                  </button>
                </li>
              ))}
            </ul>
          )}
        </LoadedList>
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void act
              .run(() => saveHelpGroup({ ...(name.id ? { id: name.id } : {}), name: name.name }), { done: '分组已保存' })
              .then((r) => r && (setName({ id: 0, name: '' }), groups.reload()));
          }}
        >
          <input
            className={inputCls}
            placeholder="分组名称"
            aria-label="分组名称"
            value={name.name}
            maxLength={32}
            onChange={(e) => setName({ ...name, name: e.target.value })}
          />
          <button type="submit" className={primaryBtn} disabled={act.busy}>
            {name.id ? '保存' : '新增'}
          </button>
        </form>
      </aside>
      <div className="min-w-0 flex-1">
        <div className="mb-4 flex">
          <button
            type="button"
            className={`${primaryBtn} ml-auto`}
            disabled={!current}
            onClick={() => setEdit({ id: 0, group_id: current, title: '', content: '', status: 1 })}
          >
            新增帮助文章
          </button>
        </div>
        <LoadedList q={items} empty="该分组还没有文章">
          {(data) => (
            <Table
              label="帮助文章"
              head={
                <>
                  <Th>标题</Th>
                  <Th>状态</Th>
                  <Th>更新时间</Th>
                  <Th>排序</Th>
                  <Th>操作</Th>
                </>
              }
            >
              {data.list.map((a, i) => (
                <tr key={a.id}>
                  <td className={td}>{a.title}</td>
                  <td className={td}>
                    <Badge on={a.status === 1} onText="显示" offText="隐藏" />
                  </td>
                  <td className={`${td} text-ink-soft`}>{formatDateTime(a.updated_at)}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <button
                      type="button"
                      className={`${linkBtn} mr-2`}
                      aria-label={`上移${a.title}`}
                      disabled={i === 0 || act.busy}
                      onClick={() =>
                        void act.run(() => sortHelp({ kind: 'article', group_id: current, ids: moveId(aIds, a.id, -1) })).then(items.reload)
                      }
                    >
                      <span className="i-ri-arrow-up-line" />
                    </button>
                    <button
                      type="button"
                      className={linkBtn}
                      aria-label={`下移${a.title}`}
                      disabled={i === data.list.length - 1 || act.busy}
                      onClick={() =>
                        void act.run(() => sortHelp({ kind: 'article', group_id: current, ids: moveId(aIds, a.id, 1) })).then(items.reload)
                      }
                    >
                      <span className="i-ri-arrow-down-line" />
                    </button>
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    <button type="button" className={`${linkBtn} mr-3`} onClick={() => void openArticle(a.id)}>
                      编辑
                    </button>
                    <button
                      type="button"
                      className="text-sm text-danger-strong"
                      disabled={act.busy}
                      onClick={() =>
                        confirm(`删除「${a.title}」？`) &&
                        void act
                          .run(() => deleteHelpArticle({ id: a.id }), { done: '已删除' })
                          .then(() => (items.reload(), groups.reload()))
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
      </div>
      {edit && (
        <Modal
          open
          title={edit.id ? '编辑帮助文章' : '新增帮助文章'}
          width={720}
          onClose={() => setEdit(null)}
          footer={
            <button type="submit" form="help-article-form" className={primaryBtn} disabled={act.busy}>
              保存
            </button>
          }
        >
          <form
            id="help-article-form"
            onSubmit={(e) => {
              e.preventDefault();
              const { id, ...rest } = edit;
              void act
                .run(() => saveHelpArticle({ ...rest, ...(id ? { id } : {}) }), { done: '已保存' })
                .then((r) => r && (setEdit(null), items.reload(), groups.reload()));
            }}
          >
            <div className="grid grid-cols-2 gap-3">
              <StackField label="标题">
                <input
                  className={inputCls}
                  value={edit.title}
                  maxLength={120}
                  onChange={(e) => setEdit({ ...edit, title: e.target.value })}
                />
              </StackField>
              <StackField label="分组">
                <select className={inputCls} value={edit.group_id} onChange={(e) => setEdit({ ...edit, group_id: Number(e.target.value) })}>
                  {groups.data?.list.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                    </option>
                  ))}
                </select>
              </StackField>
            </div>
            <div className="mb-4 text-sm">
              <span className="mb-1 block text-ink-soft">正文</span>
              <RichText
                label="帮助正文"
                initial={edit.content}
                onChange={(content) => setEdit((x) => (x ? { ...x, content } : x))}
                upload={adminUpload}
              />
            </div>
            <label className="mb-4 flex items-center gap-2 text-sm">
              <input type="checkbox" checked={edit.status === 1} onChange={(e) => setEdit({ ...edit, status: e.target.checked ? 1 : 0 })} />
              在帮助中心显示
            </label>
          </form>
        </Modal>
      )}
    </div>
  );
}
