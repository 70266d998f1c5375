import { Fragment, useState, type ReactNode } from 'react';
import { api } from '~/lib/api/client';
import type { GradingSession } from '~/lib/api/contract/grading';
import { formatDateTime, priceText } from '~/lib/format';
import { DUANS, duanName } from '~/lib/rules/duan';
import { CANDIDATE_STATUS_TEXT, GRADING_LIMITS, GRADING_MODE_TEXT, GRADING_TEXTS, type GradingMode } from '~/lib/rules/grading';
import { editable, localInputValue, sessionTitle, STATE_TEXT, whereText } from '~/lib/stores/grading';
import { toast } from '~/lib/toast';
import { Empty, LoadFailed, Loading } from '../ui/states';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { GradingVideoPlayer } from './GradingVideo';

/**
 * /coach/grading: publish 考评 (examiners only; others read why), edit one nobody booked, cancel, list
 * candidates and record results — for an online 考评, after watching each candidate's grading video.
 */
export default function CoachGrading() {
  const load = useLoad(() => api('/coach/gradingMine', {}));
  const [open, setOpen] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  if (load.error) return <LoadFailed load={load} />;
  const d = load.data;
  if (!d) return <Loading />;
  if (!d.examiner)
    return (
      <div className="gf-card p-8 text-center text-ink-soft" data-testid="not-examiner">
        <span className="i-ri-award-line text-5xl text-ink-mute" />
        <p className="mt-3">{GRADING_TEXTS.notExaminer}</p>
        <a className="mt-3 inline-block text-sm text-info-link" href="/duan">
          查看平台上的段位考评
        </a>
      </div>
    );
  return (
    <div className="space-y-4">
      <SessionForm maxDuan={d.examiner.max_duan} styles={d.styles} onDone={load.reload} />
      <section className="gf-card p-5">
        <div className="mb-3 flex items-center justify-between">
          <h2 className="font-bold">我发布的考评</h2>
          <a className="text-sm text-info-link" href="/duan" target="_blank" rel="noreferrer">
            查看考评列表页
          </a>
        </div>
        {d.list.length === 0 ? (
          <Empty icon="i-ri-award-line" text="还没有发布考评" />
        ) : (
          <ul className="divide-y divide-line">
            {d.list.map((s) => (
              <SessionRow
                key={s.id}
                s={s}
                open={open === s.id}
                toggle={() => setOpen(open === s.id ? null : s.id)}
                onChange={load.reload}
                edit={
                  editing === s.id ? (
                    <SessionForm
                      maxDuan={d.examiner?.max_duan ?? 1}
                      styles={d.styles}
                      edit={s}
                      onCancel={() => setEditing(null)}
                      onDone={() => {
                        setEditing(null);
                        load.reload();
                      }}
                    />
                  ) : null
                }
                onEdit={editable(s) ? () => setEditing(editing === s.id ? null : s.id) : null}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Publishes a session, or (with `edit`) changes one nobody has booked yet. */
function SessionForm(props: {
  maxDuan: number;
  styles: { id: number; name: string }[];
  onDone: () => void;
  edit?: GradingSession;
  onCancel?: () => void;
}) {
  const act = useAction();
  const e0 = props.edit;
  const [mode, setMode] = useState<GradingMode>(e0?.mode ?? 'offline');
  return (
    <form
      className={`grid grid-cols-2 gap-3 text-sm ${e0 ? 'mt-3 rounded bg-page p-4' : 'gf-card p-5'}`}
      data-testid={e0 ? 'grading-edit' : 'grading-publish'}
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const form = e.currentTarget;
        const text = (k: string) => String(f.get(k) ?? '');
        void act.run(async () => {
          const fields = {
            label_id: Number(text('label_id')),
            duan: Number(text('duan')),
            mode,
            place: text('place'),
            starts_at: new Date(text('starts_at')).toISOString(),
            seats: Number(text('seats')),
            price: Math.round(Number(text('price')) * 100),
            intro: text('intro'),
          };
          if (e0) {
            await api('/coach/gradingEdit', { id: e0.id, ...fields });
            toast.success('考评已修改');
          } else {
            await api('/coach/gradingAdd', fields);
            toast.success(GRADING_TEXTS.published);
            form.reset();
          }
          props.onDone();
        });
      }}
    >
      <h2 className="col-span-2 font-bold">{e0 ? '修改考评（还没有人报名）' : '发布考评'}</h2>
      <label className="flex flex-col gap-1">
        拳种
        <select name="label_id" className="gf-input" required defaultValue={e0?.label_id}>
          {props.styles.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        段位（最高{duanName(props.maxDuan)}）
        <select name="duan" className="gf-input" defaultValue={e0?.duan}>
          {DUANS.slice(0, props.maxDuan).map((d) => (
            <option key={d} value={d}>
              {duanName(d)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        方式
        <select className="gf-input" value={mode} onChange={(e) => setMode(e.target.value === 'online' ? 'online' : 'offline')}>
          <option value="offline">{GRADING_MODE_TEXT.offline}</option>
          <option value="online">{GRADING_MODE_TEXT.online}</option>
        </select>
      </label>
      <label className="flex flex-col gap-1">
        考评地点
        <input
          name="place"
          className="gf-input"
          maxLength={GRADING_LIMITS.placeMax}
          disabled={mode === 'online'}
          defaultValue={e0?.place}
        />
      </label>
      <label className="flex flex-col gap-1">
        考评时间
        <input
          name="starts_at"
          type="datetime-local"
          className="gf-input"
          required
          defaultValue={e0 ? localInputValue(e0.starts_at) : undefined}
        />
      </label>
      <label className="flex flex-col gap-1">
        名额
        <input
          name="seats"
          type="number"
          min={1}
          max={GRADING_LIMITS.seatsMax}
          defaultValue={e0?.seats ?? 20}
          className="gf-input"
          required
        />
      </label>
      <label className="flex flex-col gap-1">
        报名费（元，0 为免费）
        <input name="price" type="number" min={0} step="0.01" defaultValue={(e0?.price ?? 0) / 100} className="gf-input" required />
      </label>
      <label className="col-span-2 flex flex-col gap-1">
        考评说明
        <textarea name="intro" className="gf-input h-20 py-2" maxLength={GRADING_LIMITS.introMax} defaultValue={e0?.intro} />
      </label>
      <div className="col-span-2 flex gap-2">
        <button type="submit" className="gf-btn-primary w-32" disabled={act.busy}>
          {e0 ? '保存修改' : '发布'}
        </button>
        {props.onCancel && (
          <button type="button" className="gf-btn-ghost" onClick={props.onCancel}>
            取消
          </button>
        )}
      </div>
    </form>
  );
}

function SessionRow(props: {
  s: GradingSession;
  open: boolean;
  toggle: () => void;
  onChange: () => void;
  edit: ReactNode;
  onEdit: (() => void) | null;
}) {
  const { s } = props;
  const cancel = useAction();
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-bold">
            {sessionTitle(s)} <span className="text-xs text-ink-mute">{STATE_TEXT[s.state]}</span>
          </p>
          <p className="text-sm text-ink-mute">
            {whereText(s)} · {priceText(s.price)} · 已报 {s.booked}/{s.seats}
          </p>
        </div>
        <div className="flex gap-2">
          {props.onEdit && (
            <button type="button" className="gf-btn-ghost" onClick={props.onEdit}>
              编辑
            </button>
          )}
          <button type="button" className="gf-btn-ghost" onClick={props.toggle}>
            {props.open ? '收起考生' : '考生与结果'}
          </button>
          {s.state !== 'cancelled' && s.state !== 'finished' && (
            <button
              type="button"
              className="gf-btn-ghost text-danger"
              disabled={cancel.busy}
              onClick={() => {
                if (!confirm('取消考评后，已付款的考生将全部退款，确定取消？')) return;
                void cancel.run(async () => {
                  const r = await api('/coach/gradingCancel', { id: s.id });
                  toast.success(`考评已取消，已退款 ${r.refunded} 人${r.pending ? `，${r.pending} 人退款处理中` : ''}`);
                  props.onChange();
                });
              }}
            >
              取消考评
            </button>
          )}
        </div>
      </div>
      {props.edit}
      {props.open && <Candidates id={s.id} />}
    </li>
  );
}

function Candidates(props: { id: number }) {
  const load = useLoad(() => api('/coach/gradingCandidates', { id: props.id }), props.id);
  const judge = useAction();
  const [watching, setWatching] = useState<number | null>(null);
  if (load.error) return <LoadFailed load={load} />;
  const d = load.data;
  if (!d) return <Loading />;
  if (d.list.length === 0) return <p className="py-3 text-sm text-ink-mute">还没有考生报名</p>;
  const online = d.session.mode === 'online';
  const record = (id: number, result: 'passed' | 'failed') =>
    void judge.run(async () => {
      const note = prompt(result === 'passed' ? '评语（可不填）' : '未通过的原因（可不填）') ?? '';
      await api('/coach/gradingJudge', { id, result, note: note.slice(0, GRADING_LIMITS.noteMax) });
      toast.success(GRADING_TEXTS.resultSaved);
      load.reload();
    });
  return (
    <table className="mt-3 w-full text-sm" data-testid="candidates">
      <thead className="text-left text-ink-mute">
        <tr>
          <th className="py-1">考生</th>
          {online && <th>考评视频</th>}
          <th>结果</th>
          <th>评语</th>
          <th>操作</th>
        </tr>
      </thead>
      <tbody>
        {d.list.map((c) => (
          <Fragment key={c.id}>
            <tr className="border-t border-line">
              <td className="py-2">{c.name}</td>
              {online && (
                <td>
                  {c.video ? (
                    <button
                      type="button"
                      className="text-info-link hover:underline"
                      aria-expanded={watching === c.id}
                      onClick={() => setWatching(watching === c.id ? null : c.id)}
                    >
                      {watching === c.id ? '收起视频' : `观看（${formatDateTime(c.video.at)} 提交）`}
                    </button>
                  ) : (
                    <span className="text-ink-mute">未提交</span>
                  )}
                </td>
              )}
              <td>{CANDIDATE_STATUS_TEXT[c.status]}</td>
              <td>{c.note}</td>
              <td>
                {c.status === 'booked' && d.session.state !== 'cancelled' ? (
                  <span className="flex gap-2">
                    <button
                      type="button"
                      className="gf-btn-ghost"
                      disabled={judge.busy || (online && !c.video)}
                      title={online && !c.video ? GRADING_TEXTS.videoRequired : undefined}
                      onClick={() => record(c.id, 'passed')}
                    >
                      通过
                    </button>
                    <button type="button" className="gf-btn-ghost" disabled={judge.busy} onClick={() => record(c.id, 'failed')}>
                      未通过
                    </button>
                  </span>
                ) : c.cert_no ? (
                  <a className="text-info-link" href={`/cert/${c.cert_no}`}>
                    证书 {c.cert_no}
                  </a>
                ) : null}
              </td>
            </tr>
            {online && c.video && watching === c.id && (
              <tr>
                <td colSpan={5} className="pb-3">
                  <div className="max-w-xl">
                    <GradingVideoPlayer video={c.video} label={`${c.name}的考评视频`} />
                  </div>
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
