import { formatDateTime } from '~/lib/format';

import { ExamineStatus, KIND_INFO, mayApply, type ApplicationKind } from '~/lib/rules/applications';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';

import { loadIdentity, type IdentityApplication } from '~/lib/stores/applications';

import { MemberGate } from '~/islands/ui/mobile/MemberGate';

import { useLoad } from '~/islands/ui/useLoad';
import { Failed, Loading } from './parts';
import { StatusCard } from './apply-fields';
import { CoachArea, ProviderApply, ShopArea } from './ApplyForms';

export type ApplyType = ApplicationKind | 'provider';

const TYPES: { type: ApplyType; title: string; icon: string; text: string }[] = [
  { type: 'coach', title: '教练入驻', icon: 'i-ri-user-star-line', text: '开设课程与班级，直播教学' },
  { type: 'shop', title: '店主入驻', icon: 'i-ri-store-2-line', text: '开设店铺，销售武术用品' },
  { type: 'provider', title: '服务商入驻', icon: 'i-ri-building-2-line', text: '组建教练团队，获得订单佣金' },
];

/** The desktop settlement page of an approved application (the fee is paid there). */
const desktop = (href: string) => `${href}${href.includes('?') ? '&' : '?'}view=pc`;

/**
 * /m/my/apply?type=coach|shop|provider: the identity applications on the phone — the desktop's
 * forms and checks with the documents from the camera (private uploads, never shown publicly),
 * then the application's status and a refusal's reason. Without a type, the three to choose from.
 */
export default function MyApply(props: { type: ApplyType | null }) {
  return (
    <MemberGate text="登录后申请入驻">
      {props.type === null ? <Chooser /> : props.type === 'provider' ? <ProviderApply /> : <Gate kind={props.type} />}
    </MemberGate>
  );
}

function Chooser() {
  return (
    <ul className="flex flex-col gap-3 px-3 pt-3">
      {TYPES.map((t) => (
        <li key={t.type}>
          <a href={`${MOBILE_PATHS.apply}?type=${t.type}`} className="gf-m-card flex min-h-18 items-center gap-3 px-4 py-3">
            <span className={`${t.icon} text-3xl text-brand`} aria-hidden="true" />
            <span className="flex-1">
              <span className="block text-base font-600">{t.title}</span>
              <span className="text-xs text-ink-soft">{t.text}</span>
            </span>
            <span className="i-ri-arrow-right-s-line text-xl text-ink-mute" aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}

function Gate({ kind }: { kind: ApplicationKind }) {
  const loaded = useLoad(() => loadIdentity(kind));
  const info = loaded.data;
  if (loaded.error && !info) return <Failed error={loaded.error} retry={loaded.reload} />;
  if (!info) return <Loading />;
  if (!mayApply(info.status)) return <Status info={info} />;
  const done = () => {
    window.scrollTo({ top: 0 });
    loaded.reload();
  };
  return kind === 'coach' ? <CoachArea info={info} onDone={done} /> : <ShopArea info={info} onDone={done} />;
}

function Status({ info }: { info: IdentityApplication }) {
  const k = KIND_INFO[info.kind];
  const app = info.application;
  switch (info.status) {
    case ExamineStatus.PENDING:
      return (
        <StatusCard icon="i-ri-time-line text-brand" title="审核中">
          <p className="text-sm text-ink-soft">{info.msg}</p>
          {app && <p className="text-xs text-ink-mute">提交时间：{formatDateTime(app.created_at)}</p>}
          <p className="text-xs text-ink-mute">审核结果会通过“消息通知”告诉你</p>
        </StatusCard>
      );
    case ExamineStatus.APPROVED:
      return (
        <StatusCard icon="i-ri-checkbox-circle-line text-success" title="审核已通过">
          <p className="text-sm text-ink-soft">{info.msg}</p>
          {app?.review_note && <p className="text-xs text-ink-mute">审核备注：{app.review_note}</p>}
          <a className="gf-m-btn-primary mt-2 w-48" href={desktop(k.settlePage)}>
            去完成入驻（电脑版）
          </a>
        </StatusCard>
      );
    case ExamineStatus.SETTLED:
      return (
        <StatusCard icon="i-ri-medal-line text-success" title={`你已经是${k.who}`}>
          <p className="text-sm text-ink-soft">{info.msg}</p>
          <a className="gf-m-btn-primary mt-2 w-40" href={MOBILE_PATHS.seller}>
            查看今日数据
          </a>
        </StatusCard>
      );
    default:
      return (
        <StatusCard icon="i-ri-error-warning-line text-warning" title="暂不能申请">
          <p className="text-sm text-ink-soft">{info.msg}</p>
        </StatusCard>
      );
  }
}
