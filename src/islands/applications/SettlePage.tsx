import { useState, type SubmitEvent } from 'react';
import { ExamineStatus, KIND_INFO, feeText, type ApplicationKind } from '~/lib/rules/applications';
import { loadIdentity, settleIdentity, type IdentityApplication, type Settled } from '~/lib/stores/applications';
import { topUpHref } from '~/lib/stores/payment';
import { PayPasswordSetupLoaded } from '../account/PayPasswordSetup';
import { useAction } from '../ui/useAction';
import { useHydrated } from '../ui/useHydrated';
import { useLoad } from '../ui/useLoad';
import { StatusCard } from './parts';
import { MemberOnly } from '../ui/MemberOnly';
import { LoadFailed, Loading } from '../ui/states';

/** ?type=coach | mechant (the SPEC's spelling of the shop side in routes). */
function kindFromQuery(): ApplicationKind | null {
  const t = new URLSearchParams(location.search).get('type');
  return t === 'coach' ? 'coach' : t === 'mechant' || t === 'shop' ? 'shop' : null;
}

/**
 * /account/settle: the last step after approval — pay the settlement fee (kung fu coins behind the
 * pay password, nothing when it is 0) and the identity opens at once (the session store is updated,
 * so the header shows 教练管理 / 店铺管理 without logging in again).
 */
export default function SettlePage() {
  const hydrated = useHydrated();
  if (!hydrated) return <Loading />;
  const kind = kindFromQuery();
  if (!kind) {
    return (
      <StatusCard icon="i-ri-question-line" tone="warn" title="入驻类型不正确">
        <p className="text-sm text-ink-soft">请从“身份注册”中的教练入驻或店主入驻进入</p>
      </StatusCard>
    );
  }
  return (
    <MemberOnly>
      <Settle kind={kind} />
    </MemberOnly>
  );
}

function Settle(props: { kind: ApplicationKind }) {
  const loaded = useLoad(() => loadIdentity(props.kind));
  const [done, setDone] = useState<Settled | null>(null);
  const k = KIND_INFO[props.kind];
  if (done) {
    return (
      <StatusCard icon="i-ri-medal-line" tone="ok" title={`入驻成功，你已成为${k.who}`}>
        {done.coins_paid > 0 && (
          <p className="text-sm text-ink-soft">
            已支付 {done.coins_paid} 功夫币，余额 {done.balance} 功夫币
          </p>
        )}
        <a className="gf-btn-primary mt-2 w-40" href={done.href}>
          进入{props.kind === 'coach' ? '教练管理' : '店铺管理'}
        </a>
      </StatusCard>
    );
  }
  if (loaded.error && !loaded.data) return <LoadFailed load={loaded} />;
  if (!loaded.data) return <Loading />;
  const info = loaded.data;
  if (info.status !== ExamineStatus.APPROVED) {
    return (
      <StatusCard
        icon={info.status === ExamineStatus.SETTLED ? 'i-ri-medal-line' : 'i-ri-information-line'}
        tone={info.status === ExamineStatus.SETTLED ? 'ok' : 'warn'}
        title={info.status === ExamineStatus.SETTLED ? `你已经是${k.who}` : '暂不能完成入驻'}
      >
        <p className="max-w-[460px] text-sm text-ink-soft">{info.msg}</p>
        <a className="gf-btn-ghost mt-2" href={info.status === ExamineStatus.SETTLED ? k.manage : k.page}>
          {info.status === ExamineStatus.SETTLED ? '进入管理' : `查看${k.title}`}
        </a>
      </StatusCard>
    );
  }
  return <Pay kind={props.kind} info={info} onDone={setDone} />;
}

function Pay(props: { kind: ApplicationKind; info: IdentityApplication; onDone: (s: Settled) => void }) {
  const { info } = props;
  const k = KIND_INFO[props.kind];
  const [pw, setPw] = useState('');
  const [pwSet, setPwSet] = useState(false);
  const hasPw = info.has_pay_password || pwSet;
  const pay = useAction();
  const coins = Math.ceil(info.fee / 100);
  const short = info.fee > 0 && info.coins < coins;
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void pay
      .run(() => settleIdentity(props.kind, info.fee, pw), { done: `入驻成功，你已成为${k.who}` })
      .then((r) => {
        if (r) props.onDone(r);
      });
  }
  return (
    <>
      <div className="mb-6 border-b border-line pb-4">
        <h1 className="text-lg font-600 text-ink">完成{k.title}</h1>
        <p className="mt-1 text-xs text-ink-mute">你的申请已通过审核，确认入驻后即可开通{k.who}身份</p>
      </div>
      <form onSubmit={submit} noValidate className="flex max-w-[520px] flex-col gap-5" data-testid="settle-form">
        {info.application?.review_note && (
          <p className="rounded-md bg-page px-4 py-3 text-sm text-ink-soft">审核备注：{info.application.review_note}</p>
        )}
        <div className="flex items-baseline gap-4">
          <span className="w-[100px] text-right text-sm text-ink-soft">入驻费</span>
          <strong className="text-xl text-brand" data-testid="settle-fee">
            {feeText(info.fee)}
          </strong>
        </div>
        {info.fee > 0 && (
          <>
            <div className="flex items-baseline gap-4">
              <span className="w-[100px] text-right text-sm text-ink-soft">功夫币余额</span>
              <span className="text-sm">
                {info.coins} 功夫币
                {short && (
                  <a className="ml-3 text-brand" href={topUpHref(`${location.pathname}${location.search}`, coins - info.coins)}>
                    余额不足，去充值
                  </a>
                )}
              </span>
            </div>
            {hasPw ? (
              <label className="flex items-center gap-4">
                <span className="w-[100px] text-right text-sm text-ink-soft">支付密码</span>
                <input
                  className="gf-input w-[200px]"
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                  aria-label="支付密码"
                  value={pw}
                  onChange={(e) => setPw(e.target.value)}
                />
              </label>
            ) : (
              <p className="pl-[116px] text-sm text-ink-soft">使用功夫币支付需要先设置支付密码（见下方）</p>
            )}
          </>
        )}
        <div className="pl-[116px]">
          <button type="submit" disabled={pay.busy || short || (info.fee > 0 && !hasPw)} className="gf-btn-primary w-40">
            {pay.busy ? '处理中…' : info.fee > 0 ? `支付并入驻` : '确认入驻'}
          </button>
        </div>
      </form>
      {info.fee > 0 && !hasPw && (
        // Outside the settle form (forms do not nest); the same endpoint as /account/setting/paypassword.
        <div className="ml-[116px] mt-6 max-w-[404px] rounded-lg border border-line p-5">
          <PayPasswordSetupLoaded onDone={() => setPwSet(true)} />
        </div>
      )}
    </>
  );
}
