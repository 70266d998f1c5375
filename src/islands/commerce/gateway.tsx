import { useEffect, useState } from 'react';
import { untypedApi } from '~/lib/api/client';
import { Modal } from '../ui/Modal';

export interface Methods {
  coins: number;
  providers: { name: string; label: string }[];
}
export interface Started {
  pay_no: string;
  redirect: string;
  qr_image: string;
}

/**
 * After a gateway answered: follow its page, or show its QR code and wait for the notify to land
 * (polling our own status, never trusting the browser).
 */
export function useGateway() {
  const [qr, setQr] = useState<Started | null>(null);
  useEffect(() => {
    if (!qr) return;
    const id = setInterval(() => {
      untypedApi<{ status: string; return_url: string }>('/pay/status', { pay_no: qr.pay_no })
        .then((s) => s.status === 'paid' && location.assign(s.return_url))
        .catch(() => {});
    }, 2000);
    return () => clearInterval(id);
  }, [qr]);
  const follow = (s: Started) => (s.redirect ? location.assign(s.redirect) : setQr(s));
  const dialog = (
    <Modal open={!!qr} title="微信扫码支付" onClose={() => setQr(null)}>
      <div className="flex flex-col items-center gap-3">
        {qr && <img src={qr.qr_image} width={220} height={220} alt="支付二维码" />}
        <p className="text-sm text-ink-soft">请使用微信扫一扫完成支付，支付后页面自动跳转</p>
      </div>
    </Modal>
  );
  return { follow, dialog };
}
