import { useState, type SubmitEvent } from 'react';
import { compressPhoto } from '~/lib/stores/image-compress';
import { img } from '~/lib/media';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { FEEDBACK_TYPES } from '~/lib/rules/notice';
import { FEEDBACK_MAX_IMAGES, sendFeedback, uploadImage, type FeedbackForm as Form } from '~/lib/stores/account';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { useAction } from '~/islands/ui/useAction';
import { PhotoPicker } from './parts';

const EMPTY: Form = { type: '', content: '', images: [], contact: '' };

/**
 * /m/my/feedback (意见反馈): a type, the text, up to four pictures from the camera or album, and a
 * contact — the desktop's form and rules. The answer comes back as a notice (消息通知).
 */
export default function MyFeedback() {
  return (
    <MemberGate text="登录后提交意见反馈">
      <Feedback />
    </MemberGate>
  );
}

function Feedback() {
  const [form, setForm] = useState(EMPTY);
  const [sent, setSent] = useState(false);
  const save = useAction();
  const upload = useAction();

  function pick(f: File) {
    void upload.run(async () => {
      const { path } = await uploadImage(await compressPhoto(f), 'feedback');
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

  if (sent)
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-16 text-center" role="status">
        <span className="i-ri-checkbox-circle-fill text-6xl text-success" aria-hidden="true" />
        <p className="text-lg">反馈已提交，感谢您的宝贵意见</p>
        <p className="text-sm text-ink-mute">处理结果会通过消息通知告诉您</p>
        <div className="mt-4 flex w-full max-w-xs gap-3">
          <a className="gf-m-btn-ghost flex-1" href={MOBILE_PATHS.notices}>
            查看消息
          </a>
          <button
            type="button"
            className="gf-m-btn-primary flex-1"
            onClick={() => {
              setSent(false);
              setForm({ ...EMPTY, type: form.type, contact: form.contact });
            }}
          >
            继续反馈
          </button>
        </div>
      </div>
    );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col pb-6" data-testid="m-feedback-form">
      <div className="gf-m-card mx-3 mt-3 flex flex-col gap-4 p-4">
        <fieldset>
          <legend className="mb-2 text-[15px] font-500">反馈类型</legend>
          <div className="flex flex-wrap gap-2">
            {FEEDBACK_TYPES.map((t) => (
              <button
                type="button"
                key={t}
                aria-pressed={form.type === t}
                onClick={() => setForm({ ...form, type: t })}
                className={`min-h-9 rounded-full border px-4 text-sm ${form.type === t ? 'border-brand-accent bg-brand-light text-brand' : 'border-line text-ink-soft'}`}
              >
                {t}
              </button>
            ))}
          </div>
        </fieldset>
        <label className="flex flex-col gap-2">
          <span className="text-[15px] font-500">反馈内容</span>
          <textarea
            className="h-36 w-full rounded-lg border border-line-strong p-2 text-base outline-none focus:border-brand-accent"
            aria-label="反馈内容"
            maxLength={500}
            placeholder="请详细描述您遇到的问题或建议（至少 5 个字）"
            value={form.content}
            onChange={(e) => setForm({ ...form, content: e.target.value })}
          />
          <span className="text-right text-xs text-ink-mute">{form.content.length}/500</span>
        </label>
        <div className="flex flex-col gap-2">
          <span className="text-[15px] font-500">图片</span>
          <div className="flex flex-wrap gap-3">
            {form.images.map((p) => (
              <div key={p} className="relative">
                <img src={img(p)} width={72} height={72} alt="反馈图片" className="h-18 w-18 rounded-md object-cover" />
                <button
                  type="button"
                  aria-label="删除图片"
                  className="absolute -right-3 -top-3 flex h-11 w-11 items-center justify-center"
                  onClick={() => setForm({ ...form, images: form.images.filter((x) => x !== p) })}
                >
                  <span className="flex h-5 w-5 items-center justify-center rounded-full bg-night/60 text-xs text-white">×</span>
                </button>
              </div>
            ))}
            {form.images.length < FEEDBACK_MAX_IMAGES && (
              <PhotoPicker
                label="添加图片"
                onFile={pick}
                disabled={upload.busy}
                testId="m-feedback-camera"
                className="flex h-18 w-18 items-center justify-center rounded-md border border-dashed border-line-strong text-2xl text-ink-mute"
              >
                <span className={upload.busy ? 'i-ri-loader-4-line animate-spin' : 'i-ri-camera-line'} aria-hidden="true" />
              </PhotoPicker>
            )}
          </div>
          <span className="text-xs text-ink-mute">选填，最多 {FEEDBACK_MAX_IMAGES} 张</span>
        </div>
        <label className="flex flex-col gap-2">
          <span className="text-[15px] font-500">联系方式</span>
          <input
            className="gf-m-input"
            aria-label="联系方式"
            maxLength={64}
            placeholder="选填，手机号、QQ 或邮箱"
            value={form.contact}
            onChange={(e) => setForm({ ...form, contact: e.target.value })}
          />
        </label>
      </div>
      <div className="mx-3 mt-4">
        <button type="submit" disabled={save.busy || upload.busy} className="gf-m-btn-primary w-full text-base">
          {save.busy ? '提交中…' : '提交反馈'}
        </button>
      </div>
    </form>
  );
}
