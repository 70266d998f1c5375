import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { APPLY_LIMITS as L, ExamineStatus, KIND_INFO, feeText, mayApply, type ApplicationKind } from '~/lib/rules/applications';
import {
  type CoachForm,
  coachFormOf,
  emptyCoachForm,
  emptyShopForm,
  fetchCoachFailInfo,
  fetchCourseLabels,
  fetchShopFailInfo,
  type IdentityApplication,
  loadIdentity,
  type ShopForm,
  shopFormOf,
  submitCoach,
  submitShop,
  toggleLabel,
  withDocument,
} from '~/lib/stores/applications';
import { errorText, mayRetry } from '~/lib/api/client';
import { docImg } from '~/lib/media';
import { toast } from '~/lib/toast';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { PhotoField, RegionSelect, StatusCard } from './parts';
import { MemberOnly } from '../ui/MemberOnly';
import { Field } from '../ui/form';
import { LoadFailed, Loading } from '../ui/states';

/**
 * /account/regcoach and /account/regmechant (SPEC §4): the examine status decides what shows. 1 and
 * 4 open the form (4 prefilled from the refused application, with the reason); any other status
 * shows the server's msg as a warning and a status card instead of the form — a direct URL load is
 * gated exactly like the nav link.
 */
export default function ApplyPage(props: { kind: ApplicationKind }) {
  return (
    <MemberOnly>
      <Gate kind={props.kind} />
    </MemberOnly>
  );
}

function Gate(props: { kind: ApplicationKind }) {
  const loaded = useLoad(() => loadIdentity(props.kind));
  const info = loaded.data;
  const opened = useRef(false);
  useEffect(() => {
    if (!info || opened.current) return;
    // Only opening the page while the status keeps the form closed warns (SPEC §4); the status
    // that follows a submission is announced by its success toast alone.
    opened.current = true;
    if (!mayApply(info.status)) toast.warning(info.msg);
  }, [info]);
  if (loaded.error && !info) return <LoadFailed load={loaded} />;
  if (!info) return <Loading />;
  if (!mayApply(info.status)) return <StatusView info={info} />;
  // Sent: the status card replaces the long form at the top of the page, so go there.
  const done = () => {
    window.scrollTo({ top: 0 });
    loaded.reload();
  };
  return props.kind === 'coach' ? <CoachArea info={info} onDone={done} /> : <ShopArea info={info} onDone={done} />;
}

/** What a member who may not fill the form sees, with the way forward where there is one. */
function StatusView(props: { info: IdentityApplication }) {
  const { info } = props;
  const k = KIND_INFO[info.kind];
  const app = info.application;
  switch (info.status) {
    case ExamineStatus.PENDING:
      return (
        <StatusCard icon="i-ri-time-line" tone="brand" title="申请审核中">
          <p className="text-sm text-ink-soft">{info.msg}</p>
          {app && <p className="text-xs text-ink-mute">提交时间：{new Date(app.created_at).toLocaleString('zh-CN')}</p>}
          <p className="text-xs text-ink-mute">审核结果会通过“消息通知”告诉你</p>
        </StatusCard>
      );
    case ExamineStatus.APPROVED:
      return (
        <StatusCard icon="i-ri-checkbox-circle-line" tone="ok" title="审核已通过">
          <p className="text-sm text-ink-soft">{info.msg}</p>
          {app?.review_note && <p className="text-xs text-ink-mute">审核备注：{app.review_note}</p>}
          <a className="gf-btn-primary mt-2 w-40" href={k.settlePage}>
            去完成入驻
          </a>
        </StatusCard>
      );
    case ExamineStatus.SETTLED:
      return (
        <StatusCard icon="i-ri-medal-line" tone="ok" title={`你已经是${k.who}`}>
          <p className="text-sm text-ink-soft">{info.msg}</p>
          <a className="gf-btn-primary mt-2 w-40" href={k.manage}>
            进入{info.kind === 'coach' ? '教练管理' : '店铺管理'}
          </a>
        </StatusCard>
      );
    default:
      return (
        <StatusCard icon="i-ri-error-warning-line" tone="warn" title="暂不能申请">
          <p className="max-w-[460px] text-sm text-ink-soft">{info.msg}</p>
        </StatusCard>
      );
  }
}

function Head(props: { kind: ApplicationKind; fee: number; children?: ReactNode }) {
  const k = KIND_INFO[props.kind];
  return (
    <div className="mb-6 border-b border-line pb-4">
      <h1 className="flex items-center gap-2 text-lg font-600 text-ink">
        <span className={`${props.kind === 'coach' ? 'i-ri-user-star-line' : 'i-ri-store-2-line'} text-2xl text-brand`} />
        {k.title}
      </h1>
      <p className="mt-1 text-xs text-ink-mute">
        提交后由平台审核（通常 1–3 个工作日），通过后缴纳入驻费即可开通{k.who}身份。入驻费：{feeText(props.fee)}
      </p>
      {props.children}
    </div>
  );
}

function Refusal(props: { reason: string }) {
  return (
    <div role="alert" className="mt-4 rounded-md bg-danger-light px-4 py-3 text-sm text-danger" data-testid="refuse-reason">
      <span className="i-ri-close-circle-line mr-1 align-[-2px]" />
      上次申请未通过：{props.reason || '未说明原因'}。请修改后重新提交。
    </div>
  );
}

function Agreement(props: { kind: ApplicationKind; checked: boolean; onChange: (v: boolean) => void }) {
  const [name, href] = KIND_INFO[props.kind].agreement;
  return (
    <label className="flex items-center gap-2 pl-[116px] text-sm text-ink-soft">
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} aria-label="同意入驻协议" />
      我已阅读并同意
      <a className="text-brand" href={href} target="_blank" rel="noopener">
        《{name}》
      </a>
    </label>
  );
}

/** Loads the refused application's answers when there is one, then the form. */
function usePrefill<T>(info: IdentityApplication, load: () => Promise<{ reason: string; form: T }>, empty: T) {
  const refused = info.status === ExamineStatus.REFUSED;
  const [state, setState] = useState<{ reason: string; form: T } | null>(refused ? null : { reason: '', form: empty });
  const [error, setError] = useState({ text: '', retryable: false });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!refused) return;
    let live = true;
    load().then(
      (s) => {
        if (live) setState(s);
      },
      (err: unknown) => {
        if (live) setError({ text: errorText(err), retryable: mayRetry(err) });
      },
    );
    return () => {
      live = false;
    };
    // Loaded once per retry; `load` is a fresh closure every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused, round]);
  const retry = () => setRound((r) => r + 1);
  return { state, error: error.text, retry: error.retryable ? retry : undefined };
}

/* ---------- coach ---------- */

function CoachArea(props: { info: IdentityApplication; onDone: () => void }) {
  const prefill = usePrefill(
    props.info,
    async () => {
      const f = await fetchCoachFailInfo();
      return { reason: f.reason, form: coachFormOf(f.answers, f.doc_urls) };
    },
    emptyCoachForm(),
  );
  const labels = useLoad(() => fetchCourseLabels());
  if (prefill.error && !prefill.state) return <LoadFailed error={prefill.error} retry={prefill.retry} />;
  if (labels.error && !labels.data) return <LoadFailed load={labels} />;
  if (!prefill.state || !labels.data) return <Loading />;
  return (
    <>
      <Head kind="coach" fee={props.info.fee}>
        {props.info.status === ExamineStatus.REFUSED ? <Refusal reason={prefill.state.reason} /> : null}
      </Head>
      <CoachFormView initial={prefill.state.form} labels={labels.data} onDone={props.onDone} />
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
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send
      .run(() => submitCoach(form), { done: '申请已提交，请等待审核' })
      .then((r) => {
        if (r) props.onDone();
      });
  }
  return (
    <form onSubmit={submit} noValidate className="flex max-w-[720px] flex-col gap-5" data-testid="coach-apply-form">
      <Field label="真实姓名" hint="仅供平台审核，不公开；你的公开名称是昵称，入驻后可在教练设置中修改">
        <input
          className="gf-input w-[240px]"
          aria-label="真实姓名"
          maxLength={L.realName}
          value={form.real_name}
          onChange={(e) => set({ real_name: e.target.value })}
        />
      </Field>
      <Field
        label="身份证号"
        hint={form.id_mask ? `留空则沿用上次提交的号码 ${form.id_mask}` : '仅用于身份核验，加密保存，页面只显示部分号码'}
      >
        <input
          className="gf-input w-[300px]"
          aria-label="身份证号"
          maxLength={18}
          placeholder={form.id_mask || '18 位身份证号'}
          value={form.id_number}
          onChange={(e) => set({ id_number: e.target.value })}
        />
      </Field>
      <Field label="身份证照片" hint="请上传清晰的身份证正反面照片，支持 JPG、PNG，不超过 2MB">
        <div className="flex gap-6">
          <PhotoField
            label="人像面"
            wide
            document
            value={form.id_front}
            preview={preview(form.id_front)}
            onChange={setDoc((id_front) => ({ id_front }))}
            testId="id-front-file"
          />
          <PhotoField
            label="国徽面"
            wide
            document
            value={form.id_back}
            preview={preview(form.id_back)}
            onChange={setDoc((id_back) => ({ id_back }))}
            testId="id-back-file"
          />
        </div>
      </Field>
      <Field label="联系电话">
        <input
          className="gf-input w-[240px]"
          aria-label="联系电话"
          inputMode="tel"
          maxLength={11}
          value={form.phone}
          onChange={(e) => set({ phone: e.target.value })}
        />
      </Field>
      <Field label="所在城市">
        <RegionSelect value={form} onChange={(v) => set({ province: v.province, city: v.city })} />
      </Field>
      <Field label="擅长拳种" hint={`最多选择 ${L.labelsMax} 个`}>
        <div className="flex flex-wrap gap-2" role="group" aria-label="擅长拳种">
          {props.labels.map((l) => {
            const on = form.label_ids.includes(l.id);
            return (
              <button
                key={l.id}
                type="button"
                aria-pressed={on}
                onClick={() => void pick.run(async () => set({ label_ids: toggleLabel(form.label_ids, l.id) }))}
                className={`rounded-full border px-3 py-1 text-sm ${on ? 'border-brand-accent bg-brand-light text-brand' : 'border-line text-ink-soft hover:text-brand'}`}
              >
                {l.name}
              </button>
            );
          })}
        </div>
      </Field>
      <Field label="个人简介">
        <textarea
          className="gf-input h-28 py-2"
          aria-label="个人简介"
          maxLength={L.intro}
          placeholder="习武经历、教学经验、获奖情况等"
          value={form.intro}
          onChange={(e) => set({ intro: e.target.value })}
        />
        <p className="text-right text-xs text-ink-mute">
          {form.intro.length}/{L.intro}
        </p>
      </Field>
      <Field label="资质证书" hint={`段位证书、教练员证书等，选填，最多 ${L.certificatesMax} 张`}>
        <div className="flex flex-wrap gap-4">
          {form.certificates.map((c, i) => (
            <div key={c} className="relative">
              <PhotoField
                label={`证书 ${i + 1}`}
                document
                value={c}
                preview={preview(c)}
                onChange={setDoc((p, f) => ({ certificates: f.certificates.map((x, j) => (j === i ? p : x)) }))}
                testId={`certificate-file-${i}`}
              />
              <button
                type="button"
                aria-label={`删除证书 ${i + 1}`}
                className="absolute -right-2 -top-2 h-5 w-5 rounded-full bg-danger text-xs text-white"
                onClick={() => set({ certificates: form.certificates.filter((_, j) => j !== i) })}
              >
                ×
              </button>
            </div>
          ))}
          {form.certificates.length < L.certificatesMax && (
            <PhotoField
              label="添加证书"
              document
              value=""
              onChange={setDoc((p, f) => ({ certificates: [...f.certificates, p] }))}
              testId="certificate-file"
            />
          )}
        </div>
      </Field>
      <Agreement kind="coach" checked={form.agree} onChange={(agree) => set({ agree })} />
      <div className="pl-[116px]">
        <button type="submit" disabled={send.busy} className="gf-btn-primary w-40">
          {send.busy ? '提交中…' : '提交申请'}
        </button>
      </div>
    </form>
  );
}

/* ---------- shop ---------- */

function ShopArea(props: { info: IdentityApplication; onDone: () => void }) {
  const prefill = usePrefill(
    props.info,
    async () => {
      const f = await fetchShopFailInfo();
      return { reason: f.reason, form: shopFormOf(f.answers, f.doc_urls) };
    },
    emptyShopForm(),
  );
  if (prefill.error && !prefill.state) return <LoadFailed error={prefill.error} retry={prefill.retry} />;
  if (!prefill.state) return <Loading />;
  return (
    <>
      <Head kind="shop" fee={props.info.fee}>
        {props.info.status === ExamineStatus.REFUSED ? <Refusal reason={prefill.state.reason} /> : null}
      </Head>
      <ShopFormView initial={prefill.state.form} onDone={props.onDone} />
    </>
  );
}

function ShopFormView(props: { initial: ShopForm; onDone: () => void }) {
  const [form, setForm] = useState(props.initial);
  const send = useAction();
  const set = (patch: Partial<ShopForm>) => setForm((f) => ({ ...f, ...patch }));
  const setLicence = (licence_image: string, url: string) => setForm((f) => withDocument(f, { licence_image }, licence_image, url));
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send
      .run(() => submitShop(form), { done: '申请已提交，请等待审核' })
      .then((r) => {
        if (r) props.onDone();
      });
  }
  return (
    <form onSubmit={submit} noValidate className="flex max-w-[720px] flex-col gap-5" data-testid="shop-apply-form">
      <Field label="店铺名称">
        <input
          className="gf-input w-[300px]"
          aria-label="店铺名称"
          maxLength={L.shopName}
          value={form.shop_name}
          onChange={(e) => set({ shop_name: e.target.value })}
        />
      </Field>
      <Field label="店铺 Logo" hint="建议 200×200 的方图">
        <PhotoField label="Logo" value={form.logo} onChange={(logo) => set({ logo })} testId="logo-file" />
      </Field>
      <Field label="信用代码" hint="营业执照上的 18 位统一社会信用代码">
        <input
          className="gf-input w-[300px] uppercase"
          aria-label="统一社会信用代码"
          maxLength={18}
          value={form.licence_no}
          onChange={(e) => set({ licence_no: e.target.value })}
        />
      </Field>
      <Field label="营业执照">
        <PhotoField
          label="执照照片"
          wide
          document
          value={form.licence_image}
          preview={docImg(form.licence_image, form.doc_urls)}
          onChange={setLicence}
          testId="licence-file"
        />
      </Field>
      <Field label="所在地区">
        <RegionSelect withDistrict value={form} onChange={(v) => set({ province: v.province, city: v.city, district: v.district ?? '' })} />
      </Field>
      <Field label="详细地址">
        <input
          className="gf-input"
          aria-label="详细地址"
          maxLength={L.address}
          value={form.address}
          onChange={(e) => set({ address: e.target.value })}
        />
      </Field>
      <Field label="联系人" hint="仅供平台审核与联系，不公开">
        <input
          className="gf-input w-[240px]"
          aria-label="联系人"
          maxLength={L.contactName}
          value={form.contact_name}
          onChange={(e) => set({ contact_name: e.target.value })}
        />
      </Field>
      <Field label="联系电话">
        <input
          className="gf-input w-[240px]"
          aria-label="联系电话"
          inputMode="tel"
          maxLength={11}
          value={form.contact_phone}
          onChange={(e) => set({ contact_phone: e.target.value })}
        />
      </Field>
      <Agreement kind="shop" checked={form.agree} onChange={(agree) => set({ agree })} />
      <div className="pl-[116px]">
        <button type="submit" disabled={send.busy} className="gf-btn-primary w-40">
          {send.busy ? '提交中…' : '提交申请'}
        </button>
      </div>
    </form>
  );
}
