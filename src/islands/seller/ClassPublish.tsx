import { useState, type SubmitEvent } from 'react';
import { CLASS_LIMITS } from '~/lib/rules/seller-content';
import { classForm, emptyClassForm, loadClass, saveClass, type ClassForm } from '~/lib/stores/seller-content';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { SellerOnly } from './SellerOnly';
import { RichText } from '../ui/RichText';
import { PageHead } from '../ui/PageHead';
import { CoverUpload } from '../ui/CoverUpload';
import { Field } from '../ui/form';
import { LoadFailed } from '../ui/states';

/** /coach/class/publish (new) and ?id= (edit): an offline class. */
export default function ClassPublish(props: { id: number | null }) {
  return <SellerOnly area="coach">{props.id ? <EditClass id={props.id} /> : <ClassEditor initial={emptyClassForm()} />}</SellerOnly>;
}

function EditClass({ id }: { id: number }) {
  const k = useLoad(() => loadClass(id), id);
  if (k.error) return <LoadFailed load={k} back={['返回班级管理', '/coach/class']} />;
  if (!k.data) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  return <ClassEditor initial={classForm(k.data)} />;
}

function ClassEditor({ initial }: { initial: ClassForm }) {
  const [form, setForm] = useState(initial);
  const save = useAction();
  const set = <K extends keyof ClassForm>(k: K, v: ClassForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save
      .run(() => saveClass(form), { done: '保存成功' })
      .then((r) => {
        if (r) window.location.href = '/coach/class';
      });
  }
  const text = (k: 'title' | 'city' | 'venue' | 'address' | 'style' | 'schedule', label: string, max: number, placeholder = '') => (
    <Field label={label}>
      <input
        className="gf-input"
        name={k}
        aria-label={label}
        maxLength={max}
        value={form[k]}
        placeholder={placeholder}
        onChange={(e) => set(k, e.target.value)}
      />
    </Field>
  );
  return (
    <>
      <PageHead title={form.id ? '编辑班级' : '发布班级'} back={['班级管理', '/coach/class']} />
      <form onSubmit={submit} noValidate className="flex max-w-[760px] flex-col gap-5" data-testid="class-form">
        {text('title', '班级名称', CLASS_LIMITS.title, '如：周末陈式太极拳基础班')}
        <Field label="封面">
          <CoverUpload label="选择班级封面" value={form.cover} onChange={(p) => set('cover', p)} />
        </Field>
        {text('style', '拳种', CLASS_LIMITS.style, '如：太极拳')}
        {text('city', '城市', CLASS_LIMITS.city, '如：北京')}
        {text('venue', '场馆', CLASS_LIMITS.venue, '如：朝阳公园武术馆')}
        {text('address', '详细地址', CLASS_LIMITS.address)}
        {text('schedule', '上课时间', CLASS_LIMITS.schedule, '如：每周六 9:00-11:00')}
        <Field label="开班日期">
          <div className="flex items-center gap-2 text-sm">
            <input
              type="date"
              className="gf-input w-44"
              aria-label="开班日期"
              value={form.start_day}
              onChange={(e) => set('start_day', e.target.value)}
            />
            至
            <input
              type="date"
              className="gf-input w-44"
              aria-label="结课日期"
              value={form.end_day}
              onChange={(e) => set('end_day', e.target.value)}
            />
          </div>
        </Field>
        <Field label="报名截止" hint="留空则开班前都可报名">
          <input
            type="date"
            className="gf-input w-44"
            aria-label="报名截止日期"
            value={form.enrol_end_day}
            onChange={(e) => set('enrol_end_day', e.target.value)}
          />
        </Field>
        <Field label="招生名额" {...(form.enrolled > 0 ? { hint: `已有 ${form.enrolled} 人报名，名额不能少于 ${form.enrolled}` } : {})}>
          <input
            className="gf-input w-32"
            name="capacity"
            aria-label="招生名额"
            inputMode="numeric"
            value={form.capacity}
            onChange={(e) => set('capacity', e.target.value)}
          />
        </Field>
        <Field label="价格（元）" hint="0 为免费报名">
          <input
            className="gf-input w-32"
            name="price"
            aria-label="价格（元）"
            inputMode="decimal"
            value={form.price}
            onChange={(e) => set('price', e.target.value)}
          />
        </Field>
        <Field label="班级介绍">
          <RichText label="班级介绍" initial={initial.intro} onChange={(html) => set('intro', html)} />
        </Field>
        <Field label="">
          <div className="flex items-center gap-3">
            <button type="submit" className="gf-btn-primary w-32" disabled={save.busy}>
              {save.busy ? '保存中…' : '保存'}
            </button>
            {!form.id && <span className="text-xs text-ink-mute">新班级保存后为「未上架」，在班级管理中上架后开始报名</span>}
          </div>
        </Field>
      </form>
    </>
  );
}
