import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '~/lib/api/client';
import type { CritiqueView } from '~/lib/api/contract/critique';
import { formatDateTime } from '~/lib/format';
import { CRITIQUE_COLOURS, CRITIQUE_LIMITS, CRITIQUE_SHAPE_KINDS, VERDICTS, type CritiqueMark, type Verdict } from '~/lib/rules/critique';
import { CRITIQUE_TEXTS } from '~/lib/rules/critique-texts';
import type { SellerArea } from '~/lib/rules/seller-nav';
import {
  alignOffset,
  checkScore,
  COLOUR_CLASS,
  COLOUR_LABELS,
  createSketch,
  markAt,
  pinMark,
  timeChip,
  TOOL_LABELS,
  verdictFor,
} from '~/lib/stores/critique';
import { check } from '~/lib/stores/action';
import { SellerOnly } from '~/islands/seller/SellerOnly';
import { useTechniquePlayer } from '~/islands/ui/TechniqueControls';
import { LoadFailed, Loading } from '~/islands/ui/states';
import { useAction } from '~/islands/ui/useAction';
import { useLoad } from '~/islands/ui/useLoad';
import { FramedVideo } from './FramedVideo';
import { MarksList } from './MarksList';
import { SketchOverlay } from './SketchOverlay';
import { useSyncedPair } from './useSyncedPair';
import { VoiceRecorder, type VoiceValue } from './VoiceComment';

const tool = 'inline-flex h-8 items-center gap-1 rounded-md border border-line px-2 text-[13px] text-ink hover:border-brand-accent';
const toolOn = 'border-brand! bg-brand-light text-brand';

/** /coach/homework/review?id= (and the shop's): the coach's critique of one practice clip. */
export default function CritiqueReview(props: { id: number | null; area: SellerArea }) {
  return (
    <SellerOnly area={props.area}>
      {props.id ? <Review id={props.id} area={props.area} /> : <LoadFailed error={CRITIQUE_TEXTS.notFound} back={backOf(props.area)} />}
    </SellerOnly>
  );
}

const backOf = (area: SellerArea) => ['返回作业列表', `/${area}/homework`] as const;

function Review(props: { id: number; area: SellerArea }) {
  const load = useLoad(() => api('/seller/homework/critique', { id: props.id }), props.id);
  if (!load.data) return load.error ? <LoadFailed load={load} back={backOf(props.area)} /> : <Loading />;
  return <Editor view={load.data} onSaved={load.reload} />;
}

function Editor(props: { view: CritiqueView; onSaved: () => void }) {
  const { view } = props;
  const c = view.critique;
  const clipTech = useTechniquePlayer();
  const refTech = useTechniquePlayer();
  const clipVideo = useRef<HTMLVideoElement>(null);
  const refVideo = useRef<HTMLVideoElement>(null);
  const [sync, setSync] = useState(false);
  const [offset, setOffset] = useState(0);
  useSyncedPair({
    on: sync && Boolean(view.reference),
    offset,
    clip: clipVideo,
    reference: refVideo,
    clipPlayer: clipTech.player,
    refPlayer: refTech.player,
  });

  const [sketch] = useState(createSketch);
  const shapes = useStore(sketch.$shapes);
  const points = useStore(sketch.$points);
  const current = useStore(sketch.$tool);
  const colour = useStore(sketch.$colour);
  const { t } = useStore(clipTech.player.$time);
  const paused = useStore(clipTech.player.$paused);

  const [marks, setMarks] = useState<CritiqueMark[]>(c.marks);
  const [editing, setEditing] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<VoiceValue | null>(c.voice ? { path: c.voice, url: c.voice_url, seconds: c.voice_s } : null);
  const [score, setScore] = useState(c.score === null ? '' : String(c.score));
  const [verdict, setVerdict] = useState<Verdict | null>(c.verdict || null);
  const [summary, setSummary] = useState(c.summary);
  const [excellent, setExcellent] = useState(c.excellent);
  const save = useAction();
  const pin = useAction();
  const mark = useAction();

  const shown = markAt(marks, t);
  // While nothing is being drawn, the frame shows the pinned drawing of this moment.
  const drawing = shapes.length || points.length || editing !== null ? shapes : shown === null ? [] : (marks[shown]?.shapes ?? []);
  const scoreN = checkScore(score);
  const suggested = typeof scoreN === 'number' ? verdictFor(scoreN) : null;

  const pick = (i: number) => {
    const m = marks[i];
    if (!m) return;
    clipVideo.current?.pause();
    clipTech.player.seek(m.at);
    setEditing(null);
    sketch.clear();
  };
  const edit = (i: number) => {
    const m = marks[i];
    if (!m) return;
    pick(i);
    setEditing(i);
    setText(m.text);
    sketch.load(m.shapes);
  };
  const onPin = () =>
    pin.run(async () => {
      const r = pinMark(marks, { at: t, text, shapes }, editing);
      check('error' in r ? r.error : null, 'warning');
      if ('marks' in r) setMarks(r.marks);
      setText('');
      setEditing(null);
      sketch.clear();
    });
  const submit = () =>
    save.run(
      async () => {
        const n = checkScore(score);
        check(typeof n === 'string' ? n : null);
        await api('/seller/homework/critiqueSave', {
          id: view.id,
          score: n as number,
          verdict: verdict ?? verdictFor(n as number),
          summary,
          marks,
          voice: voice?.path ?? '',
          voice_s: voice?.seconds ?? 0,
        });
        props.onSaved();
      },
      { done: '点评已提交，学员会收到通知' },
    );
  const toggleExcellent = (on: boolean) =>
    mark.run(
      async () => {
        const r = await api('/seller/homework/excellent', { id: view.id, excellent: on });
        setExcellent(r.excellent);
      },
      { done: on ? '已评为优秀作业' : '已取消优秀作业' },
    );

  return (
    <div className="space-y-5" data-testid="critique-review">
      <header className="border-b border-line pb-3">
        <h1 className="text-lg font-600 text-ink">作业点评 · {view.assignment.title}</h1>
        <p className="mt-1 text-sm text-ink-soft">
          学员 {view.learner.name} · 第 {view.clip.attempt} 次提交 · {formatDateTime(view.clip.submitted_at)}
          {c.status === 'reviewed' && <span className="ml-2 rounded bg-success-tint px-1.5 text-xs text-success-deep">已点评</span>}
        </p>
        {view.clip.note && <p className="mt-1 text-sm text-ink-soft">学员说明：{view.clip.note}</p>}
      </header>

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <section aria-label="学员作业">
          <h2 className="mb-2 text-sm font-600 text-ink">学员作业</h2>
          <FramedVideo
            tech={clipTech}
            video={clipVideo}
            src={view.clip.url}
            poster={view.clip.poster}
            label="学员作业视频"
            testId="critique-clip"
            bare={paused}
            onAspect={sketch.setAspect}
            overlay={(aspect, mirror) => (
              <SketchOverlay
                shapes={drawing}
                points={points}
                aspect={aspect}
                mirror={mirror}
                label="画面标注"
                onPoint={paused ? (p) => pin.run(async () => check(sketch.click(p), 'warning')) : undefined}
              />
            )}
          />
        </section>
        <section aria-label="对照课时">
          <h2 className="mb-2 text-sm font-600 text-ink">对照课时{view.reference ? ` · ${view.reference.title}` : ''}</h2>
          {view.reference ? (
            <FramedVideo
              tech={refTech}
              video={refVideo}
              src={view.reference.url}
              label={`对照课时：${view.reference.title}`}
              testId="critique-reference"
            />
          ) : (
            <p className="flex aspect-video items-center justify-center rounded-lg bg-page px-6 text-center text-sm text-ink-mute">
              这是班级作业，没有对照的课时视频
            </p>
          )}
        </section>
      </div>

      {view.reference && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-page px-4 py-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={sync} onChange={(e) => setSync(e.target.checked)} />
            同步播放
          </label>
          <button
            type="button"
            className="gf-btn-ghost h-8"
            onClick={() =>
              clipVideo.current && refVideo.current && setOffset(alignOffset(clipVideo.current.currentTime, refVideo.current.currentTime))
            }
          >
            以当前位置对齐
          </button>
          <span className="text-ink-mute">
            {offset === 0 ? '两段视频从同一时间开始' : `对照视频${offset > 0 ? '领先' : '落后'} ${Math.abs(offset).toFixed(1)} 秒`}
            ，先分别调到同一个动作，再点“以当前位置对齐”
          </span>
        </div>
      )}

      <section className="rounded-lg border border-line p-4" aria-label="画面标注">
        <div className="flex flex-wrap items-center gap-2">
          {CRITIQUE_SHAPE_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              className={`${tool} ${current === k ? toolOn : ''}`}
              aria-pressed={current === k}
              onClick={() => sketch.setTool(k)}
            >
              {TOOL_LABELS[k]}
            </button>
          ))}
          <span className="mx-1 h-5 w-px bg-line" />
          {CRITIQUE_COLOURS.map((k) => (
            <button
              key={k}
              type="button"
              className={`h-6 w-6 rounded-full border-2 ${COLOUR_CLASS[k].swatch} ${colour === k ? 'border-ink' : 'border-line-strong'}`}
              aria-label={`${COLOUR_LABELS[k]}色`}
              aria-pressed={colour === k}
              onClick={() => sketch.setColour(k)}
            />
          ))}
          <span className="mx-1 h-5 w-px bg-line" />
          <button type="button" className={tool} onClick={sketch.undo} disabled={!shapes.length && !points.length}>
            撤销
          </button>
          <button type="button" className={tool} onClick={sketch.clear} disabled={!shapes.length && !points.length}>
            清除
          </button>
          <span className="text-xs text-ink-mute">
            {paused ? (current === 'angle' ? '依次点击：一端、顶点、另一端' : '在画面上点两下作图') : '暂停后在画面上作图'}
          </span>
        </div>
        <div className="mt-3 flex items-start gap-2">
          <textarea
            className="h-16 flex-1 resize-none rounded border border-line px-2 py-1 text-sm outline-none focus:border-brand-accent"
            maxLength={CRITIQUE_LIMITS.textMax}
            placeholder="这一刻的评语（可只画图不写字）"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label="评语"
          />
          <button type="button" className="gf-btn-primary" onClick={() => void onPin()} disabled={pin.busy}>
            {editing === null ? `钉在此刻 ${timeChip(t)}` : '保存修改'}
          </button>
          {editing !== null && (
            <button type="button" className="gf-btn-ghost" onClick={() => (setEditing(null), setText(''), sketch.clear())}>
              取消
            </button>
          )}
        </div>
        <div className="mt-3">
          <MarksList
            marks={marks}
            active={editing ?? shown}
            onPick={pick}
            onEdit={edit}
            onDelete={(i) => (setMarks(marks.filter((_, j) => j !== i)), setEditing(null), sketch.clear())}
          />
        </div>
      </section>

      <section className="space-y-4 rounded-lg border border-line p-4" aria-label="评分与总评">
        <div className="flex flex-wrap items-center gap-6">
          <label className="flex items-center gap-2 text-sm">
            评分
            <input
              type="number"
              min={0}
              max={100}
              inputMode="numeric"
              className="h-9 w-20 rounded border border-line px-2 text-sm outline-none focus:border-brand-accent"
              value={score}
              onChange={(e) => setScore(e.target.value)}
              aria-label="评分（0–100）"
            />
            <span className="text-ink-mute">/ 100</span>
          </label>
          <fieldset className="flex items-center gap-4 text-sm">
            <legend className="sr-only">结论</legend>
            {VERDICTS.map((v) => (
              <label key={v} className="flex items-center gap-1">
                <input type="radio" name="verdict" checked={(verdict ?? suggested) === v} onChange={() => setVerdict(v)} />
                {v}
              </label>
            ))}
            <span className="text-xs text-ink-mute">{CRITIQUE_TEXTS.passHint}</span>
          </fieldset>
        </div>
        <textarea
          className="h-20 w-full resize-none rounded border border-line px-2 py-1 text-sm outline-none focus:border-brand-accent"
          maxLength={CRITIQUE_LIMITS.summaryMax}
          placeholder="总评：做得好的地方、最需要改进的一点"
          value={summary}
          onChange={(e) => setSummary(e.target.value)}
          aria-label="总评"
        />
        <div>
          <p className="mb-2 text-sm text-ink">语音点评</p>
          <VoiceRecorder value={voice} onChange={setVoice} />
        </div>
        <div className="flex flex-wrap items-center gap-4 border-t border-line pt-4">
          <button type="button" className="gf-btn-primary w-32" onClick={() => void submit()} disabled={save.busy}>
            {save.busy ? '提交中…' : '提交点评'}
          </button>
          {c.status === 'reviewed' && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={excellent} disabled={mark.busy} onChange={(e) => void toggleExcellent(e.target.checked)} />
              评为优秀作业
              <span className="text-xs text-ink-mute">
                {excellent ? (c.consent ? '学员已同意，正在课程页展示' : '等待学员同意后在课程页展示') : '学员同意后会在课程页展示'}
              </span>
            </label>
          )}
        </div>
      </section>
    </div>
  );
}
