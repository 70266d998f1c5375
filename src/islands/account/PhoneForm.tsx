import { useState, type SubmitEvent } from 'react';
import { bindingPhone, fetchMemberInfo, verifyOldPhone } from '~/lib/stores/account';
import { maskPhone } from '~/lib/rules/phone';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { SmsButton, useSmsTimer } from './SmsButton';
import { MemberOnly } from '../ui/MemberOnly';
import { Heading } from '../ui/PageHead';
import { Field } from '../ui/form';
import { LoadFailed } from '../ui/states';

/**
 * /account/setting/phone (and /account_info/phone): verify the old phone by SMS, then bind the new
 * one by SMS. /account/setting/bindPhone: a member without a phone (third-party login) binds one.
 */
export default function PhoneForm(props: { back?: string }) {
  return (
    <MemberOnly>
      <Steps back={props.back ?? '/account/setting/safe'} />
    </MemberOnly>
  );
}

function Steps(props: { back: string }) {
  const member = useLoad(fetchMemberInfo);
  const [ticket, setTicket] = useState('');
  const [done, setDone] = useState('');

  const info = member.data;
  if (member.error && !info) return <LoadFailed load={member} />;
  if (!info) return <p className="py-16 text-center text-ink-mute">加载中…</p>;

  const changing = info.has_phone;
  const step = done ? 3 : changing && !ticket ? 1 : 2;
  return (
    <>
      <Heading title={changing ? '更换手机号' : '绑定手机号'}>
        <a className="text-sm text-ink-soft hover:text-brand" href={props.back}>
          返回账号安全
        </a>
      </Heading>
      {changing && (
        <ol className="mb-8 flex max-w-[520px] gap-2 text-sm" aria-label="步骤">
          {['验证原手机号', '绑定新手机号', '完成'].map((s, i) => (
            <li
              key={s}
              aria-current={step === i + 1 ? 'step' : undefined}
              className={`flex-1 border-t-3 pt-2 text-center ${step >= i + 1 ? 'border-brand-accent text-brand' : 'border-line text-ink-mute'}`}
            >
              {i + 1}. {s}
            </li>
          ))}
        </ol>
      )}
      {step === 1 && <VerifyOld phone={info.phone} onVerified={setTicket} />}
      {step === 2 && <BindNew ticket={ticket} onBound={setDone} />}
      {step === 3 && (
        <div className="py-10 text-center" role="status">
          <p className="text-lg text-ink">
            <span className="i-ri-checkbox-circle-fill mr-1 text-success" />
            手机号已{changing ? '更换' : '绑定'}为 {maskPhone(done)}
          </p>
          <a className="gf-btn-primary mt-6 w-36" href={props.back}>
            返回账号安全
          </a>
        </div>
      )}
    </>
  );
}

function VerifyOld(props: { phone: string; onVerified: (ticket: string) => void }) {
  const [yzm, setYzm] = useState('');
  const save = useAction();
  const timer = useSmsTimer();
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(async () => {
      const ticket = await verifyOldPhone(yzm);
      timer.stop();
      props.onVerified(ticket);
    });
  }
  return (
    <form onSubmit={submit} noValidate className="flex max-w-[520px] flex-col gap-5">
      <Field label="原手机号">
        <p className="pt-2.5 text-sm text-ink">{props.phone}</p>
      </Field>
      <Field label="验证码">
        <div className="flex gap-2">
          <input
            className="gf-input"
            aria-label="原手机验证码"
            inputMode="numeric"
            maxLength={6}
            value={yzm}
            onChange={(e) => setYzm(e.target.value)}
          />
          <SmsButton phone="" ownPhone type="change_phone" timer={timer} />
        </div>
      </Field>
      <div className="pl-[116px]">
        <button type="submit" disabled={save.busy} className="gf-btn-primary w-32">
          下一步
        </button>
      </div>
    </form>
  );
}

function BindNew(props: { ticket: string; onBound: (phone: string) => void }) {
  const [phone, setPhone] = useState('');
  const [yzm, setYzm] = useState('');
  const save = useAction();
  const timer = useSmsTimer();
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(
      async () => {
        const bound = await bindingPhone({ phone, yzm, ticket: props.ticket });
        timer.stop();
        props.onBound(bound);
      },
      { done: '手机号绑定成功' },
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex max-w-[520px] flex-col gap-5">
      <Field label="新手机号">
        <input
          className="gf-input"
          aria-label="新手机号"
          inputMode="numeric"
          maxLength={11}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </Field>
      <Field label="验证码">
        <div className="flex gap-2">
          <input
            className="gf-input"
            aria-label="新手机验证码"
            inputMode="numeric"
            maxLength={6}
            value={yzm}
            onChange={(e) => setYzm(e.target.value)}
          />
          <SmsButton phone={phone} type="bind_phone" timer={timer} />
        </div>
      </Field>
      <div className="pl-[116px]">
        <button type="submit" disabled={save.busy} className="gf-btn-primary w-32">
          确认绑定
        </button>
      </div>
    </form>
  );
}
