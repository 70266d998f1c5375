import { Fragment, useState } from 'react';
import { formatDateTime } from '~/lib/format';
import { img } from '~/lib/media';
import { HOMEWORK_LIMITS, HOMEWORK_STATUS_TEXT, homeworkViewHref } from '~/lib/rules/homework';
import { HOMEWORK_VIDEOS, dueText, homeworkStateText, submitHomework, type MyAssignment } from '~/lib/stores/homework';
import { useAction } from '../ui/useAction';
import { VideoPicker } from '../ui/VideoPicker';

/**
 * One assignment as the learner sees it: what to practise, the due date, each attempt (linking to
 * the coach's critique) and, while allowed, 提交作业 — upload (or, on a phone, film) a practice
 * video and hand it in with a short note.
 */
export function AssignmentCard(props: {
  a: MyAssignment;
  phone?: boolean | undefined;
  showTarget?: boolean;
  onChange: (a: MyAssignment) => void;
}) {
  const { a } = props;
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-lg border border-line bg-white p-4" data-testid="homework-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-[15px] font-600 text-ink">{a.title}</p>
          {props.showTarget && (
            <a href={a.href} className="mt-1 block truncate text-xs text-ink-soft hover:text-brand">
              {a.target === 'lesson' ? '课时' : '班级'}：{a.target_title}
            </a>
          )}
        </div>
        <span className="shrink-0 rounded bg-page px-2 py-0.5 text-xs text-brand" data-testid="homework-state">
          {homeworkStateText(a)}
        </span>
      </div>
      {a.body && <p className="mt-2 whitespace-pre-line text-sm text-ink-soft">{a.body}</p>}
      <p className="mt-2 text-xs text-ink-mute">
        {dueText(a.due_at)}
        {a.status === 0 && ' · 教练已撤回此作业'}
      </p>
      {a.attempts.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2">
          {a.attempts.map((s) => (
            <li key={s.id} className="flex items-center gap-3 text-sm">
              {s.poster ? (
                <img src={img(s.poster)} width={64} height={36} alt="" className="h-9 w-16 rounded object-cover" />
              ) : (
                <span className="flex h-9 w-16 items-center justify-center rounded bg-page text-ink-mute">
                  <span className="i-ri-video-line" />
                </span>
              )}
              {/* Each part stays whole on a narrow phone: the line breaks between parts, not inside 待点评. */}
              <span className="min-w-0 flex-1 text-ink-soft">
                {[
                  `第 ${s.attempt} 次`,
                  formatDateTime(s.created_at),
                  HOMEWORK_STATUS_TEXT[s.status],
                  s.status === 'reviewed' && s.score !== null ? `${s.score} 分` : '',
                  s.verdict,
                ]
                  .filter(Boolean)
                  .map((part, i) => (
                    <Fragment key={i}>
                      {i > 0 && ' · '}
                      <span className="whitespace-nowrap">{part}</span>
                    </Fragment>
                  ))}
              </span>
              <a className="shrink-0 text-brand hover:underline" href={homeworkViewHref(s.id, props.phone)}>
                {s.status === 'reviewed' ? '看点评' : '查看'}
              </a>
            </li>
          ))}
        </ul>
      )}
      {a.can_submit === 1 ? (
        open ? (
          <SubmitForm a={a} phone={props.phone} onDone={(next) => (setOpen(false), props.onChange(next))} onCancel={() => setOpen(false)} />
        ) : (
          <button
            type="button"
            className={`mt-3 ${props.phone ? 'gf-m-btn-primary w-full' : 'gf-btn-primary'}`}
            onClick={() => setOpen(true)}
          >
            {a.attempts.length ? '再交一次' : '提交作业'}
          </button>
        )
      ) : (
        a.blocked &&
        a.status === 1 && (
          <p className="mt-3 text-xs text-ink-mute" data-testid="homework-blocked">
            {a.blocked}
          </p>
        )
      )}
    </li>
  );
}

function SubmitForm(props: { a: MyAssignment; phone?: boolean | undefined; onDone: (a: MyAssignment) => void; onCancel: () => void }) {
  const [videoId, setVideoId] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const send = useAction();
  async function submit() {
    const s = await send.run(() => submitHomework(props.a.id, videoId, note), { done: '作业已提交，等待教练点评' });
    if (!s) return;
    const attempts = [...props.a.attempts, s];
    props.onDone({ ...props.a, attempts, can_submit: attempts.length < HOMEWORK_LIMITS.attemptsMax ? 1 : 0 });
  }
  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-line pt-3" data-testid="homework-submit">
      <VideoPicker
        initial={null}
        endpoints={HOMEWORK_VIDEOS}
        label="选择练习视频"
        capture={props.phone ?? false}
        touch={props.phone ?? false}
        hint={props.phone ? '用手机摄像头拍摄练习视频，断网后可继续上传' : '上传你的练习视频（MP4 / WebM），断网后可继续上传'}
        onVideo={setVideoId}
      />
      <label className="block text-sm">
        <span className="mb-1 block text-ink-soft">给教练留言（选填）</span>
        <textarea
          value={note}
          maxLength={HOMEWORK_LIMITS.noteMax}
          onChange={(e) => setNote(e.target.value)}
          rows={2}
          className="w-full rounded border border-line p-2 text-sm outline-none focus:border-brand-accent"
          placeholder="例如：第三式的转身总是不稳"
        />
      </label>
      <div className="flex gap-3">
        <button
          type="button"
          className={props.phone ? 'gf-m-btn-primary flex-1' : 'gf-btn-primary'}
          disabled={send.busy || !videoId}
          onClick={() => void submit()}
        >
          {send.busy ? '提交中…' : '提交作业'}
        </button>
        <button type="button" className={props.phone ? 'gf-m-btn-ghost' : 'gf-btn-ghost'} onClick={props.onCancel}>
          取消
        </button>
      </div>
    </div>
  );
}
