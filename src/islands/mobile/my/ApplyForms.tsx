/** The coach, shop and provider application forms on the phone (SPEC's application rules, the desktop's stores). */
import { useState, type SubmitEvent } from 'react';

import { formatDateTime } from '~/lib/format';

import { docImg } from '~/lib/media';
import { documentLink } from '~/lib/rules/agreements';
import { APPLY_LIMITS as L, ExamineStatus, KIND_INFO } from '~/lib/rules/applications';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { PROVIDER_LIMITS } from '~/lib/rules/provider';

import {
  coachFormOf,
  emptyCoachForm,
  emptyShopForm,
  fetchCoachFailInfo,
  fetchCourseLabels,
  fetchShopFailInfo,
  shopFormOf,
  submitCoach,
  submitShop,
  toggleLabel,
  withDocument,
  type CoachForm,
  type IdentityApplication,
  type ShopForm,
} from '~/lib/stores/applications';
import { EMPTY_PROVIDER_FORM, fetchSupplierStatus, submitSupplier, type ProviderForm, type SupplierStatus } from '~/lib/stores/provider';

import { useAction } from '~/islands/ui/useAction';
import { useLoad } from '~/islands/ui/useLoad';
import { Failed, Loading } from './parts';

import { Agree, Block, Head, Input, Photo, Regions, StatusCard, SubmitBar, usePrefill } from './apply-fields';

export function CoachArea(props: { info: IdentityApplication; onDone: () => void }) {
  const prefill = usePrefill(
    props.info,
    async () => {
      const f = await fetchCoachFailInfo();
      return { reason: f.reason, form: coachFormOf(f.answers, f.doc_urls) };
    },
    emptyCoachForm(),
  );
  const labels = useLoad(fetchCourseLabels);
  if (prefill.error && !prefill.data) return <Failed error={prefill.error} retry={prefill.reload} />;
  if (labels.error && !labels.data) return <Failed error={labels.error} retry={labels.reload} />;
  if (!prefill.data || !labels.data) return <Loading />;
  return (
    <>
      <Head kind="coach" fee={props.info.fee} reason={props.info.status === ExamineStatus.REFUSED ? prefill.data.reason : null} />
      <CoachFormView initial={prefill.data.form} labels={labels.data} onDone={props.onDone} />
    </>
  );
}

function CoachFormView(props: { initial: CoachForm; labels: { id: number; name: string }[]; onDone: () => void }) {
  const [form, setForm] = useState(props.initial);
  const send = useAction();
  const pick = useAction();
  const set = (patch: Partial<CoachForm>) => setForm((f) => ({ ...f, ...patch }));
  const setDoc = (patch: (path: string, f: CoachForm) => Partial<CoachForm>) => (path: string, url: string) =>
    setForm((f) => withDocument(f, patch(path, f), path, url));
  const preview = (path: string) => docImg(path, form.doc_urls);
  const [name, href] = KIND_INFO.coach.agreement;
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send.run(() => submitCoach(form), { done: '申请已提交，请等待审核' }).then((r) => r && props.onDone());
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col" data-testid="m-coach-apply">
      <div className="gf-m-card mx-3 divide-y divide-line">
        <Block label="真实姓名" hint="仅供平台审核，不公开">
          <Input label="真实姓名" maxLength={L.realName} value={form.real_name} onChange={(real_name) => set({ real_name })} />
        </Block>
        <Block label="身份证号" hint={form.id_mask ? `留空则沿用上次提交的号码 ${form.id_mask}` : '仅用于身份核验，加密保存'}>
          <Input
            label="身份证号"
            maxLength={18}
            placeholder={form.id_mask || '18 位身份证号'}
            value={form.id_number}
            onChange={(id_number) => set({ id_number })}
          />
        </Block>
        <Block label="身份证照片" hint="请拍摄清晰的身份证正反面">
          <div className="flex justify-around gap-3">
            <Photo
              label="人像面"
              wide
              document
              value={form.id_front}
              preview={preview(form.id_front)}
              onChange={setDoc((id_front) => ({ id_front }))}
              testId="m-id-front"
            />
            <Photo
              label="国徽面"
              wide
              document
              value={form.id_back}
              preview={preview(form.id_back)}
              onChange={setDoc((id_back) => ({ id_back }))}
              testId="m-id-back"
            />
          </div>
        </Block>
        <Block label="联系电话">
          <Input label="联系电话" tel maxLength={11} value={form.phone} onChange={(phone) => set({ phone })} />
        </Block>
        <Block label="所在城市">
          <Regions value={form} onChange={(v) => set({ province: v.province, city: v.city })} />
        </Block>
        <Block label="擅长拳种" hint={`最多选择 ${L.labelsMax} 个`}>
          <div className="flex flex-wrap gap-2" role="group" aria-label="擅长拳种">
            {props.labels.map((l) => {
              const on = form.label_ids.includes(l.id);
              return (
                <button
                  key={l.id}
                  type="button"
                  aria-pressed={on}
                  onClick={() => void pick.run(async () => set({ label_ids: toggleLabel(form.label_ids, l.id) }))}
                  className={`min-h-9 rounded-full border px-3 text-sm ${on ? 'border-brand-accent bg-brand-light text-brand' : 'border-line text-ink-soft'}`}
                >
                  {l.name}
                </button>
              );
            })}
          </div>
        </Block>
        <Block label="个人简介">
          <textarea
            className="h-28 w-full rounded-lg border border-line-strong p-2 text-base outline-none focus:border-brand-accent"
            aria-label="个人简介"
            maxLength={L.intro}
            placeholder="习武经历、教学经验、获奖情况等"
            value={form.intro}
            onChange={(e) => set({ intro: e.target.value })}
          />
          <span className="text-right text-xs text-ink-mute">
            {form.intro.length}/{L.intro}
          </span>
        </Block>
        <Block label="资质证书" hint={`段位证书、教练员证书等，选填，最多 ${L.certificatesMax} 张`}>
          <div className="flex flex-wrap gap-3">
            {form.certificates.map((c, i) => (
              <div key={c} className="relative">
                <Photo
                  label={`证书 ${i + 1}`}
                  document
                  value={c}
                  preview={preview(c)}
                  onChange={setDoc((p, f) => ({ certificates: f.certificates.map((x, j) => (j === i ? p : x)) }))}
                  testId={`m-certificate-${i}`}
                />
                <button
                  type="button"
                  aria-label={`删除证书 ${i + 1}`}
                  className="absolute -right-3 -top-3 flex h-11 w-11 items-center justify-center"
                  onClick={() => set({ certificates: form.certificates.filter((_, j) => j !== i) })}
                >
                  <span className="flex h-5 w-5 items-center justify-center rounded-full bg-danger text-xs text-white">×</span>
                </button>
              </div>
            ))}
            {form.certificates.length < L.certificatesMax && (
              <Photo
                label="添加证书"
                document
                value=""
                onChange={setDoc((p, f) => ({ certificates: [...f.certificates, p] }))}
                testId="m-certificate"
              />
            )}
          </div>
        </Block>
      </div>
      <Agree label={`《${name}》`} href={href} checked={form.agree} onChange={(agree) => set({ agree })} />
      <SubmitBar busy={send.busy} />
    </form>
  );
}

export function ShopArea(props: { info: IdentityApplication; onDone: () => void }) {
  const prefill = usePrefill(
    props.info,
    async () => {
      const f = await fetchShopFailInfo();
      return { reason: f.reason, form: shopFormOf(f.answers, f.doc_urls) };
    },
    emptyShopForm(),
  );
  if (prefill.error && !prefill.data) return <Failed error={prefill.error} retry={prefill.reload} />;
  if (!prefill.data) return <Loading />;
  return (
    <>
      <Head kind="shop" fee={props.info.fee} reason={props.info.status === ExamineStatus.REFUSED ? prefill.data.reason : null} />
      <ShopFormView initial={prefill.data.form} onDone={props.onDone} />
    </>
  );
}

function ShopFormView(props: { initial: ShopForm; onDone: () => void }) {
  const [form, setForm] = useState(props.initial);
  const send = useAction();
  const set = (patch: Partial<ShopForm>) => setForm((f) => ({ ...f, ...patch }));
  const [name, href] = KIND_INFO.shop.agreement;
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send.run(() => submitShop(form), { done: '申请已提交，请等待审核' }).then((r) => r && props.onDone());
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col" data-testid="m-shop-apply">
      <div className="gf-m-card mx-3 divide-y divide-line">
        <Block label="店铺名称">
          <Input label="店铺名称" maxLength={L.shopName} value={form.shop_name} onChange={(shop_name) => set({ shop_name })} />
        </Block>
        <Block label="店铺 Logo" hint="方图，公开展示">
          <Photo label="Logo" value={form.logo} onChange={(logo) => set({ logo })} testId="m-logo" />
        </Block>
        <Block label="统一社会信用代码" hint="营业执照上的 18 位代码">
          <Input label="统一社会信用代码" maxLength={18} value={form.licence_no} onChange={(licence_no) => set({ licence_no })} />
        </Block>
        <Block label="营业执照" hint="仅供平台审核，不公开">
          <Photo
            label="执照照片"
            wide
            document
            value={form.licence_image}
            preview={docImg(form.licence_image, form.doc_urls)}
            onChange={(licence_image, url) => setForm((f) => withDocument(f, { licence_image }, licence_image, url))}
            testId="m-licence"
          />
        </Block>
        <Block label="所在地区">
          <Regions district value={form} onChange={(v) => set(v)} />
        </Block>
        <Block label="详细地址">
          <Input label="详细地址" maxLength={L.address} value={form.address} onChange={(address) => set({ address })} />
        </Block>
        <Block label="联系人" hint="仅供平台审核与联系，不公开">
          <Input label="联系人" maxLength={L.contactName} value={form.contact_name} onChange={(contact_name) => set({ contact_name })} />
        </Block>
        <Block label="联系电话">
          <Input label="联系电话" tel maxLength={11} value={form.contact_phone} onChange={(contact_phone) => set({ contact_phone })} />
        </Block>
      </div>
      <Agree label={`《${name}》`} href={href} checked={form.agree} onChange={(agree) => set({ agree })} />
      <SubmitBar busy={send.busy} />
    </form>
  );
}

const PROVIDER_AGREEMENT = documentLink('serviceagreement');

export function ProviderApply() {
  const status = useLoad(fetchSupplierStatus);
  const [editing, setEditing] = useState(false);
  const s = status.data;
  if (status.error && !s) return <Failed error={status.error} retry={status.reload} />;
  if (!s) return <Loading />;
  if (s.state === 'approved')
    return (
      <StatusCard icon="i-ri-checkbox-circle-line text-success" title="您已是服务商">
        {s.review_note && <p className="text-sm text-ink-soft">审核备注：{s.review_note}</p>}
        <a className="gf-m-btn-primary mt-2 w-40" href={MOBILE_PATHS.seller}>
          查看今日数据
        </a>
      </StatusCard>
    );
  if (s.state === 'pending')
    return (
      <StatusCard icon="i-ri-time-line text-brand" title="审核中">
        <p className="text-sm text-ink-soft">
          {s.form?.name} · 提交于 {s.submitted_at ? formatDateTime(s.submitted_at) : ''}。审核结果会通过消息通知您。
        </p>
      </StatusCard>
    );
  if (s.state === 'refused' && !editing)
    return (
      <StatusCard icon="i-ri-close-circle-line text-danger" title="申请未通过">
        <p className="text-sm text-ink-soft" data-testid="m-refuse-reason">
          原因：{s.refuse_reason}
        </p>
        <button type="button" className="gf-m-btn-primary mt-2 w-48" onClick={() => setEditing(true)}>
          修改后重新提交
        </button>
      </StatusCard>
    );
  return (
    <ProviderFormView
      status={s}
      onDone={(next) => {
        window.scrollTo({ top: 0 });
        status.set(next);
      }}
    />
  );
}

function ProviderFormView(props: { status: SupplierStatus; onDone: (s: SupplierStatus) => void }) {
  const [form, setForm] = useState<ProviderForm>(props.status.form ?? EMPTY_PROVIDER_FORM);
  const [licenceUrl, setLicenceUrl] = useState(props.status.licence_url);
  const [agreed, setAgreed] = useState(false);
  const send = useAction();
  const set = (patch: Partial<ProviderForm>) => setForm((f) => ({ ...f, ...patch }));
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send.run(async () => props.onDone(await submitSupplier(form, agreed)), { done: '申请已提交，请等待审核' });
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col" data-testid="m-provider-apply">
      {props.status.state === 'refused' && (
        <p role="alert" className="mx-3 mb-3 rounded-lg bg-danger-light px-3 py-2 text-sm text-danger">
          上次申请未通过：{props.status.refuse_reason}
        </p>
      )}
      <div className="gf-m-card mx-3 divide-y divide-line">
        <Block label="公司/个人名称" hint="教练收到的团队邀请里显示这个名称">
          <Input label="公司或个人名称" maxLength={PROVIDER_LIMITS.name} value={form.name} onChange={(name) => set({ name })} />
        </Block>
        <Block label="联系人" hint="联系人、电话和执照只用于平台审核与联系，不公开">
          <Input label="联系人" maxLength={PROVIDER_LIMITS.contact} value={form.contact} onChange={(contact) => set({ contact })} />
        </Block>
        <Block label="联系电话">
          <Input label="联系电话" tel maxLength={11} value={form.phone} onChange={(phone) => set({ phone })} />
        </Block>
        <Block label="所在城市">
          <Input label="所在城市" maxLength={PROVIDER_LIMITS.city} value={form.city} onChange={(city) => set({ city })} />
        </Block>
        <Block label="简介">
          <textarea
            className="h-28 w-full rounded-lg border border-line-strong p-2 text-base outline-none focus:border-brand-accent"
            aria-label="简介"
            maxLength={PROVIDER_LIMITS.intro}
            placeholder="介绍您的团队、服务内容和合作教练情况"
            value={form.intro}
            onChange={(e) => set({ intro: e.target.value })}
          />
        </Block>
        <Block label="营业执照" hint="营业执照或经营者身份证明照片，仅供审核">
          <Photo
            label="执照照片"
            wide
            document
            value={form.licence}
            preview={licenceUrl || undefined}
            onChange={(licence, url) => {
              set({ licence });
              setLicenceUrl(url);
            }}
            testId="m-licence"
          />
        </Block>
      </div>
      <Agree label={PROVIDER_AGREEMENT.label} href={PROVIDER_AGREEMENT.href} checked={agreed} onChange={setAgreed} />
      <SubmitBar busy={send.busy} />
    </form>
  );
}
