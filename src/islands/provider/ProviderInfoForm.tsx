import { useState, type SubmitEvent } from 'react';
import { PROVIDER_LIMITS, bpText } from '~/lib/rules/provider';
import { fetchProviderInfo, infoForm, saveProviderInfo, type InfoForm, type ProviderInfo } from '~/lib/stores/provider';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { ContactFields } from './ContactFields';
import { ProviderOnly } from './ProviderOnly';
import { ImageUpload } from '../ui/ImageUpload';
import { PageHead } from '../ui/PageHead';
import { Field } from '../ui/form';
import { LoadFailed, Loading } from '../ui/states';

/** /my/service_identity/info: the provider's profile. */
export default function ProviderInfoForm() {
  return (
    <ProviderOnly>
      <Info />
    </ProviderOnly>
  );
}

function Info() {
  const loaded = useLoad(fetchProviderInfo);
  if (loaded.error && !loaded.data) return <LoadFailed load={loaded} />;
  if (!loaded.data) return <Loading />;
  return <Editor initial={loaded.data} />;
}

function Editor(props: { initial: ProviderInfo }) {
  const [form, setForm] = useState<InfoForm>(infoForm(props.initial));
  const save = useAction();
  const set = (patch: Partial<InfoForm>) => setForm((f) => ({ ...f, ...patch }));
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(async () => setForm(infoForm(await saveProviderInfo(form))), { done: '保存成功' });
  }
  return (
    <>
      <PageHead title="服务商资料" sub={`分成比例 ${bpText(props.initial.commission_bp)}（由平台设定，如需调整请联系客服）`}>
        <a className="gf-link text-sm" href="/my/service_identity">
          返回概况
        </a>
      </PageHead>
      <form onSubmit={submit} noValidate className="flex max-w-[640px] flex-col gap-5" aria-label="服务商资料">
        <Field label="名称">
          <input
            className="gf-input"
            aria-label="名称"
            maxLength={PROVIDER_LIMITS.name}
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Field>
        <Field label="Logo" hint="支持 JPG、PNG、GIF、WEBP，不超过 2MB">
          <ImageUpload label="Logo" shape="round" value={form.logo} onChange={(logo) => set({ logo })} testId="logo-file" />
        </Field>
        <ContactFields form={form} set={set} />
        <div className="pl-[116px]">
          <button type="submit" disabled={save.busy} className="gf-btn-primary w-32">
            {save.busy ? '保存中…' : '保存'}
          </button>
        </div>
      </form>
    </>
  );
}
