import { fetchDeviceSessions, revokeDevice, revokeOtherDevices, type DeviceSession } from '~/lib/stores/account';
import { formatDateTime } from '~/lib/format';
import { SESSION_TEXTS } from '~/lib/rules/sessions';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { LoadFailed } from '../ui/states';

const ICON: Record<DeviceSession['kind'], string> = {
  desktop: 'i-ri-computer-line',
  mobile: 'i-ri-smartphone-line',
  tablet: 'i-ri-tablet-line',
};

const ask = (text: string) => window.confirm(text);

/** 登录设备 (账号安全): every live login of the member, 本机 first; 退出该设备 and 退出其他设备. */
export default function DeviceSessions() {
  const sessions = useLoad(fetchDeviceSessions);
  const act = useAction();
  const list = sessions.data;

  /** Shows the list an action answered; its toast only when it went ahead (null = not confirmed). */
  function revoke(action: () => Promise<DeviceSession[] | null>, done: string) {
    void act.run(
      async () => {
        const result = await action();
        if (result) sessions.set(result);
        return result;
      },
      { done: (result) => (result ? done : '') },
    );
  }
  const others = list?.filter((s) => !s.current).length ?? 0;

  return (
    <section id="devices" className="mt-10" aria-labelledby="devices-title" data-testid="device-sessions">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="devices-title" className="text-base font-600 text-ink">
          登录设备
        </h2>
        <button
          type="button"
          className="gf-btn-ghost"
          disabled={act.busy || others === 0}
          onClick={() => revoke(() => revokeOtherDevices(ask), SESSION_TEXTS.revokedOthers)}
        >
          退出其他设备
        </button>
      </div>
      <p className="mb-2 text-xs text-ink-mute">以下设备正登录着您的账号。发现不认识的设备，请退出该设备并立即修改登录密码。</p>
      {sessions.error && !list ? (
        <LoadFailed error={sessions.error} retry={sessions.reload} />
      ) : !list ? (
        <p className="py-8 text-center text-sm text-ink-mute">加载中…</p>
      ) : (
        <ul>
          {list.map((s) => (
            <li key={s.id} className="flex items-center gap-5 border-b border-line py-4" data-testid="device-session">
              <span className={`${ICON[s.kind]} text-3xl ${s.current ? 'text-brand' : 'text-ink-mute'}`} />
              <div className="min-w-0 flex-1">
                <p className="text-[15px] text-ink">
                  {s.device}
                  {s.current === 1 && (
                    <span className="ml-3 rounded bg-brand-light px-2 py-0.5 text-xs text-brand">{SESSION_TEXTS.current}</span>
                  )}
                </p>
                <p className="mt-1 text-xs text-ink-mute">
                  {s.place} · 登录于 <time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time> · 最近活动{' '}
                  <time dateTime={s.last_active_at}>{formatDateTime(s.last_active_at)}</time>
                </p>
              </div>
              {s.current ? (
                <span className="w-28 shrink-0 text-center text-xs text-ink-mute">当前设备</span>
              ) : (
                <button
                  type="button"
                  className="gf-btn-ghost w-28 shrink-0 whitespace-nowrap"
                  disabled={act.busy}
                  onClick={() => revoke(() => revokeDevice(s.id, ask), SESSION_TEXTS.revoked)}
                >
                  退出该设备
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
