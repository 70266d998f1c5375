import { useState, type SubmitEvent } from 'react';
import type { SellerArea } from '~/lib/rules/seller-nav';
import { loadSettings, saveSettings, type SettingsForm as Form } from '~/lib/stores/seller-shop';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { SellerOnly } from './SellerOnly';
import { ImageUpload } from '../ui/ImageUpload';
import { PageHead } from '../ui/PageHead';
import { Field } from '../ui/form';
import { LoadFailed, Loading } from '../ui/states';

/** /coach/setting and /mechant/setting: the homepage's name, images, intro, city, labels and contact. */
export default function SettingsForm(props: { area: SellerArea }) {
  return (
    <SellerOnly area={props.area}>
      <Settings area={props.area} />
    </SellerOnly>
  );
}

function Settings(props: { area: SellerArea }) {
  const loaded = useLoad(() => loadSettings(props.area));
  if (loaded.error && !loaded.data) return <LoadFailed load={loaded} />;
  if (!loaded.data) return <Loading />;
  return <Editor area={props.area} initial={loaded.data} />;
}

function Editor(props: { area: SellerArea; initial: Form }) {
  const coach = props.area === 'coach';
  const [form, setForm] = useState(props.initial);
  const save = useAction();
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(
      async () => {
        setForm(await saveSettings(props.area, form));
      },
      { done: '保存成功，主页已更新' },
    );
  }

  return (
    <>
      <PageHead title={coach ? '教练设置' : '店铺设置'} sub="这些资料显示在你的公开主页上，保存后立即生效">
        <a className="gf-btn-ghost" href={form.anchor} target="_blank" rel="noopener" data-testid="anchor-link">
          <span className="i-ri-external-link-line" /> 查看我的主页
        </a>
      </PageHead>
      <form onSubmit={submit} noValidate className="flex max-w-[640px] flex-col gap-5" data-testid="settings-form">
        <Field
          label={coach ? '展示名称' : '店铺名称'}
          hint={
            coach
              ? '课程、直播、功夫圈、聊天和搜索中显示的名称，默认是你的昵称；不必填写真实姓名'
              : '课程、商品、直播、功夫圈、聊天和搜索中显示的名称'
          }
        >
          <input className="gf-input" aria-label="名称" maxLength={32} value={form.name} onChange={(e) => set({ name: e.target.value })} />
        </Field>
        <Field label={coach ? '头像' : '店铺 Logo'} hint="支持 JPG、PNG、GIF、WEBP，不超过 2MB">
          <ImageUpload
            label={coach ? '头像' : 'Logo'}
            shape="round"
            value={form.avatar}
            onChange={(avatar) => set({ avatar })}
            testId="avatar-file"
          />
        </Field>
        <Field label="主页封面" hint="建议 1180×240 的横图">
          <ImageUpload label="封面" shape="wide" value={form.cover} onChange={(cover) => set({ cover })} testId="cover-file" />
        </Field>
        {coach && (
          <>
            <Field label="头衔">
              <input
                className="gf-input"
                aria-label="头衔"
                maxLength={64}
                value={form.title}
                onChange={(e) => set({ title: e.target.value })}
              />
            </Field>
            <Field label="教龄（年）">
              <input
                className="gf-input w-[120px]"
                aria-label="教龄"
                inputMode="numeric"
                maxLength={2}
                value={form.years}
                onChange={(e) => set({ years: e.target.value })}
              />
            </Field>
          </>
        )}
        <Field label="简介">
          <textarea
            className="gf-input h-28 py-2"
            aria-label="简介"
            maxLength={500}
            value={form.intro}
            onChange={(e) => set({ intro: e.target.value })}
          />
          <p className="text-right text-xs text-ink-mute">{form.intro.length}/500</p>
        </Field>
        <Field label="所在城市">
          <input
            className="gf-input w-[240px]"
            aria-label="所在城市"
            maxLength={16}
            value={form.city}
            onChange={(e) => set({ city: e.target.value })}
          />
        </Field>
        <Field label={coach ? '擅长拳种' : '经营标签'} hint="用空格或逗号分隔，最多 6 个，每个不超过 8 个字">
          <input className="gf-input" aria-label="标签" value={form.labels} onChange={(e) => set({ labels: e.target.value })} />
        </Field>
        <Field label="联系电话" hint="填写后显示在主页上，留空则不公开">
          <input
            className="gf-input w-[240px]"
            aria-label="联系电话"
            inputMode="tel"
            maxLength={11}
            value={form.phone}
            onChange={(e) => set({ phone: e.target.value })}
          />
        </Field>
        <Field label="微信号" hint="留空则不公开">
          <input
            className="gf-input w-[240px]"
            aria-label="微信号"
            maxLength={20}
            value={form.wechat}
            onChange={(e) => set({ wechat: e.target.value })}
          />
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
