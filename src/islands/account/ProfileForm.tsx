import { useRef, useState, type SubmitEvent } from 'react';
import { fetchMemberInfo, profileForm, saveProfile, uploadImage, type ProfileForm as Form } from '~/lib/stores/account';
import { img } from '~/lib/media';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { MemberOnly } from '../ui/MemberOnly';
import { Heading } from '../ui/PageHead';
import { Field } from '../ui/form';
import { LoadFailed } from '../ui/states';
import { ImageFileInput } from '../ui/ImageFileInput';

const GENDERS: [number, string][] = [
  [1, '男'],
  [2, '女'],
  [0, '保密'],
];

/** /account/setting: nickname, avatar, gender, birthday, introduction. */
export default function ProfileForm() {
  return (
    <MemberOnly>
      <Profile />
    </MemberOnly>
  );
}

function Profile() {
  const member = useLoad(fetchMemberInfo);
  if (member.error && !member.data) return <LoadFailed load={member} />;
  if (!member.data) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  return <Editor initial={profileForm(member.data)} />;
}

function Editor(props: { initial: Form }) {
  const [form, setForm] = useState(props.initial);
  const save = useAction();
  const upload = useAction();
  const file = useRef<HTMLInputElement>(null);
  // Today in the browser, for the birthday picker (the editor only renders in the browser).
  const [today] = useState(() => new Date().toISOString().slice(0, 10));

  function pick([f]: File[]) {
    if (!f) return;
    void upload.run(
      async () => {
        const { path } = await uploadImage(f, 'avatar');
        setForm((cur) => ({ ...cur, avatar: path }));
      },
      { done: '头像已上传，保存后生效' },
    );
  }

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(() => saveProfile(form), { done: '保存成功' });
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
            <button type="button" className="gf-btn-ghost" disabled={upload.busy} onClick={() => file.current?.click()}>
              {upload.busy ? '上传中…' : '更换头像'}
            </button>
            <ImageFileInput ref={file} label="选择头像" onFiles={pick} />
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
            {GENDERS.map(([v, label]) => (
              <label key={v} className="flex cursor-pointer items-center gap-1.5">
                <input
                  type="radio"
                  name="gender"
                  className="accent-brand-accent"
                  checked={form.gender === v}
                  onChange={() => setForm({ ...form, gender: v })}
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
            max={today}
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
          <button type="submit" disabled={save.busy} className="gf-btn-primary w-32">
            {save.busy ? '保存中…' : '保存'}
          </button>
        </div>
      </form>
    </>
  );
}
