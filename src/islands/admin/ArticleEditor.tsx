import { useState } from 'react';
import { adminUpload, fetchArticle, fetchArticleCates, saveArticle } from '~/lib/stores/admin-content';
import { RichText } from '../ui/RichText';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { ImageInput } from './ImageInput';
import { btn, primaryBtn } from '../ui/buttons';
import { inputCls, StackField } from '../ui/form';

interface Form {
  category_id: number;
  title: string;
  summary: string;
  author: string;
  cover: string;
  content: string;
}

/** /admin/articles/edit[?id=]: one article with the rich-text editor; save as draft or publish. */
export default function ArticleEditor(props: { id: number | null }) {
  const cates = useLoad(() => fetchArticleCates({ limit: 50 }));
  const article = useLoad(async () => (props.id ? fetchArticle({ id: props.id }) : null), props.id ?? 0);
  if ((props.id && article.error && !article.data) || (cates.error && !cates.data))
    return (
      <p role="alert" className="py-10 text-center text-ink-soft">
        {article.error || cates.error}
        <a href="/admin/articles" className="ml-3 text-brand">
          返回列表
        </a>
      </p>
    );
  if (!cates.data || (props.id && !article.data)) return <p className="py-10 text-center text-ink-mute">正在加载…</p>;
  if (!cates.data.list.length) return <p className="py-10 text-center text-ink-soft">还没有资讯分类，请先在文章列表右侧新增分类。</p>;
  const a = article.data;
  const initial: Form = a
    ? { category_id: a.category_id, title: a.title, summary: a.summary, author: a.author, cover: a.cover, content: a.content }
    : { category_id: cates.data.list[0]?.id ?? 0, title: '', summary: '', author: '', cover: '', content: '' };
  return <EditorForm id={props.id} initial={initial} status={a?.status ?? 0} cates={cates.data.list} />;
}

function EditorForm(props: { id: number | null; initial: Form; status: 0 | 1; cates: { id: number; name: string }[] }) {
  const [form, setForm] = useState(props.initial);
  const save = useAction();
  const set = (f: Partial<Form>) => setForm({ ...form, ...f });
  function submit(status: 0 | 1) {
    void save
      .run(() => saveArticle({ ...(props.id ? { id: props.id } : {}), ...form, status }), {
        done: status ? '已发布' : '草稿已保存',
      })
      .then((r) => {
        if (r) location.assign(status ? '/admin/articles' : `/admin/articles/edit?id=${r.id}`);
      });
  }
  return (
    <form className="max-w-[860px]" onSubmit={(e) => e.preventDefault()} aria-label="编辑文章">
      <div className="grid grid-cols-2 gap-4">
        <StackField label="标题">
          <input className={inputCls} value={form.title} maxLength={120} onChange={(e) => set({ title: e.target.value })} />
        </StackField>
        <StackField label="分类">
          <select className={inputCls} value={form.category_id} onChange={(e) => set({ category_id: Number(e.target.value) })}>
            {props.cates.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </StackField>
        <StackField label="作者">
          <input className={inputCls} value={form.author} maxLength={32} onChange={(e) => set({ author: e.target.value })} />
        </StackField>
        <StackField label="摘要" hint="列表中显示，最多 300 字">
          <input className={inputCls} value={form.summary} maxLength={300} onChange={(e) => set({ summary: e.target.value })} />
        </StackField>
      </div>
      <ImageInput label="封面" value={form.cover} onChange={(cover) => set({ cover })} />
      <div className="mb-4 text-sm">
        <span className="mb-1 block text-ink-soft">正文</span>
        <RichText label="正文" initial={props.initial.content} onChange={(content) => set({ content })} upload={adminUpload} />
      </div>
      <div className="flex gap-3">
        <button type="button" className={primaryBtn} disabled={save.busy} onClick={() => submit(1)}>
          {props.status ? '保存并保持发布' : '发布'}
        </button>
        <button type="button" className={`${btn} border border-line`} disabled={save.busy} onClick={() => submit(0)}>
          {props.status ? '撤回为草稿并保存' : '存为草稿'}
        </button>
        <a href="/admin/articles" className={`${btn} inline-flex items-center text-ink-soft`}>
          返回列表
        </a>
      </div>
    </form>
  );
}
