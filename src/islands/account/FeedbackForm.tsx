import { useRef, useState, type SubmitEvent } from 'react';
import { sendFeedback, uploadImage } from '~/lib/stores/account';
import { errorText } from '~/lib/api/client';
import { img } from '~/lib/media';
import { toast } from '~/lib/toast';
import { Field, Heading, MemberOnly } from './parts';

const TYPES = ['功能建议', '问题报告', '投诉举报', '其他'] as const;
const MAX_IMAGES = 4;

/** /account/other: feedback with a type, text, up to four screenshots and a contact. */
export default function FeedbackForm() {
  return (
    <MemberOnly>
      <Form />
    </MemberOnly>
  );
}

function Form() {
  const [type, setType] = useState<string>('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [contact, setContact] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  async function pick(e: React.ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    if (f.size > 2 * 1024 * 1024) return void toast.error('图片不能超过 2MB');
    try {
      const { path } = await uploadImage(f, 'feedback');
      setImages((list) => [...list, path].slice(0, MAX_IMAGES));
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!type) return void toast.error('请选择反馈类型');
    if (content.trim().length < 5) return void toast.error('反馈内容至少 5 个字');
    setBusy(true);
    try {
      await sendFeedback({ type, content: content.trim(), images, contact: contact.trim() });
      toast.success('感谢您的反馈，我们会尽快处理');
      setSent(true);
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="py-16 text-center" role="status">
        <span className="i-ri-checkbox-circle-fill text-5xl text-[#52c41a]" />
        <p className="mt-3 text-lg text-ink">反馈已提交，感谢您的宝贵意见</p>
        <p className="mt-1 text-sm text-ink-mute">处理结果会通过站内消息通知您</p>
        <button
          type="button"
          className="gf-btn-ghost mt-6"
          onClick={() => {
            setSent(false);
            setContent('');
            setImages([]);
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
            {TYPES.map((t) => (
              <button
                type="button"
                key={t}
                aria-pressed={type === t}
                onClick={() => setType(t)}
                className={`gf-btn border ${type === t ? 'border-brand bg-brand-light text-brand' : 'border-line text-ink-soft hover:text-brand'}`}
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
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
          <p className="text-right text-xs text-ink-mute">{content.length}/500</p>
        </Field>
        <Field label="图片" hint={`选填，最多 ${MAX_IMAGES} 张，每张不超过 2MB`}>
          <div className="flex flex-wrap gap-3">
            {images.map((p) => (
              <div key={p} className="relative">
                <img src={img(p)} width={80} height={80} alt="反馈截图" className="h-20 w-20 rounded-md object-cover" />
                <button
                  type="button"
                  aria-label="删除图片"
                  className="absolute -right-2 -top-2 h-5 w-5 rounded-full bg-black/60 text-xs text-white"
                  onClick={() => setImages(images.filter((x) => x !== p))}
                >
                  ×
                </button>
              </div>
            ))}
            {images.length < MAX_IMAGES && (
              <button
                type="button"
                aria-label="添加图片"
                onClick={() => file.current?.click()}
                className="flex h-20 w-20 items-center justify-center rounded-md border border-dashed border-[#dcdfe6] text-2xl text-ink-mute hover:(border-brand text-brand)"
              >
                <span className="i-ri-add-line" />
              </button>
            )}
            <input
              ref={file}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              className="hidden"
              aria-label="选择图片"
              onChange={pick}
            />
          </div>
        </Field>
        <Field label="联系方式">
          <input
            className="gf-input"
            aria-label="联系方式"
            maxLength={64}
            placeholder="选填，手机号、QQ 或邮箱，方便我们联系您"
            value={contact}
            onChange={(e) => setContact(e.target.value)}
          />
        </Field>
        <div className="pl-[116px]">
          <button type="submit" disabled={busy} className="gf-btn-primary w-32">
            {busy ? '提交中…' : '提交反馈'}
          </button>
        </div>
      </form>
    </>
  );
}
