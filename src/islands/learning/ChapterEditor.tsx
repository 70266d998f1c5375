import { useRef, useState } from 'react';
import type { Chapter } from '~/lib/api/contract/learn';
import { CHAPTER_LIMITS, clock } from '~/lib/rules/learn';
import { chapterBody, chapterForm, deleteChapter, emptyChapter, loadChapters, saveChapter, type ChapterForm } from '~/lib/stores/learn';
import { InputError } from '~/lib/stores/action';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

/**
 * The coach marks 招式 on the lesson's timeline (SPEC §5 learning tools): name, start, optional end
 * and a note; a preview video gives the current time (设为开始 / 设为结束). Kept in time order.
 */
export function ChapterEditor(props: { lessonId: number; video: string }) {
  const data = useLoad(() => loadChapters(props.lessonId), props.lessonId);
  const [form, setForm] = useState<ChapterForm>(emptyChapter(props.lessonId));
  const preview = useRef<HTMLVideoElement>(null);
  const act = useAction();
  if (data.error)
    return (
      <p role="alert" className="text-danger">
        {data.error}
      </p>
    );
  if (!data.data) return <p className="py-6 text-ink-mute">加载中…</p>;
  const { duration, list } = data.data;
  const set = <K extends keyof ChapterForm>(k: K, v: ChapterForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const now = () => clock(preview.current?.currentTime ?? 0);

  function save() {
    const r = chapterBody(form, duration);
    void act
      .run(
        async () => {
          if ('error' in r) throw new InputError(r.error);
          return saveChapter(r.body);
        },
        { done: '招式已保存' },
      )
      .then((c) => c && (setForm(emptyChapter(props.lessonId)), data.reload()));
  }
  function remove(c: Chapter) {
    if (!confirm(`确定删除招式「${c.name}」吗？`)) return;
    void act.run(() => deleteChapter(c.id), { done: '已删除' }).then(data.reload);
  }
  const seek = (s: number) => preview.current && (preview.current.currentTime = s);

  return (
    <section className="mt-8 max-w-[960px] border-t border-line pt-6" data-testid="chapter-editor" aria-labelledby="chapter-editor-title">
      <h2 id="chapter-editor-title" className="mb-1 text-lg font-600 text-ink">
        招式标记
      </h2>
      <p className="mb-4 text-sm text-ink-mute">
        在时间轴上标出本课的每个招式，学员点一下即可跳到该招式并循环练习。招式名称对未购买的用户也可见。
      </p>
      <div className="flex items-start gap-6">
        <div className="w-[400px] shrink-0">
          {props.video ? (
            // eslint-disable-next-line jsx-a11y/media-has-caption -- a preview for picking times; lessons carry no captions
            <video ref={preview} src={props.video} controls className="aspect-video w-full rounded bg-black" aria-label="预览视频" />
          ) : (
            <p className="rounded bg-page p-6 text-center text-sm text-ink-mute">上传视频后可在预览中选取时间</p>
          )}
          {duration > 0 && <p className="mt-1 text-xs text-ink-mute">视频时长 {clock(duration)}</p>}
        </div>
        <div className="min-w-0 flex-1">
          <div className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 text-sm">
            <label htmlFor="ch-name">名称</label>
            <input
              id="ch-name"
              className="gf-input"
              maxLength={CHAPTER_LIMITS.name}
              value={form.name}
              placeholder="如：白鹤亮翅"
              onChange={(e) => set('name', e.target.value)}
            />
            <label htmlFor="ch-start">开始</label>
            <span className="flex gap-2">
              <input
                id="ch-start"
                className="gf-input w-28"
                value={form.start}
                placeholder="分:秒"
                onChange={(e) => set('start', e.target.value)}
              />
              <button type="button" className="gf-btn-ghost h-9 px-3" onClick={() => set('start', now())} disabled={!props.video}>
                设为开始
              </button>
            </span>
            <label htmlFor="ch-end">结束</label>
            <span className="flex gap-2">
              <input
                id="ch-end"
                className="gf-input w-28"
                value={form.end}
                placeholder="可不填"
                onChange={(e) => set('end', e.target.value)}
              />
              <button type="button" className="gf-btn-ghost h-9 px-3" onClick={() => set('end', now())} disabled={!props.video}>
                设为结束
              </button>
            </span>
            <label htmlFor="ch-note">要领</label>
            <input
              id="ch-note"
              className="gf-input"
              maxLength={CHAPTER_LIMITS.note}
              value={form.note}
              placeholder="选填，学员练到此招时可见"
              onChange={(e) => set('note', e.target.value)}
            />
          </div>
          <div className="mt-3 flex gap-2">
            <button type="button" className="gf-btn-primary h-9 px-4" onClick={save} disabled={act.busy} data-testid="chapter-save">
              {form.id ? '保存修改' : '添加招式'}
            </button>
            {form.id && (
              <button type="button" className="gf-btn-ghost h-9 px-4" onClick={() => setForm(emptyChapter(props.lessonId))}>
                取消编辑
              </button>
            )}
          </div>
          {list.length === 0 ? (
            <p className="mt-4 text-sm text-ink-mute">还没有标记招式。</p>
          ) : (
            <ol className="mt-4 divide-y divide-line rounded border border-line" data-testid="chapter-rows">
              {list.map((c) => (
                <li key={c.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <button type="button" className="w-24 shrink-0 text-left text-brand" onClick={() => seek(c.start_s)}>
                    {clock(c.start_s)}
                    {c.end_s !== null && ` – ${clock(c.end_s)}`}
                  </button>
                  <span className="min-w-0 flex-1 truncate text-ink" title={c.note}>
                    {c.name}
                    {c.note && <span className="ml-2 text-ink-mute">{c.note}</span>}
                  </span>
                  <button type="button" className="text-ink-soft hover:text-brand" onClick={() => setForm(chapterForm(c))}>
                    编辑
                  </button>
                  <button type="button" className="text-ink-soft hover:text-danger" onClick={() => remove(c)} disabled={act.busy}>
                    删除
                  </button>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}
