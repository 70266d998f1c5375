import { useState } from 'react';
import { formatDateTime } from '~/lib/format';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad, type Loaded } from '../ui/useLoad';
import type { ApiOutput } from '~/lib/api/types';
import {
  deleteArticle,
  deleteArticleCate,
  fetchArticleCates,
  fetchArticles,
  saveArticleCate,
  setArticleStatus,
} from '~/lib/stores/admin-content';
import { Badge } from '../ui/Badge';
import { Table, td, Th } from '../ui/Table';
import { linkBtn, primaryBtn } from '../ui/buttons';
import { inputCls } from '../ui/form';
import { LoadedList } from '../ui/states';

const LIMIT = 15;
type Status = 'all' | 'published' | 'draft';

/** /admin/articles: news with filters and paging, publish/unpublish/delete, and the categories. */
export default function ArticlesPage(props: { initialStatus?: Status }) {
  const [filter, setFilter] = useState<{ cate_id: number; status: Status; keyword: string }>({
    cate_id: 0,
    status: props.initialStatus ?? 'all',
    keyword: '',
  });
  const [draft, setDraft] = useState('');
  const [page, setPage] = useState(1);
  const cates = useLoad(() => fetchArticleCates({ limit: 50 }));
  const q = useLoad(
    () =>
      fetchArticles({
        page,
        limit: LIMIT,
        status: filter.status,
        keyword: filter.keyword,
        ...(filter.cate_id ? { cate_id: filter.cate_id } : {}),
      }),
    JSON.stringify([filter, page]),
  );
  const act = useAction();
  const set = (f: Partial<typeof filter>) => {
    setPage(1);
    setFilter({ ...filter, ...f });
  };
  return (
    <div className="flex gap-6">
      <div className="min-w-0 flex-1">
        <div className="mb-4 flex items-center gap-3 text-sm">
          <select
            className={`${inputCls} w-36`}
            aria-label="分类"
            value={filter.cate_id}
            onChange={(e) => set({ cate_id: Number(e.target.value) })}
          >
            <option value={0}>全部分类</option>
            {cates.data?.list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <select
            className={`${inputCls} w-28`}
            aria-label="状态"
            value={filter.status}
            onChange={(e) => set({ status: e.target.value as Status })}
          >
            <option value="all">全部状态</option>
            <option value="published">已发布</option>
            <option value="draft">草稿</option>
          </select>
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              set({ keyword: draft.trim() });
            }}
          >
            <input
              className={`${inputCls} w-48`}
              placeholder="标题关键字"
              aria-label="标题关键字"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
            <button type="submit" className={primaryBtn}>
              搜索
            </button>
          </form>
          <a href="/admin/articles/edit" className={`${primaryBtn} ml-auto inline-flex items-center`}>
            <span className="i-ri-add-line mr-1" />
            写文章
          </a>
        </div>
        <LoadedList q={q} empty="没有符合条件的文章">
          {(data) => (
            <Table
              label="文章列表"
              head={
                <>
                  <Th>标题</Th>
                  <Th>分类</Th>
                  <Th>状态</Th>
                  <Th>浏览</Th>
                  <Th>发布时间</Th>
                  <Th>操作</Th>
                </>
              }
            >
              {data.list.map((a) => (
                <tr key={a.id}>
                  <td className={`${td} max-w-[320px] truncate`}>{a.title}</td>
                  <td className={td}>{a.category_name}</td>
                  <td className={td}>
                    <Badge on={a.status === 1} onText="已发布" offText="草稿" />
                  </td>
                  <td className={td}>{a.views}</td>
                  <td className={`${td} whitespace-nowrap text-ink-soft`}>{formatDateTime(a.published_at)}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <a className={`${linkBtn} mr-3`} href={`/admin/articles/edit?id=${a.id}`}>
                      编辑
                    </a>
                    <button
                      type="button"
                      className={`${linkBtn} mr-3`}
                      disabled={act.busy}
                      onClick={() =>
                        void act
                          .run(() => setArticleStatus({ id: a.id, status: a.status ? 0 : 1 }), {
                            done: a.status ? '已撤回为草稿' : '已发布',
                          })
                          .then(q.reload)
                      }
                    >
                      {a.status ? '撤回' : '发布'}
                    </button>
                    {a.status === 1 && (
                      <a className={`${linkBtn} mr-3`} href={`/article/detail?id=${a.id}`} target="_blank" rel="noopener">
                        查看
                      </a>
                    )}
                    <button
                      type="button"
                      className="text-sm text-danger-strong hover:underline"
                      disabled={act.busy}
                      onClick={() => {
                        if (confirm(`删除「${a.title}」？删除后不可恢复。`))
                          void act.run(() => deleteArticle({ id: a.id }), { done: '已删除' }).then(q.reload);
                      }}
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
      </div>
      <Categories cates={cates} onChange={() => (cates.reload(), q.reload())} />
    </div>
  );
}

function Categories(props: { cates: Loaded<ApiOutput<'/admin/articleCates'>>; onChange: () => void }) {
  const [form, setForm] = useState({ id: 0, name: '', sort: 0 });
  const act = useAction();
  const data = props.cates.data;
  return (
    <aside className="w-72 shrink-0 rounded border border-line p-4" aria-label="资讯分类">
      <h2 className="mb-3 font-600">资讯分类</h2>
      {!data ? (
        <p className="text-sm text-ink-mute">{props.cates.error || '正在加载…'}</p>
      ) : (
        <ul className="mb-4 text-sm">
          {data.list.map((c) => (
            <li key={c.id} className="flex items-center gap-2 border-b border-line py-2">
              <span className="flex-1">
                {c.name}
                <span className="ml-1 text-xs text-ink-mute">
                  {c.articles} 篇 · 排序 {c.sort}
                </span>
              </span>
              <button type="button" className={linkBtn} onClick={() => setForm({ id: c.id, name: c.name, sort: c.sort })}>
                改
              </button>
              <button
                type="button"
                className="text-sm text-danger-strong"
                disabled={act.busy}
                onClick={() => void act.run(() => deleteArticleCate({ id: c.id }), { done: '已删除' }).then(props.onChange)}
              >
                删
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void act
            .run(() => saveArticleCate({ ...(form.id ? { id: form.id } : {}), name: form.name, sort: form.sort }), {
              done: '分类已保存',
            })
            .then((r) => {
              if (r) {
                setForm({ id: 0, name: '', sort: 0 });
                props.onChange();
              }
            });
        }}
      >
        <input
          className={inputCls}
          placeholder="分类名称"
          aria-label="分类名称"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <input
          className={inputCls}
          type="number"
          min={0}
          aria-label="分类排序"
          value={form.sort}
          onChange={(e) => setForm({ ...form, sort: Number(e.target.value) })}
        />
        <div className="flex gap-2">
          <button type="submit" className={primaryBtn} disabled={act.busy}>
            {form.id ? '保存修改' : '新增分类'}
          </button>
          {form.id > 0 && (
            <button type="button" className={linkBtn} onClick={() => setForm({ id: 0, name: '', sort: 0 })}>
              取消
            </button>
          )}
        </div>
      </form>
    </aside>
  );
}
