import { useRef, useState, type SubmitEvent } from 'react';
import { FEEDBACK_TYPES } from '~/lib/rules/notice';
import { FEEDBACK_MAX_IMAGES, sendFeedback, uploadImage, type FeedbackForm as Form } from '~/lib/stores/account';
import { img } from '~/lib/media';
import { useAction } from '../ui/useAction';
import { MemberOnly } from '../ui/MemberOnly';
import { Heading } from '../ui/PageHead';
import { Field } from '../ui/form';
import { ImageFileInput } from '../ui/ImageFileInput';

const EMPTY: Form = { type: '', content: '', images: [], contact: '' };

/** /account/other: feedback with a type, text, up to four screenshots and a contact. */
export default function FeedbackForm() {
  return (
    <MemberOnly>
      <Feedback />
    </MemberOnly>
  );
}

function Feedback() {
  const [form, setForm] = useState(EMPTY);
  const [sent, setSent] = useState(false);
  const save = useAction();
  const upload = useAction();
  const file = useRef<HTMLInputElement>(null);

  function pick([f]: File[]) {
    if (!f) return;
    void upload.run(async () => {
      const { path } = await uploadImage(f, 'feedback');
      setForm((cur) => ({ ...cur, images: [...cur.images, path].slice(0, FEEDBACK_MAX_IMAGES) }));
    });
  }

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(
      async () => {
        await sendFeedback(form);
        setSent(true);
      },
      { done: '感谢您的反馈，我们会尽快处理' },
    );
  }

  if (sent) {
    return (
      <div className="py-16 text-center" role="status">
        <span className="i-ri-checkbox-circle-fill text-5xl text-success" />
        <p className="mt-3 text-lg text-ink">反馈已提交，感谢您的宝贵意见</p>
        <p className="mt-1 text-sm text-ink-mute">处理结果会通过站内消息通知您</p>
        <button
          type="button"
          className="gf-btn-ghost mt-6"
          onClick={() => {
            setSent(false);
            setForm({ ...EMPTY, type: form.type, contact: form.contact });
          }}
        >
          继续反馈
        </button>
      </div>
    );
  }
  return (
    <>
      <Heading title="意见反馈" />
      <form onSubmit={submit} noValidate className="flex max-w-[640px] flex-col gap-6">
        <Field label="反馈类型">
          <div className="flex flex-wrap gap-3">
            {FEEDBACK_TYPES.map((t) => (
              <button
                type="button"
                key={t}
                aria-pressed={form.type === t}
                onClick={() => setForm({ ...form, type: t })}
                className={`gf-btn border ${form.type === t ? 'border-brand-accent bg-brand-light text-brand' : 'border-line text-ink-soft hover:text-brand'}`}
              >
                {t}
              </button>
            ))}
          </div>
        </Field>
        <Field label="反馈内容">
          <textarea
            className="gf-input h-36 py-2"
            aria-label="反馈内容"
            maxLength={500}
            placeholder="请详细描述您遇到的问题或建议（至少 5 个字）"
            value={form.content}
            onChange={(e) => setForm({ ...form, content: e.target.value })}
          />
          <p className="text-right text-xs text-ink-mute">{form.content.length}/500</p>
        </Field>
        <Field label="图片" hint={`选填，最多 ${FEEDBACK_MAX_IMAGES} 张，每张不超过 2MB`}>
          <div className="flex flex-wrap gap-3">
            {form.images.map((p) => (
              <div key={p} className="relative">
                <img src={img(p)} width={80} height={80} alt="反馈截图" className="h-20 w-20 rounded-md object-cover" />
                <button
                  type="button"
                  aria-label="删除图片"
                  className="absolute -right-2 -top-2 h-5 w-5 rounded-full bg-black/60 text-xs text-white"
                  onClick={() => setForm({ ...form, images: form.images.filter((x) => x !== p) })}
                >
                  ×
                </button>
              </div>
            ))}
            {form.images.length < FEEDBACK_MAX_IMAGES && (
              <button
                type="button"
                aria-label="添加图片"
                disabled={upload.busy}
                onClick={() => file.current?.click()}
                className="flex h-20 w-20 items-center justify-center rounded-md border border-dashed border-line-strong text-2xl text-ink-mute hover:(border-brand-accent text-brand)"
              >
                <span className="i-ri-add-line" />
              </button>
            )}
            <ImageFileInput ref={file} label="选择图片" onFiles={pick} />
          </div>
        </Field>
        <Field label="联系方式">
          <input
            className="gf-input"
            aria-label="联系方式"
            maxLength={64}
            placeholder="选填，手机号、QQ 或邮箱，方便我们联系您"
            value={form.contact}
            onChange={(e) => setForm({ ...form, contact: e.target.value })}
          />
        </Field>
        <div className="pl-[116px]">
          <button type="submit" disabled={save.busy} className="gf-btn-primary w-32">
            {save.busy ? '提交中…' : '提交反馈'}
          </button>
        </div>
      </form>
    </>
  );
}
