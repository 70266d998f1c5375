import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '~/lib/api/client';
import type { CritiqueView } from '~/lib/api/contract/critique';
import { formatDateTime } from '~/lib/format';
import { CRITIQUE_TEXTS } from '~/lib/rules/critique-texts';
import { markAt } from '~/lib/stores/critique';
import { MemberOnly } from '~/islands/ui/MemberOnly';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { useTechniquePlayer } from '~/islands/ui/TechniqueControls';
import { LoadFailed, Loading } from '~/islands/ui/states';
import { useAction } from '~/islands/ui/useAction';
import { useLoad } from '~/islands/ui/useLoad';
import { FramedVideo } from './FramedVideo';
import { MarksList } from './MarksList';
import { SketchOverlay } from './SketchOverlay';
import { VoicePlayer } from './VoiceComment';

/**
 * /my/homework/view?id= and /m/my/homework/view?id=: the learner's clip with the coach's critique
 * played back on it — each pinned drawing shows over the frame while playback is within half a second
 * of it (a chip seeks there and pauses), the comments, the voice comment, score, verdict and summary,
 * and the consent to show a 优秀作业 on the course page.
 */
export default function CritiqueLearner(props: { id: number | null; phone?: boolean; back: string }) {
  const Gate = props.phone ? MemberGate : MemberOnly;
  return (
    <Gate>
      {props.id ? (
        <Loaded id={props.id} phone={props.phone ?? false} back={props.back} />
      ) : (
        <LoadFailed error={CRITIQUE_TEXTS.notFound} back={['返回我的作业', props.back]} />
      )}
    </Gate>
  );
}

function Loaded(props: { id: number; phone: boolean; back: string }) {
  const load = useLoad(() => api('/member/homework/critique', { id: props.id }), props.id);
  if (!load.data) return load.error ? <LoadFailed load={load} back={['返回我的作业', props.back]} /> : <Loading />;
  return <View view={load.data} phone={props.phone} />;
}

function View(props: { view: CritiqueView; phone: boolean }) {
  const { view, phone } = props;
  const c = view.critique;
  const tech = useTechniquePlayer();
  const video = useRef<HTMLVideoElement>(null);
  const { t } = useStore(tech.player.$time);
  const shown = markAt(c.marks, t);
  const [consent, setConsent] = useState(c.consent);
  const agree = useAction();
  const reviewed = c.status === 'reviewed';
  const pick = (i: number) => {
    const m = c.marks[i];
    if (!m) return;
    video.current?.pause();
    tech.player.seek(m.at);
  };
  const toggle = (on: boolean) =>
    agree.run(
      async () => {
        const r = await api('/member/homework/consent', { id: view.id, consent: on });
        setConsent(r.consent);
      },
      { done: on ? '已同意在课程页展示' : '已撤回，课程页不再展示' },
    );
  const card = phone ? 'gf-m-card mx-3 mt-3 p-4' : 'rounded-lg border border-line p-4';

  return (
    <div className={phone ? 'pb-6' : 'space-y-4'} data-testid="critique-learner">
      <header className={phone ? 'px-4 pt-3' : 'border-b border-line pb-3'}>
        <h1 className="text-lg font-600 text-ink">{view.assignment.title}</h1>
        <p className="mt-1 text-sm text-ink-soft">
          第 {view.clip.attempt} 次提交 · {formatDateTime(view.clip.submitted_at)}
        </p>
      </header>
      <div className={phone ? 'mt-3' : 'max-w-[720px]'}>
        <FramedVideo
          tech={tech}
          video={video}
          src={view.clip.url}
          poster={view.clip.poster}
          label="我的作业视频"
          testId="critique-clip"
          phone={phone}
          overlay={(aspect, mirror) => (
            <SketchOverlay
              shapes={shown === null ? [] : (c.marks[shown]?.shapes ?? [])}
              aspect={aspect}
              mirror={mirror}
              label="教练的画面标注"
            />
          )}
        />
      </div>
      {!reviewed ? (
        <p className={`${card} text-center text-sm text-ink-soft`} data-testid="critique-pending">
          教练还没有点评这份作业，点评后会通过站内消息通知你。
        </p>
      ) : (
        <>
          <section className={card} aria-label="评分与总评">
            <p className="flex items-baseline gap-3">
              <span className="text-3xl font-700 text-brand" data-testid="critique-score">
                {c.score}
              </span>
              <span className="text-sm text-ink-mute">/ 100</span>
              <span
                className={`rounded px-2 py-0.5 text-sm ${c.verdict === '合格' ? 'bg-success-tint text-success-deep' : 'bg-warning-note text-warning-ink'}`}
                data-testid="critique-verdict"
              >
                {c.verdict}
              </span>
            </p>
            {c.summary && <p className="mt-2 whitespace-pre-wrap text-sm text-ink">{c.summary}</p>}
            <p className="mt-2 text-xs text-ink-mute">
              {c.reviewer} 点评于 {c.reviewed_at ? formatDateTime(c.reviewed_at) : ''}
            </p>
            {c.voice_url && (
              <div className="mt-3">
                <p className="mb-1 text-sm text-ink">语音点评</p>
                <VoicePlayer url={c.voice_url} seconds={c.voice_s} />
              </div>
            )}
          </section>
          <section className={card} aria-label="时间点点评">
            <h2 className="mb-1 text-sm font-600 text-ink">时间点点评</h2>
            <MarksList marks={c.marks} active={shown} onPick={pick} phone={phone} />
          </section>
          {c.excellent && (
            <section className={`${card} bg-brand-light`} aria-label="优秀作业">
              <p className="text-sm font-600 text-brand">教练把这份作业评为了优秀作业</p>
              <label className={`mt-2 flex items-center gap-2 text-sm text-ink ${phone ? 'min-h-11' : ''}`}>
                <input type="checkbox" checked={consent} disabled={agree.busy} onChange={(e) => void toggle(e.target.checked)} />
                同意在课程页展示（显示我的昵称、作业视频和评分，可随时撤回）
              </label>
            </section>
          )}
        </>
      )}
    </div>
  );
}
