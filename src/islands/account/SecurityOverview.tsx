import { cancelBind, fetchSecurity, OAUTH_LABEL, startThirdParty, type OAuthKind } from '~/lib/stores/account';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import DeviceSessions from './DeviceSessions';
import { MemberOnly } from '../ui/MemberOnly';
import { Heading } from '../ui/PageHead';
import { LoadFailed } from '../ui/states';

/** /account/setting/safe: phone, login password, pay password, WeChat/QQ bindings and the 登录设备 at a glance. */
export default function SecurityOverview(props: { base?: string }) {
  return (
    <MemberOnly>
      <Overview base={props.base ?? '/account/setting'} />
    </MemberOnly>
  );
}

function Row(props: {
  icon: string;
  title: string;
  desc: string;
  done: boolean;
  action: React.ReactNode;
  states?: [string, string];
  testId?: string;
}) {
  const [yes, no] = props.states ?? ['已设置', '未设置'];
  return (
    <li className="flex items-center gap-5 border-b border-line py-5" data-testid={props.testId}>
      <span className={`${props.icon} text-3xl ${props.done ? 'text-success' : 'text-ink-mute'}`} />
      <div className="flex-1">
        <p className="text-[15px] text-ink">
          {props.title}
          <span className={`ml-3 text-xs ${props.done ? 'text-success' : 'text-danger'}`}>{props.done ? yes : no}</span>
        </p>
        <p className="mt-1 text-xs text-ink-mute">{props.desc}</p>
      </div>
      {props.action}
    </li>
  );
}

function Overview(props: { base: string }) {
  const security = useLoad(fetchSecurity);
  const act = useAction();

  if (security.error && !security.data) return <LoadFailed load={security} />;
  if (!security.data) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  const { info, bind } = security.data;

  /** Bound: unbind after a confirmation. Not bound: start the provider's authorisation. */
  function toggle(kind: OAuthKind) {
    if (bind[kind]) {
      if (!window.confirm(`确定解除与${OAUTH_LABEL[kind]}的绑定吗？`)) return;
      void act.run(
        async () => {
          security.set({ info, bind: await cancelBind(kind) });
        },
        { done: '已解除绑定' },
      );
    } else {
      void act.run(() => startThirdParty(kind, 'bind'));
    }
  }

  const link = (href: string, label: string) => (
    <a className="gf-btn-ghost w-24" href={href}>
      {label}
    </a>
  );
  return (
    <>
      <Heading title="账号安全" />
      <ul>
        <Row
          icon="i-ri-smartphone-line"
          title="手机号"
          desc={info.has_phone ? `已绑定 ${info.phone}，可用于登录和找回密码` : '绑定手机号后可用于登录和找回密码'}
          done={info.has_phone}
          states={['已绑定', '未绑定']}
          action={info.has_phone ? link(`${props.base}/phone`, '更换') : link(`${props.base}/bindPhone`, '绑定')}
        />
        <Row
          icon="i-ri-lock-password-line"
          title="登录密码"
          desc="建议定期更换，使用字母和数字的组合；修改后其他设备需重新登录"
          done
          action={link(`${props.base}/password`, '修改')}
        />
        <Row
          icon="i-ri-shield-keyhole-line"
          title="支付密码"
          desc="使用功夫币付款时需要输入 6 位数字支付密码"
          done={info.has_pay_password}
          action={link(`${props.base}/paypassword`, info.has_pay_password ? '修改' : '设置')}
        />
        {(['wx', 'qq'] as const).map((k) => (
          <Row
            key={k}
            testId={`bind-${k}`}
            icon={k === 'wx' ? 'i-ri-wechat-fill' : 'i-ri-qq-fill'}
            title={k === 'wx' ? '微信' : 'QQ'}
            desc={
              bind[k]
                ? `已绑定 ${bind[`${k}_nick_name`] || ''}，可使用${k === 'wx' ? '微信扫码' : 'QQ'}登录`
                : bind[`${k}_enabled`]
                  ? '绑定后可快捷登录'
                  : '本站尚未配置该登录方式'
            }
            done={Boolean(bind[k])}
            states={['已绑定', '未绑定']}
            action={
              <button
                type="button"
                className="gf-btn-ghost w-24"
                onClick={() => toggle(k)}
                disabled={act.busy || (!bind[k] && !bind[`${k}_enabled`])}
              >
                {bind[k] ? '解绑' : '绑定'}
              </button>
            }
          />
        ))}
      </ul>
      <DeviceSessions />
    </>
  );
}
