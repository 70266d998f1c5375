import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { fetchMemberInfo, saveProfile, uploadImage } from '~/lib/stores/account';
import { errorText } from '~/lib/api/client';
import { img } from '~/lib/media';
import { toast } from '~/lib/toast';
import { Field, Heading, MemberOnly } from './parts';

const MAX_BYTES = 2 * 1024 * 1024;

/** /account/setting: nickname, avatar, gender, birthday, introduction. */
export default function ProfileForm() {
  return (
    <MemberOnly>
      <Profile />
    </MemberOnly>
  );
}

function Profile() {
  const [form, setForm] = useState<{ nick_name: string; avatar: string; gender: number; birthday: string; intro: string } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  useEffect(() => {
    fetchMemberInfo()
      .then((u) => setForm({ nick_name: u.nick_name, avatar: u.avatar, gender: u.gender, birthday: u.birthday, intro: u.intro }))
      .catch((err) => setError(errorText(err)));
  }, []);

  if (error)
    return (
      <p role="alert" className="py-16 text-center text-[#f56c6c]">
        {error}
      </p>
    );
  if (!form) return <p className="py-16 text-center text-ink-mute">加载中…</p>;

  async function pick(e: React.ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f || !form) return;
    if (!/^image\/(jpeg|png|gif|webp)$/.test(f.type)) return void toast.error('仅支持 JPG、PNG、GIF、WEBP 格式的图片');
    if (f.size > MAX_BYTES) return void toast.error('图片不能超过 2MB');
    setUploading(true);
    try {
      const { path } = await uploadImage(f, 'avatar');
      setForm({ ...form, avatar: path });
      toast.success('头像已上传，保存后生效');
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setUploading(false);
    }
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!form) return;
    if (!form.nick_name.trim()) return void toast.error('请填写昵称');
    setBusy(true);
    try {
      await saveProfile({ ...form, nick_name: form.nick_name.trim(), intro: form.intro.trim() });
      toast.success('保存成功');
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Heading title="个人信息" />
      <form onSubmit={submit} noValidate className="flex max-w-[560px] flex-col gap-6">
        <Field label="头像" hint="支持 JPG、PNG、GIF、WEBP，不超过 2MB">
          <div className="flex items-center gap-4">
            <img
              src={img(form.avatar)}
              width={80}
              height={80}
              alt="当前头像"
              className="h-20 w-20 rounded-full object-cover"
              data-testid="avatar-preview"
            />
            <button type="button" className="gf-btn-ghost" disabled={uploading} onClick={() => file.current?.click()}>
              {uploading ? '上传中…' : '更换头像'}
            </button>
            <input
              ref={file}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              className="hidden"
              aria-label="选择头像"
              onChange={pick}
            />
          </div>
        </Field>
        <Field label="昵称">
          <input
            className="gf-input"
            aria-label="昵称"
            maxLength={16}
            value={form.nick_name}
            onChange={(e) => setForm({ ...form, nick_name: e.target.value })}
          />
        </Field>
        <Field label="性别">
          <div className="flex h-10 items-center gap-6 text-sm">
            {[
              [1, '男'],
              [2, '女'],
              [0, '保密'],
            ].map(([v, label]) => (
              <label key={v} className="flex cursor-pointer items-center gap-1.5">
                <input
                  type="radio"
                  name="gender"
                  className="accent-brand"
                  checked={form.gender === v}
                  onChange={() => setForm({ ...form, gender: v as number })}
                />
                {label}
              </label>
            ))}
          </div>
        </Field>
        <Field label="生日">
          <input
            className="gf-input w-[220px]"
            aria-label="生日"
            type="date"
            min="1900-01-01"
            max={new Date().toISOString().slice(0, 10)}
            value={form.birthday}
            onChange={(e) => setForm({ ...form, birthday: e.target.value })}
          />
        </Field>
        <Field label="个人简介">
          <textarea
            className="gf-input h-28 py-2"
            aria-label="个人简介"
            maxLength={200}
            placeholder="介绍一下自己的习武经历吧"
            value={form.intro}
            onChange={(e) => setForm({ ...form, intro: e.target.value })}
          />
          <p className="text-right text-xs text-ink-mute">{form.intro.length}/200</p>
        </Field>
        <div className="pl-[116px]">
          <button type="submit" disabled={busy} className="gf-btn-primary w-32">
            {busy ? '保存中…' : '保存'}
          </button>
        </div>
      </form>
    </>
  );
}
