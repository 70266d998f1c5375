import { useState } from 'react';
import { DUAN_KIND_LABEL, DUAN_KINDS, DUAN_NAME_MAX, DUANS, duanName, type DuanKind } from '~/lib/rules/duan';
import type { DuanRef } from '~/lib/api/contract/duan';
import { addRequirement, defaultName, fetchDuanRefs } from '~/lib/stores/duan';
import { useAction } from '../../ui/useAction';
import { linkBtn, primaryBtn } from '../../ui/buttons';
import { inputCls as fullWidthInput } from '../../ui/form';

/** The form's inputs at their own widths (the kit's input fills its row). */
const inputCls = fullWidthInput.replace('w-full ', '');

const EMPTY = { course: null as DuanRef | null, target: null as DuanRef | null, name: '' };

/**
 * Adds a requirement to a 段: a course (search by title), a lesson (search the course, then pick the
 * lesson) or a homework (search assignments; a 套路 to demonstrate, named e.g. "二十四式太极拳 全套").
 */
export function DuanAddForm(props: { labelId: number; onAdded: () => void }) {
  const [duan, setDuan] = useState(1);
  const [kind, setKind] = useState<DuanKind>('course');
  const [keyword, setKeyword] = useState('');
  const [refs, setRefs] = useState<DuanRef[] | null>(null);
  const [lessonRefs, setLessonRefs] = useState<DuanRef[] | null>(null);
  const [pick, setPick] = useState(EMPTY);
  const act = useAction();
  // A lesson is found through its course: search courses first.
  const searchKind = kind === 'lesson' ? 'course' : kind;
  const reset = () => (setPick(EMPTY), setRefs(null), setLessonRefs(null));

  const search = () => void act.run(() => fetchDuanRefs({ kind: searchKind, keyword })).then((r) => r && setRefs(r.list));
  const choose = (ref: DuanRef) => {
    if (kind !== 'lesson') return setPick({ course: null, target: ref, name: defaultName(kind, ref.title) });
    setPick({ ...EMPTY, course: ref });
    void act.run(() => fetchDuanRefs({ kind: 'lesson', keyword: '', course_id: ref.id })).then((r) => r && setLessonRefs(r.list));
  };
  const submit = () => {
    if (!pick.target) return;
    const target = pick.target;
    void act
      .run(() => addRequirement({ label_id: props.labelId, duan, kind, ref_id: target.id, name: pick.name }), { done: '要求已添加' })
      .then((r) => r && (reset(), setKeyword(''), props.onAdded()));
  };

  return (
    <section className="mb-4 rounded border border-line bg-white p-4" aria-label="新增要求">
      <h2 className="mb-3 text-[15px] font-600">新增要求</h2>
      <div className="flex flex-wrap items-center gap-2">
        <select className={`${inputCls} w-24`} aria-label="段位" value={duan} onChange={(e) => setDuan(Number(e.target.value))}>
          {DUANS.map((d) => (
            <option key={d} value={d}>
              {duanName(d)}
            </option>
          ))}
        </select>
        <select
          className={`${inputCls} w-48`}
          aria-label="要求类型"
          value={kind}
          onChange={(e) => (setKind(e.target.value as DuanKind), reset())}
        >
          {DUAN_KINDS.map((k) => (
            <option key={k} value={k}>
              {DUAN_KIND_LABEL[k]}
            </option>
          ))}
        </select>
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            reset();
            search();
          }}
        >
          <input
            className={`${inputCls} w-56`}
            aria-label="搜索关键字"
            placeholder={kind === 'homework' ? '作业名称关键字' : '课程名称关键字'}
            value={keyword}
            maxLength={32}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <button type="submit" className={primaryBtn} disabled={act.busy}>
            {kind === 'homework' ? '搜索作业' : '搜索课程'}
          </button>
        </form>
      </div>

      {refs && !pick.target && !pick.course && (
        <RefList refs={refs} empty={kind === 'homework' ? '没有找到开放中的作业' : '没有找到课程'} onPick={choose} />
      )}
      {pick.course && !pick.target && (
        <div className="mt-3">
          <p className="text-sm text-ink-soft">
            课程：{pick.course.title}
            <button type="button" className={`${linkBtn} ml-3`} onClick={reset}>
              重新选择
            </button>
          </p>
          {lessonRefs && (
            <RefList
              refs={lessonRefs}
              empty="该课程还没有课时"
              onPick={(l) => setPick({ ...pick, target: l, name: defaultName('lesson', l.title) })}
            />
          )}
        </div>
      )}
      {pick.target && (
        <form
          className="mt-3 flex flex-wrap items-center gap-2"
          aria-label="确认要求"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <span className="text-sm text-ink-soft">
            {DUAN_KIND_LABEL[kind]}：{pick.target.title}
          </span>
          <input
            className={`${inputCls} w-72`}
            aria-label="要求名称"
            placeholder="学员看到的要求名称"
            value={pick.name}
            maxLength={DUAN_NAME_MAX}
            onChange={(e) => setPick({ ...pick, name: e.target.value })}
          />
          <button type="submit" className={primaryBtn} disabled={act.busy || !pick.name.trim()}>
            添加到{duanName(duan)}
          </button>
          <button type="button" className={linkBtn} onClick={reset}>
            取消
          </button>
        </form>
      )}
    </section>
  );
}

function RefList(props: { refs: DuanRef[]; empty: string; onPick: (r: DuanRef) => void }) {
  if (!props.refs.length) return <p className="mt-3 text-sm text-ink-soft">{props.empty}</p>;
  return (
    <ul className="mt-3 max-h-64 divide-y divide-line overflow-auto rounded border border-line text-sm" aria-label="可选对象">
      {props.refs.map((r) => (
        <li key={r.id}>
          <button
            type="button"
            className="flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-page"
            onClick={() => props.onPick(r)}
          >
            <span className="min-w-0 flex-1 truncate">{r.title}</span>
            <span className="shrink-0 text-xs text-ink-mute">{r.sub}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
