import { useState } from 'react';
import type { SellerAssignment } from '~/lib/api/contract/homework';
import { HOMEWORK_LIMITS } from '~/lib/rules/homework';
import { dueDay, dueText, loadAssignments, saveAssignment, withdrawAssignment, type AssignmentDraft } from '~/lib/stores/homework';
import { inputCls } from '../ui/form';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

type Target = { lesson_id: number } | { class_id: number };
const EMPTY: AssignmentDraft = { title: '', body: '', due_day: '' };

/**
 * 布置作业 on a lesson (the coach's lesson list) or a class (班级管理): a button opening the target's
 * assignments — set a new one, edit an open one, withdraw it (videos already handed in stay).
 */
export function AssignmentButton(props: { target: Target; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="gf-btn-ghost h-8 px-3" onClick={() => setOpen(true)} data-testid="assign-homework">
        布置作业
      </button>
      {open && (
        <Modal open title={`布置作业：${props.name}`} width={560} onClose={() => setOpen(false)}>
          <Editor target={props.target} />
        </Modal>
      )}
    </>
  );
}

function Editor(props: { target: Target }) {
  const q = useLoad(() => loadAssignments(props.target));
  const [editing, setEditing] = useState<SellerAssignment | null>(null);
  const [draft, setDraft] = useState<AssignmentDraft>(EMPTY);
  const act = useAction();
  async function save() {
    const saved = await act.run(() => saveAssignment(props.target, draft, editing?.id), { done: editing ? '作业已保存' : '作业已布置' });
    if (!saved) return;
    setEditing(null);
    setDraft(EMPTY);
    q.reload();
  }
  async function withdraw(a: SellerAssignment) {
    if (!confirm(`撤回「${a.title}」后学员不能再提交，已提交的视频保留。确定撤回吗？`)) return;
    if (await act.run(() => withdrawAssignment(a.id), { done: '作业已撤回' })) q.reload();
  }
  return (
    <div className="flex flex-col gap-4 p-6 pt-2 text-sm">
      {q.error && (
        <p role="alert" className="text-danger">
          {q.error}
        </p>
      )}
      {!q.data && !q.error && <p className="text-ink-mute">加载中…</p>}
      {q.data && q.data.length > 0 && (
        <ul className="flex flex-col gap-2" data-testid="assignment-list">
          {q.data.map((a) => (
            <li key={a.id} className="rounded border border-line p-3">
              <p className="flex items-center justify-between gap-2">
                <span className="font-600 text-ink">{a.title}</span>
                <span className="text-xs text-ink-mute">{a.status === 1 ? dueText(a.due_at) : '已撤回'}</span>
              </p>
              {a.body && <p className="mt-1 whitespace-pre-line text-ink-soft">{a.body}</p>}
              <p className="mt-2 flex items-center gap-3 text-xs text-ink-mute">
                已交 {a.submissions} 份 · 待点评 {a.unreviewed} 份
                <a className="gf-link" href="/coach/homework">
                  去点评
                </a>
                {a.status === 1 && (
                  <>
                    <button
                      type="button"
                      className="gf-link"
                      onClick={() => (setEditing(a), setDraft({ title: a.title, body: a.body, due_day: dueDay(a.due_at) }))}
                    >
                      编辑
                    </button>
                    <button type="button" className="gf-link" disabled={act.busy} onClick={() => void withdraw(a)}>
                      撤回
                    </button>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {q.data && q.data.length === 0 && <p className="text-ink-mute">还没有布置作业。</p>}
      <form
        className="flex flex-col gap-3 border-t border-line pt-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p className="font-600 text-ink">{editing ? `编辑：${editing.title}` : '新作业'}</p>
        <label className="block">
          <span className="mb-1 block text-ink-soft">标题</span>
          <input
            className={inputCls}
            value={draft.title}
            maxLength={HOMEWORK_LIMITS.titleMax}
            placeholder="例如：演练本节第一至第四式"
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
          />
        </label>
        <label className="block">
          <span className="mb-1 block text-ink-soft">要求（选填）</span>
          <textarea
            className="w-full rounded border border-line p-2 text-sm outline-none focus:border-brand-accent"
            rows={3}
            value={draft.body}
            maxLength={HOMEWORK_LIMITS.bodyMax}
            placeholder="例如：正面和侧面各拍一遍，全身入镜"
            onChange={(e) => setDraft({ ...draft, body: e.target.value })}
          />
        </label>
        <label className="block">
          <span className="mb-1 block text-ink-soft">截止日期（选填，当天 24 点截止）</span>
          <input
            type="date"
            className={`${inputCls} w-48`}
            value={draft.due_day}
            onChange={(e) => setDraft({ ...draft, due_day: e.target.value })}
          />
        </label>
        <div className="flex gap-3">
          <button type="submit" className="gf-btn-primary" disabled={act.busy}>
            {editing ? '保存修改' : '布置作业'}
          </button>
          {editing && (
            <button type="button" className="gf-btn-ghost" onClick={() => (setEditing(null), setDraft(EMPTY))}>
              取消编辑
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
