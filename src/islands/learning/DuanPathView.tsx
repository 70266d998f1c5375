import { useState } from 'react';
import { formatDate } from '~/lib/format';
import { certificateHref, DUAN_KIND_LABEL, DUAN_TEXTS, DUAN_TIERS, duanName, gradingHref, requirementHref } from '~/lib/rules/duan';
import { fetchDuanPath, gradingLine, nextLevel, pathHeadline, type DuanPath, type PathLevel } from '~/lib/stores/duan';
import { useLoad } from '../ui/useLoad';
import { Loading, LoadFailed } from '../ui/states';

/**
 * 我的段位 (desktop /my/duan and phone /m/my/duan): a style picker (the member's styles first), the nine
 * 段 in their three tiers, the next 段's requirements with what is done and where to do the rest,
 * the next gradings and the member's certificates. The page wraps it in its login gate.
 */
export default function DuanPathView(props: { mobile?: boolean }) {
  const [labelId, setLabelId] = useState(0);
  const q = useLoad(() => fetchDuanPath(labelId || undefined), labelId);
  if (q.error && !q.data) return <LoadFailed load={q} />;
  if (!q.data) return <Loading />;
  const p = q.data;
  const card = props.mobile ? 'gf-m-card p-3' : 'rounded-lg border border-line bg-white p-5';
  return (
    <div className={props.mobile ? 'space-y-3 px-3 py-3' : 'space-y-4'} data-testid="duan-path">
      {!p.styles.length ? (
        <p className="py-16 text-center text-ink-mute">{DUAN_TEXTS.noStyles}</p>
      ) : (
        <>
          <StylePicker p={p} onPick={setLabelId} />
          <section className={card} aria-label={`${p.style}段位之路`}>
            <h2 className="text-[17px] font-600 text-ink">{p.style}</h2>
            <p className="mt-1 text-sm text-ink-soft" data-testid="duan-headline">
              {pathHeadline(p)}
            </p>
            <Ladder levels={p.levels} mobile={props.mobile} />
            {p.published ? (
              <NextLevel p={p} mobile={props.mobile} />
            ) : (
              <p className="mt-4 text-sm text-ink-mute">{DUAN_TEXTS.noRequirements}</p>
            )}
          </section>
          <Gradings p={p} card={card} />
        </>
      )}
      <Certificates p={p} card={card} />
    </div>
  );
}

function StylePicker(props: { p: DuanPath; onPick: (id: number) => void }) {
  const mine = props.p.styles.filter((s) => s.mine);
  const others = props.p.styles.filter((s) => !s.mine);
  const chip = (on: boolean) =>
    `h-8 shrink-0 rounded-full px-4 text-sm ${on ? 'bg-brand text-white' : 'border border-line bg-white text-ink-soft hover:text-brand'}`;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="拳种">
      {mine.map((s) => (
        <button
          key={s.id}
          type="button"
          className={chip(s.id === props.p.label_id)}
          aria-pressed={s.id === props.p.label_id}
          onClick={() => props.onPick(s.id)}
        >
          {s.name}
        </button>
      ))}
      {others.length > 0 && (
        <select
          className="h-8 rounded border border-line bg-white px-2 text-sm text-ink-soft"
          aria-label="其他拳种"
          value={others.some((s) => s.id === props.p.label_id) ? props.p.label_id : ''}
          onChange={(e) => e.target.value && props.onPick(Number(e.target.value))}
        >
          <option value="">{mine.length ? '其他拳种…' : '选择拳种…'}</option>
          {others.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

/** The nine 段 by tier: held, the next one, and the ones after it. */
function Ladder(props: { levels: PathLevel[]; mobile?: boolean | undefined }) {
  const cls = (l: PathLevel) =>
    l.state === 'held'
      ? 'bg-brand text-white border-brand'
      : l.state === 'next'
        ? 'border-brand-accent text-brand font-600 bg-white'
        : 'border-line text-ink-mute bg-page';
  return (
    <ol className={`mt-4 grid gap-3 ${props.mobile ? 'grid-cols-1' : 'grid-cols-3'}`} aria-label="九段">
      {DUAN_TIERS.map((t) => (
        <li key={t.name}>
          <p className="mb-1 text-xs text-ink-mute">{t.name}</p>
          <div className="flex gap-2">
            {props.levels
              .filter((l) => l.duan >= t.from && l.duan <= t.to)
              .map((l) => (
                <span
                  key={l.duan}
                  className={`flex h-9 flex-1 items-center justify-center rounded border text-sm ${cls(l)}`}
                  aria-current={l.state === 'next' ? 'step' : undefined}
                  title={l.state === 'held' ? '已获得' : l.requirements.length ? `${l.requirements.length} 项要求` : '要求尚未公布'}
                >
                  {l.state === 'held' && <span className="i-ri-check-line mr-1" aria-label="已获得" />}
                  {duanName(l.duan)}
                </span>
              ))}
          </div>
        </li>
      ))}
    </ol>
  );
}

function NextLevel(props: { p: DuanPath; mobile?: boolean | undefined }) {
  const next = nextLevel(props.p);
  if (!next) return <p className="mt-4 text-sm text-ink-soft">{DUAN_TEXTS.allPassed}</p>;
  return (
    <div className="mt-5" data-testid="duan-next">
      <div className="flex items-center gap-3">
        <h3 className="text-[15px] font-600">{duanName(next.duan)}要求</h3>
        <div
          className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-page"
          role="progressbar"
          aria-valuenow={next.percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label="完成进度"
        >
          <div className="h-full rounded-full bg-brand-accent" style={{ width: `${next.percent}%` }} />
        </div>
        <span className="shrink-0 text-sm text-ink-soft">
          {next.done}/{next.requirements.length} · {next.percent}%
        </span>
      </div>
      {!next.requirements.length ? (
        <p className="mt-3 text-sm text-ink-mute">{duanName(next.duan)}的要求尚未公布</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {next.requirements.map((r) => (
            <li key={r.id} className="flex items-center gap-3 py-2.5 text-sm" data-testid="duan-requirement" data-done={r.done ? '1' : '0'}>
              <span
                className={`${r.done ? 'i-ri-checkbox-circle-fill text-success' : 'i-ri-checkbox-blank-circle-line text-placeholder'} shrink-0 text-lg`}
                aria-label={r.done ? '已完成' : '未完成'}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-ink">{r.name}</span>
                <span className="text-xs text-ink-mute">{DUAN_KIND_LABEL[r.kind]}</span>
              </span>
              {r.done ? (
                <span className="shrink-0 text-xs text-success">已完成</span>
              ) : (
                <a className="shrink-0 text-brand hover:underline" href={requirementHref(r, props.mobile)}>
                  {r.kind === 'homework' ? '去交作业' : '去学习'}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Gradings(props: { p: DuanPath; card: string }) {
  const next = nextLevel(props.p);
  if (!next) return null;
  return (
    <section className={props.card} aria-label="考评安排">
      <h2 className="text-[15px] font-600">
        {props.p.style}
        {duanName(next.duan)}考评
      </h2>
      {!props.p.gradings.length ? (
        <p className="mt-2 text-sm text-ink-mute">{DUAN_TEXTS.noGrading}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {props.p.gradings.map((g) => (
            <li key={g.id} className="flex items-center gap-3 py-2.5 text-sm">
              <span className="min-w-0 flex-1 text-ink-soft">{gradingLine(g)}</span>
              <a className="gf-btn-primary h-8 shrink-0 px-4 text-sm" href={gradingHref(g.id)}>
                报名考评
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Certificates(props: { p: DuanPath; card: string }) {
  return (
    <section className={props.card} aria-label="我的段位证书">
      <h2 className="text-[15px] font-600">我的段位证书</h2>
      {!props.p.certificates.length ? (
        <p className="mt-2 text-sm text-ink-mute">还没有段位证书，通过考评后在这里查看</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {props.p.certificates.map((c) => (
            <li key={c.no} className="flex items-center gap-3 py-2.5 text-sm">
              <span className="i-ri-award-line shrink-0 text-lg text-brand-accent" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                {c.style} {duanName(c.duan)}
                <span className="ml-2 text-xs text-ink-mute">颁发于 {formatDate(c.issued_at)}</span>
                {c.revoked && <span className="ml-2 text-xs text-danger">已撤销</span>}
              </span>
              <a className="shrink-0 text-brand hover:underline" href={certificateHref(c.no)}>
                查看证书
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
