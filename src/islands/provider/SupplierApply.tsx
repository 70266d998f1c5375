import { useState, type SubmitEvent } from 'react';
import { formatDateTime } from '~/lib/format';
import { PROVIDER_LIMITS } from '~/lib/rules/provider';
import { EMPTY_PROVIDER_FORM, fetchSupplierStatus, submitSupplier, type ProviderForm, type SupplierStatus } from '~/lib/stores/provider';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { ContactFields } from './ContactFields';
import { documentLink } from '~/lib/rules/agreements';
import { ImageUpload } from '../ui/ImageUpload';
import { MemberOnly } from '../ui/MemberOnly';
import { Field } from '../ui/form';
import { LoadFailed, Loading } from '../ui/states';

const PROVIDER_AGREEMENT = documentLink('serviceagreement');

const OFFERS = [
  '组建教练团队，提供课程策划、拍摄和运营服务',
  '查看团队课程、订单和资金明细',
  '团队教练每笔课程、班级订单按约定比例获得佣金（由平台承担，不影响教练收入）',
];

/** /account/regprovider: the application form and the state of its review. */
export default function SupplierApply() {
  return (
    <>
      <h1 className="mb-6 flex items-center gap-2 border-b border-line pb-4 text-lg font-600">
        <span className="i-ri-building-2-line text-2xl text-brand" />
        供应商入驻
      </h1>
      <MemberOnly>
        <Apply />
      </MemberOnly>
    </>
  );
}

function Apply() {
  const status = useLoad(fetchSupplierStatus);
  const [editing, setEditing] = useState(false);
  if (status.error && !status.data) return <LoadFailed load={status} />;
  const s = status.data;
  if (!s) return <Loading />;
  if (s.state === 'approved') {
    return (
      <State icon="i-ri-checkbox-circle-line text-success" title="您已是服务商" testid="supplier-approved">
        {s.review_note && <p className="text-sm text-ink-soft">审核备注：{s.review_note}</p>}
        <a className="gf-btn-primary" href="/my/service_identity">
          进入服务商管理
        </a>
      </State>
    );
  }
  if (s.state === 'pending') {
    return (
      <State icon="i-ri-time-line text-brand" title="申请审核中" testid="supplier-pending">
        <p className="text-sm text-ink-soft">
          {s.form?.name} · 提交于 {s.submitted_at ? formatDateTime(s.submitted_at) : ''}。审核结果会通过消息通知您。
        </p>
      </State>
    );
  }
  if (s.state === 'refused' && !editing) {
    return (
      <State icon="i-ri-close-circle-line text-danger" title="申请未通过" testid="supplier-refused">
        <p className="max-w-[480px] text-center text-sm text-ink-soft">原因：{s.refuse_reason}</p>
        <button type="button" className="gf-btn-primary" onClick={() => setEditing(true)}>
          修改后重新提交
        </button>
      </State>
    );
  }
  return (
    <ApplyForm
      status={s}
      onDone={(next) => {
        // Sent: the status replaces the long form at the top of the page, so go there.
        window.scrollTo({ top: 0 });
        status.set(next);
      }}
    />
  );
}

function State(props: { icon: string; title: string; testid: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 py-16" data-testid={props.testid}>
      <span className={`${props.icon} text-6xl`} />
      <p className="text-[16px] font-600 text-ink">{props.title}</p>
      {props.children}
    </div>
  );
}

function ApplyForm(props: { status: SupplierStatus; onDone: (s: SupplierStatus) => void }) {
  const [form, setForm] = useState<ProviderForm>(props.status.form ?? EMPTY_PROVIDER_FORM);
  // The licence is a private document: shown from a signed URL (the last application's, or the upload's).
  const [licenceUrl, setLicenceUrl] = useState(props.status.licence_url);
  const [agreed, setAgreed] = useState(false);
  const send = useAction();
  const set = (patch: Partial<ProviderForm>) => setForm((f) => ({ ...f, ...patch }));

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send.run(async () => props.onDone(await submitSupplier(form, agreed)), { done: '申请已提交，请等待审核' });
  }

  return (
    <>
      <section className="mb-6 rounded-lg bg-brand-light/60 px-6 py-4">
        <h2 className="mb-2 text-[15px] font-600">入驻后您可以</h2>
        <ul className="flex flex-col gap-1.5 text-sm text-ink-soft">
          {OFFERS.map((o) => (
            <li key={o} className="flex gap-2">
              <span className="i-ri-check-line mt-0.5 text-brand" />
              {o}
            </li>
          ))}
        </ul>
      </section>
      {props.status.state === 'refused' && (
        <p className="mb-4 rounded-md bg-danger-light px-4 py-2.5 text-sm text-danger" role="alert">
          上次申请未通过：{props.status.refuse_reason}
        </p>
      )}
      <form onSubmit={submit} noValidate className="flex max-w-[640px] flex-col gap-5" aria-label="服务商入驻申请">
        <Field label="公司/个人名称" hint="教练收到的团队邀请里显示这个名称；联系人、电话和执照只用于平台审核与联系，不公开">
          <input
            className="gf-input"
            aria-label="公司或个人名称"
            maxLength={PROVIDER_LIMITS.name}
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Field>
        <ContactFields form={form} set={set} introHint="介绍您的团队、服务内容和合作教练情况" counter />
        <Field label="营业执照" hint="营业执照或经营者身份证明照片，JPG、PNG、GIF、WEBP，不超过 2MB">
          <ImageUpload
            label="执照照片"
            shape="wide"
            document
            value={form.licence}
            preview={licenceUrl || undefined}
            onChange={(licence, url) => {
              set({ licence });
              setLicenceUrl(url);
            }}
            testId="licence-file"
          />
        </Field>
        <div className="pl-[116px] text-sm text-ink-soft">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} aria-label="同意服务商合作协议" />
            我已阅读并同意
            <a className="text-brand" href={PROVIDER_AGREEMENT.href} target="_blank" rel="noopener">
              {PROVIDER_AGREEMENT.label}
            </a>
          </label>
        </div>
        <div className="pl-[116px]">
          <button type="submit" disabled={send.busy} className="gf-btn-primary w-32">
            {send.busy ? '提交中…' : '提交申请'}
          </button>
        </div>
      </form>
    </>
  );
}
