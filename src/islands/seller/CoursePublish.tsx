import { useState, type SubmitEvent } from 'react';
import { COURSE_LEVELS, COURSE_LIMITS } from '~/lib/rules/seller-content';
import { courseForm, emptyCourseForm, loadCourse, loadLabels, saveCourse, type CourseForm } from '~/lib/stores/seller-content';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { SellerOnly } from './SellerOnly';
import { RichText } from '../ui/RichText';
import { PageHead } from '../ui/PageHead';
import { CoverUpload } from '../ui/CoverUpload';
import { Field } from '../ui/form';
import { LoadFailed } from '../ui/states';

/** /coach/publish (new course) and /coach/publish?id= (edit one's own course). */
export default function CoursePublish(props: { id: number | null }) {
  return <SellerOnly area="coach">{props.id ? <EditCourse id={props.id} /> : <CourseEditor initial={emptyCourseForm()} />}</SellerOnly>;
}

function EditCourse({ id }: { id: number }) {
  const course = useLoad(() => loadCourse(id), id);
  if (course.error) return <LoadFailed load={course} back={['返回课程管理', '/coach/course']} />;
  if (!course.data) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  return <CourseEditor initial={courseForm(course.data)} />;
}

function CourseEditor({ initial }: { initial: CourseForm }) {
  const [form, setForm] = useState(initial);
  const labels = useLoad(loadLabels);
  const save = useAction();
  const set = <K extends keyof CourseForm>(k: K, v: CourseForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save
      .run(() => saveCourse(form), { done: '保存成功' })
      .then((r) => {
        // A new course goes on to its lessons; an edit goes back to the list.
        if (r) window.location.href = form.id ? '/coach/course' : `/coach/course/lessonList?id=${r.id}&new=1`;
      });
  }

  function toggleLabel(id: number) {
    set('label_ids', form.label_ids.includes(id) ? form.label_ids.filter((x) => x !== id) : [...form.label_ids, id]);
  }

  return (
    <>
      <PageHead title={form.id ? '编辑课程' : '发布课程'} back={['课程管理', '/coach/course']} />
      <form onSubmit={submit} noValidate className="flex max-w-[760px] flex-col gap-5" data-testid="course-form">
        <Field label="课程标题">
          <input
            className="gf-input"
            name="title"
            maxLength={COURSE_LIMITS.title}
            value={form.title}
            placeholder="如：陈式太极拳老架一路精讲"
            onChange={(e) => set('title', e.target.value)}
          />
        </Field>
        <Field label="封面">
          <CoverUpload label="选择课程封面" value={form.cover} onChange={(p) => set('cover', p)} />
        </Field>
        <Field label="标签" hint={`最多 ${COURSE_LIMITS.labels} 个`}>
          <div className="flex flex-wrap gap-2 pt-1.5">
            {labels.error && <span className="text-sm text-danger">{labels.error}</span>}
            {labels.data?.map((l) => (
              <label
                key={l.id}
                className={`flex cursor-pointer items-center gap-1 rounded border px-2 py-1 text-sm ${form.label_ids.includes(l.id) ? 'border-brand-accent text-brand' : 'border-line'}`}
              >
                <input type="checkbox" checked={form.label_ids.includes(l.id)} onChange={() => toggleLabel(l.id)} />
                {l.name}
              </label>
            ))}
          </div>
        </Field>
        <Field label="难度">
          <div className="flex gap-4 pt-2">
            {COURSE_LEVELS.map((lv) => (
              <label key={lv} className="flex items-center gap-1 text-sm">
                <input type="radio" name="level" checked={form.level === lv} onChange={() => set('level', lv)} />
                {lv}
              </label>
            ))}
          </div>
        </Field>
        <Field label="价格">
          <div className="flex items-center gap-4">
            <label className="flex items-center gap-1 text-sm">
              <input type="radio" name="charge" checked={form.charge === 'free'} onChange={() => set('charge', 'free')} />
              免费
            </label>
            <label className="flex items-center gap-1 text-sm">
              <input type="radio" name="charge" checked={form.charge === 'paid'} onChange={() => set('charge', 'paid')} />
              收费
            </label>
            {form.charge === 'paid' && (
              <span className="flex items-center gap-2 text-sm">
                <input
                  className="gf-input w-32"
                  name="price"
                  inputMode="decimal"
                  aria-label="价格（元）"
                  value={form.price}
                  placeholder="0.00"
                  onChange={(e) => set('price', e.target.value)}
                />
                元
              </span>
            )}
          </div>
          {form.charge === 'paid' && (
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input type="checkbox" name="vip_free" checked={form.vip_free} onChange={(e) => set('vip_free', e.target.checked)} />
              VIP免费
              <span className="text-xs text-ink-mute">有效VIP会员可免费观看全部课时（不产生课程订单收入）；其他学员照常购买</span>
            </label>
          )}
        </Field>
        <Field label="简介" hint={`${form.summary.length}/${COURSE_LIMITS.summary}`}>
          <textarea
            className="gf-input h-20 py-2"
            name="summary"
            maxLength={COURSE_LIMITS.summary}
            value={form.summary}
            placeholder="一两句话说明课程内容，显示在课程卡片上"
            onChange={(e) => set('summary', e.target.value)}
          />
        </Field>
        <Field label="课程介绍">
          <RichText label="课程介绍" initial={initial.intro} onChange={(html) => set('intro', html)} />
        </Field>
        <Field label="">
          <div className="flex items-center gap-3">
            <button type="submit" className="gf-btn-primary w-32" disabled={save.busy}>
              {save.busy ? '保存中…' : form.id ? '保存修改' : '保存并添加课时'}
            </button>
            {!form.id && <span className="text-xs text-ink-mute">新课程保存后为「未上架」，添加课时后可在课程管理中上架</span>}
          </div>
        </Field>
      </form>
    </>
  );
}
