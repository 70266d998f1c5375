import { useStore } from '@nanostores/react';
import { $dialog, closeDialog } from '~/lib/stores/ui';
import { Modal } from '../ui/Modal';
import { useHydrated } from '../ui/useHydrated';

/** SPEC §2 customer-service dialog: phone, QQ and WeChat from config. */
export default function KefuDialog(props: { phone: string; qq: string; wechat: string; workTime: string; qr: string }) {
  const dialog = useStore($dialog);
  const hydrated = useHydrated();
  const rows: [string, string, string][] = [
    ['i-ri-phone-line', '客服电话', props.phone],
    ['i-ri-qq-line', '客服 QQ', props.qq],
    ['i-ri-wechat-line', '客服微信', props.wechat],
    ['i-ri-time-line', '服务时间', props.workTime],
  ];
  return (
    <Modal open={hydrated && dialog === 'kefu'} title="联系客服" onClose={closeDialog}>
      <ul className="flex flex-col gap-3 text-sm">
        {rows
          .filter(([, , v]) => v)
          .map(([icon, label, value]) => (
            <li key={label} className="flex items-center gap-3">
              <span className={`${icon} text-brand`} />
              <span className="w-20 text-ink-mute">{label}</span>
              <span className="select-all text-ink">{value}</span>
            </li>
          ))}
      </ul>
      {props.qr && (
        <figure className="mt-5 flex flex-col items-center gap-2 text-xs text-ink-mute">
          <img src={props.qr} width={120} height={120} alt="公众号二维码" />
          <figcaption>微信扫码关注公众号</figcaption>
        </figure>
      )}
    </Modal>
  );
}
