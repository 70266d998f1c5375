import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $qr, closeQr, pollPayment } from '~/lib/stores/payment';
import { Modal } from '../ui/Modal';

const go = (url: string) => location.assign(url);

/**
 * The QR code of a started WeChat payment. While it is shown, our own server is asked whether the
 * payment landed (never the browser's word); the watching stops when the dialog closes, when the
 * page goes, or after a bounded number of asks.
 */
export function GatewayQr() {
  const qr = useStore($qr);
  const payNo = qr?.payment.pay_no;
  useEffect(() => (payNo ? pollPayment(payNo, go) : undefined), [payNo]);
  return (
    <Modal open={!!qr} title="微信扫码支付" onClose={closeQr}>
      <div className="flex flex-col items-center gap-3">
        {qr && <img src={qr.payment.qr_image} width={220} height={220} alt="支付二维码" />}
        {qr?.timedOut ? (
          <p role="alert" className="text-center text-sm text-danger">
            暂未查询到支付结果。如已付款，请稍后在订单或钱包中查看
          </p>
        ) : (
          <p className="text-sm text-ink-soft">请使用微信扫一扫完成支付，支付后页面自动跳转</p>
        )}
      </div>
    </Modal>
  );
}
