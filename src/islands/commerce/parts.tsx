import { useEffect, useRef, useState, type ReactNode } from 'react';
import { img } from '~/lib/media';
import { formatDate, priceText } from '~/lib/format';
import type { CouponView } from '~/lib/api/contract/coupon';
import { itemHref, type OrderItem } from '~/lib/stores/orders';
import { fetchMemberInfo } from '~/lib/stores/account';
import { LoadFailed } from '../account/parts';
import { PayPasswordSetup } from '../account/PayPasswordSetup';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

/** Fen as money; 0 shows ¥0.00 here (prices of paid things, not "free" labels). */
export const money = (fen: number) => priceText(fen, '¥0.00');

/** What a coupon ticket shows (a template, or a held coupon with its own end date). */
export type Coupon = CouponView;

/** What an item row shows of an order line (or of a line about to be ordered). */
export type ItemLine = Pick<OrderItem, 'goods_id' | 'course_id' | 'class_id' | 'title' | 'specs' | 'cover' | 'price' | 'num'>;

/** One bought line: cover, title, specs, unit price × quantity (or `quantity`, e.g. a stepper). */
export function ItemRow(props: { it: ItemLine; right?: ReactNode; quantity?: ReactNode }) {
  const it = props.it;
  return (
    <div className="flex items-center gap-4 py-3">
      <a href={itemHref(it)} className="shrink-0">
        <img src={img(it.cover)} width={80} height={60} alt="" className="h-[60px] w-[80px] rounded object-cover" loading="lazy" />
      </a>
      <div className="min-w-0 flex-1">
        <a href={itemHref(it)} className="block truncate text-sm text-ink hover:text-brand">
          {it.title}
        </a>
        {it.specs && <p className="mt-1 truncate text-xs text-ink-mute">{it.specs}</p>}
      </div>
      <span className="w-28 text-right text-sm text-ink-soft">{money(it.price)}</span>
      {props.quantity ?? <span className="w-16 text-right text-sm text-ink-soft">×{it.num}</span>}
      {props.right}
    </div>
  );
}

/** A coupon as a ticket: amount on the left, rules on the right, an action slot. */
export function CouponTicket(props: { c: Coupon; muted?: boolean; children?: ReactNode; selected?: boolean; onClick?: () => void }) {
  const { c } = props;
  const until = c.valid_to ?? c.ends_at;
  const Tag = props.onClick ? 'button' : 'div';
  return (
    <Tag
      {...(props.onClick ? { type: 'button' as const, onClick: props.onClick, 'aria-pressed': props.selected } : {})}
      className={`flex w-full overflow-hidden rounded-lg border text-left ${props.selected ? 'border-brand ring-2 ring-brand/30' : 'border-line'} ${props.muted ? 'opacity-55' : ''}`}
      data-testid="coupon"
    >
      <div
        className={`flex w-28 shrink-0 flex-col items-center justify-center py-4 text-white ${props.muted ? 'bg-[#c0c4cc]' : 'bg-gradient-to-br from-[#ff9f0a] to-[#ff6a00]'}`}
      >
        <span className="text-2xl font-700">¥{c.amount / 100}</span>
        <span className="text-xs">满{c.threshold / 100}可用</span>
      </div>
      <div className="flex min-w-0 flex-1 items-center gap-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-[15px] font-600 text-ink">{c.title}</p>
          <p className="mt-1 text-xs text-ink-soft">{c.scope_text}</p>
          <p className="mt-1 text-xs text-ink-mute">
            {c.valid_to
              ? `有效期至 ${formatDate(until)}`
              : c.valid_days
                ? `领取后 ${c.valid_days} 天内有效`
                : `${formatDate(until)} 前有效`}
          </p>
        </div>
        {props.children}
      </div>
    </Tag>
  );
}

/** mm:ss left until `iso`; calls onEnd once when it runs out. */
export function Countdown(props: { until: string; onEnd?: () => void }) {
  const { until, onEnd } = props;
  const [left, setLeft] = useState(() => Math.max(0, new Date(until).getTime() - Date.now()));
  const ended = useRef(false);
  useEffect(() => {
    const id = setInterval(() => {
      const l = Math.max(0, new Date(until).getTime() - Date.now());
      setLeft(l);
      if (l === 0 && !ended.current) {
        ended.current = true;
        onEnd?.();
      }
    }, 1000);
    return () => clearInterval(id);
  }, [until, onEnd]);
  const s = Math.floor(left / 1000);
  return <span className="font-mono">{`${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`}</span>;
}

/**
 * Six-digit pay password entry for coin payments: typed afresh each time it opens, a refusal
 * (wrong password, short balance) shown in the dialog. A member without a pay password sets one
 * here first (SMS code, six digits twice — the endpoint and rules of /account/setting/paypassword)
 * and goes on paying.
 */
export function PayPasswordDialog(props: {
  open: boolean;
  amountText: string;
  onClose: () => void;
  pay: (pw: string) => Promise<unknown>;
}) {
  return props.open ? <PayPasswordStep {...props} /> : null;
}

function PayPasswordStep(props: { amountText: string; onClose: () => void; pay: (pw: string) => Promise<unknown> }) {
  const member = useLoad(fetchMemberInfo);
  const info = member.data;
  const setting = info !== null && !info.has_pay_password;
  let body;
  if (member.error && !info) body = <LoadFailed load={member} />;
  else if (!info) body = <p className="py-6 text-center text-sm text-ink-mute">加载中…</p>;
  else if (setting)
    body = <PayPasswordSetup phone={info.phone} hasPhone={info.has_phone} onDone={() => member.set({ ...info, has_pay_password: true })} />;
  else body = <PayPasswordForm amountText={props.amountText} pay={props.pay} />;
  return (
    <Modal open title={setting ? '设置支付密码' : '输入支付密码'} onClose={props.onClose}>
      {body}
    </Modal>
  );
}

function PayPasswordForm(props: { amountText: string; pay: (pw: string) => Promise<unknown> }) {
  const [pw, setPw] = useState('');
  const run = useAction();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (pw.length === 6) void run.run(() => props.pay(pw), { done: '支付成功', toastErrors: false });
      }}
      className="flex flex-col gap-4"
    >
      <p className="text-center text-sm text-ink-soft">
        支付 <span className="text-lg font-600 text-[#f56c6c]">{props.amountText}</span>
      </p>
      <input
        // The dialog opens for this one field: it takes the focus.
        ref={(el) => el?.focus()}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        aria-label="支付密码"
        placeholder="6 位数字支付密码"
        value={pw}
        onChange={(e) => setPw(e.target.value.replace(/\D/g, '').slice(0, 6))}
        className="gf-input text-center text-xl tracking-[0.6em]"
      />
      {run.error && (
        <p role="alert" className="text-center text-sm text-[#f56c6c]">
          {run.error}
        </p>
      )}
      <button type="submit" className="gf-btn-primary h-10" disabled={pw.length !== 6 || run.busy}>
        {run.busy ? '支付中…' : '确认支付'}
      </button>
      <a href="/account/setting/paypassword" className="text-center text-xs text-ink-mute hover:text-brand">
        忘记支付密码？
      </a>
    </form>
  );
}

/** Loading / error / empty states shared by the commerce lists. */
export function ListState(props: {
  error: string;
  loading: boolean;
  empty: boolean;
  emptyText: string;
  emptyAction?: [string, string];
  children: ReactNode;
}) {
  if (props.error)
    return (
      <p role="alert" className="py-16 text-center text-[#f56c6c]">
        {props.error}
      </p>
    );
  if (props.loading) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  if (props.empty)
    return (
      <div className="flex flex-col items-center gap-3 py-20 text-ink-mute" data-testid="empty-state">
        <span className="i-ri-inbox-line text-5xl" />
        <p>{props.emptyText}</p>
        {props.emptyAction && (
          <a href={props.emptyAction[1]} className="gf-btn-ghost">
            {props.emptyAction[0]}
          </a>
        )}
      </div>
    );
  return <>{props.children}</>;
}
