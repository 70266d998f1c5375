import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Note } from '~/lib/api/contract/learn';
import { clock, NOTE_LIMITS } from '~/lib/rules/learn';
import { deleteNote, loadNotes, saveNote, withNote } from '~/lib/stores/learn';
import type { TechniquePlayer } from '~/lib/stores/technique-player';
import { useSession } from '../chrome/useSession';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

/**
 * Private notes at moments of the lesson playing (SPEC §5 learning tools): 记笔记 takes the current
 * time; the list is in time order and a click seeks there; edit and delete. Only the member sees them.
 */
export function LessonNotes(props: { player: TechniquePlayer; lessonId: number; phone?: boolean }) {
  const { ready, user } = useSession();
  if (!ready) return null;
  if (!user)
    return <p className={`text-sm text-ink-mute ${props.phone ? 'bg-white px-3 py-3' : 'mt-3'}`}>登录后可以在视频的任意时刻记笔记</p>;
  return <Notes {...props} />;
}

function Notes({ player, lessonId, phone }: { player: TechniquePlayer; lessonId: number; phone?: boolean }) {
  const data = useLoad(() => loadNotes(lessonId), lessonId);
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [draft, setDraft] = useState<{ id?: number; at_s: number; body: string } | null>(null);
  const act = useAction();
  const { t } = useStore(player.$time);
  const list = notes ?? data.data ?? [];
  const btn = phone ? 'min-h-11 px-3' : 'h-8 px-3';

  function save() {
    if (!draft) return;
    void act
      .run(() => saveNote({ ...draft, lesson_id: lessonId }), { done: '笔记已保存' })
      .then((n) => n && (setNotes(withNote(list, n)), setDraft(null)));
  }
  function remove(n: Note) {
    if (!confirm('确定删除这条笔记吗？')) return;
    void act.run(() => deleteNote(n.id), { done: '已删除' }).then((r) => r !== undefined && setNotes(list.filter((x) => x.id !== n.id)));
  }

  return (
    <section className={phone ? 'mt-2 bg-white px-3 py-2' : 'mt-4'} aria-labelledby="notes-title" data-testid="lesson-notes">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="notes-title" className="text-[15px] font-600 text-ink">
          我的笔记 <span className="text-sm font-400 text-ink-mute">仅自己可见</span>
        </h2>
        <button type="button" className={`gf-btn-primary ${btn}`} onClick={() => setDraft({ at_s: Math.floor(t), body: '' })}>
          <span className="i-ri-edit-2-line mr-1" aria-hidden="true" />
          记笔记
        </button>
      </div>
      {draft && (
        <div className="mb-3 rounded-lg border border-line bg-page p-3">
          <p className="mb-1 text-sm text-ink-soft">时间 {clock(draft.at_s)}</p>
          <textarea
            className="gf-input h-20 w-full resize-y py-2"
            maxLength={NOTE_LIMITS.body}
            value={draft.body}
            placeholder="这一刻的要领、自己的问题……"
            aria-label="笔记内容"
            onChange={(e) => setDraft({ ...draft, body: e.target.value })}
          />
          <div className="mt-2 flex justify-end gap-2">
            <button type="button" className={`gf-btn-ghost ${btn}`} onClick={() => setDraft(null)}>
              取消
            </button>
            <button type="button" className={`gf-btn-primary ${btn}`} disabled={act.busy} onClick={save}>
              保存笔记
            </button>
          </div>
        </div>
      )}
      {data.error && !notes ? (
        <p role="alert" className="text-sm text-danger">
          {data.error}
        </p>
      ) : !data.data && !notes ? (
        <p className="text-sm text-ink-mute">加载中…</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-ink-mute">还没有笔记。看到要紧处，点「记笔记」记下这一刻。</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line" data-testid="note-list">
          {list.map((n) => (
            <li key={n.id} className="flex items-start gap-3 py-2">
              <button
                type="button"
                className={`shrink-0 rounded bg-brand-light px-2 text-sm text-brand ${phone ? 'min-h-11' : 'h-7'}`}
                onClick={() => player.seek(n.at_s)}
                aria-label={`跳到 ${clock(n.at_s)}`}
              >
                {clock(n.at_s)}
              </button>
              <p className="min-w-0 flex-1 whitespace-pre-wrap break-words pt-0.5 text-sm text-ink">{n.body}</p>
              <button
                type="button"
                className={`shrink-0 text-sm text-ink-mute hover:text-brand ${phone ? 'min-h-11 px-2' : ''}`}
                onClick={() => setDraft({ id: n.id, at_s: n.at_s, body: n.body })}
              >
                编辑
              </button>
              <button
                type="button"
                className={`shrink-0 text-sm text-ink-mute hover:text-danger ${phone ? 'min-h-11 px-2' : ''}`}
                onClick={() => remove(n)}
              >
                删除
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
