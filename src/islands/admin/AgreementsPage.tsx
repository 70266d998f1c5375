import { useState } from 'react';
import type { PageSlug } from '~/lib/api/contract/content';
import { formatDateTime } from '~/lib/format';
import { adminUpload, fetchAgreement, fetchAgreements, saveAgreement } from '~/lib/stores/admin-content';
import { RichText } from '../ui/RichText';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { Table, td, Th } from '../ui/Table';
import { linkBtn, primaryBtn } from '../ui/buttons';
import { inputCls, StackField } from '../ui/form';
import { LoadedList } from '../ui/states';

/** /admin/agreements: the fixed agreement pages; their addresses never change, titles and bodies do. */
export default function AgreementsPage() {
  const q = useLoad(() => fetchAgreements({ limit: 50 }));
  const [slug, setSlug] = useState<PageSlug | null>(null);
  if (slug) return <PageEditor slug={slug} onBack={() => (setSlug(null), q.reload())} />;
  return (
    <LoadedList q={q} empty="没有协议页面">
      {(data) => (
        <Table
          label="协议页面"
          head={
            <>
              <Th>标题</Th>
              <Th>地址</Th>
              <Th>更新时间</Th>
              <Th>操作</Th>
            </>
          }
        >
          {data.list.map((p) => (
            <tr key={p.slug}>
              <td className={td}>{p.title || <span className="text-ink-mute">（未填写）</span>}</td>
              <td className={td}>
                <a className="font-mono text-xs hover:text-brand" href={p.path} target="_blank" rel="noopener">
                  {p.path}
                </a>
              </td>
              <td className={`${td} text-ink-soft`}>{p.updated_at ? formatDateTime(p.updated_at) : '—'}</td>
              <td className={td}>
                <button type="button" className={linkBtn} onClick={() => setSlug(p.slug)}>
                  编辑
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </LoadedList>
  );
}

function PageEditor(props: { slug: PageSlug; onBack: () => void }) {
  const q = useLoad(() => fetchAgreement({ slug: props.slug }), props.slug);
  if (!q.data) return <p className="py-10 text-center text-ink-mute">{q.error || '正在加载…'}</p>;
  return <PageForm {...props} title={q.data.title} content={q.data.content} path={q.data.path} />;
}

function PageForm(props: { slug: PageSlug; title: string; content: string; path: string; onBack: () => void }) {
  const [title, setTitle] = useState(props.title);
  const [content, setContent] = useState(props.content);
  const save = useAction();
  return (
    <form
      className="max-w-[860px]"
      onSubmit={(e) => {
        e.preventDefault();
        void save
          .run(() => saveAgreement({ slug: props.slug, title, content }), { done: '协议已保存' })
          .then((r) => r !== undefined && props.onBack());
      }}
    >
      <p className="mb-3 text-sm text-ink-soft">
        地址：<span className="font-mono">{props.path}</span>（固定不变）
      </p>
      <StackField label="标题">
        <input className={inputCls} value={title} maxLength={64} onChange={(e) => setTitle(e.target.value)} />
      </StackField>
      <div className="mb-4 text-sm">
        <span className="mb-1 block text-ink-soft">正文</span>
        <RichText label="协议正文" initial={props.content} onChange={setContent} upload={adminUpload} />
      </div>
      <div className="flex gap-3">
        <button type="submit" className={primaryBtn} disabled={save.busy}>
          保存
        </button>
        <button type="button" className={linkBtn} onClick={props.onBack}>
          返回列表
        </button>
      </div>
    </form>
  );
}
