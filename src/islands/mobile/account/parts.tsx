import type { ChangeEvent, ReactNode } from 'react';
import { documentLink } from '~/lib/rules/agreements';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { SmsButton } from '~/islands/account/SmsButton';
import type { SmsTimer, SmsType } from '~/lib/stores/sms';

const USER_AGREEMENT = documentLink('useragreement');
const PRIVACY = documentLink('privacyagreement');
/** The agreements' mobile page takes the document as `?type=`. */
const mobileDoc = (slug: string) => `${MOBILE_PATHS.agreement}?type=${slug}`;

/** A full-width 16 px field (no zoom on iOS focus) with its label for screen readers. */
export function Field(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: 'text' | 'password' | 'tel';
  placeholder: string;
  autoComplete?: string;
  numeric?: boolean;
  maxLength?: number;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        className="gf-m-input min-w-0 flex-1"
        aria-label={props.label}
        type={props.type ?? 'text'}
        inputMode={props.numeric ? 'numeric' : undefined}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e: ChangeEvent<HTMLInputElement>) => props.onChange(e.target.value)}
      />
      {props.children}
    </div>
  );
}

/** The SMS code field with 获取验证码 (SPEC §4/§5: captcha first, 60 s countdown). */
export function SmsField(props: { phone: string; type: SmsType; timer: SmsTimer; value: string; onChange: (v: string) => void }) {
  return (
    <Field
      label="短信验证码"
      numeric
      maxLength={6}
      autoComplete="one-time-code"
      placeholder="请输入验证码"
      value={props.value}
      onChange={props.onChange}
    >
      <SmsButton phone={props.phone} type={props.type} timer={props.timer} className="h-11 w-[112px] rounded-lg" />
    </Field>
  );
}

/** SPEC §5 agreement checkbox, with the two documents (their mobile pages). */
export function Agreement(props: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-start gap-2 py-1 text-xs leading-5 text-ink-soft">
      <input
        type="checkbox"
        aria-label="同意协议"
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-accent"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>
        我已阅读并同意
        <a className="text-brand" href={mobileDoc('useragreement')}>
          {USER_AGREEMENT.label}
        </a>
        和
        <a className="text-brand" href={mobileDoc('privacyagreement')}>
          {PRIVACY.label}
        </a>
      </span>
    </label>
  );
}

/** The submit button of a sign-in form. */
export function Submit(props: { busy: boolean; label: string; busyLabel: string; disabled?: boolean }) {
  return (
    <button type="submit" disabled={props.busy || props.disabled} className="gf-m-btn-primary mt-2 w-full text-base">
      {props.busy ? props.busyLabel : props.label}
    </button>
  );
}
