import { fetchMemberInfo } from '~/lib/stores/account';
import { useLoad } from '../ui/useLoad';
import { SmsButton } from './SmsButton';
import { usePayPasswordForm } from './PayPasswordSetup';
import { MemberOnly } from '../ui/MemberOnly';
import { Heading } from '../ui/PageHead';
import { Field } from '../ui/form';
import { LoadFailed } from '../ui/states';

/** /account/setting/paypassword: six digits, confirmed by an SMS code to the member's phone. */
export default function PayPasswordForm() {
  return (
    <MemberOnly>
      <Form />
    </MemberOnly>
  );
}

function Form() {
  const member = useLoad(fetchMemberInfo);
  const { form, set, save, timer, submit } = usePayPasswordForm(() => {
    if (member.data) member.set({ ...member.data, has_pay_password: true });
  });

  const info = member.data;
  if (member.error && !info) return <LoadFailed load={member} />;
  if (!info) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  if (!info.has_phone) {
    return (
      <div className="py-16 text-center text-ink-soft">
        设置支付密码需要先绑定手机号。
        <a className="ml-2 text-brand" href="/account/setting/bindPhone">
          去绑定
        </a>
      </div>
    );
  }
  return (
    <>
      <Heading title={info.has_pay_password ? '修改支付密码' : '设置支付密码'}>
        <a className="text-sm text-ink-soft hover:text-brand" href="/account/setting/safe">
          返回账号安全
        </a>
      </Heading>
      <form onSubmit={submit} noValidate className="flex max-w-[520px] flex-col gap-5">
        <Field label="手机号">
          <p className="pt-2.5 text-sm text-ink">{info.phone}</p>
        </Field>
        <Field label="验证码">
          <div className="flex gap-2">
            <input className="gf-input" aria-label="短信验证码" inputMode="numeric" maxLength={6} value={form.yzm} onChange={set('yzm')} />
            <SmsButton phone="" ownPhone type="pay_password" timer={timer} />
          </div>
        </Field>
        <Field label="支付密码" hint="6 位数字，请勿使用连续或重复的数字">
          <input
            className="gf-input tracking-[.5em]"
            aria-label="支付密码"
            type="password"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            value={form.password}
            onChange={set('password')}
          />
        </Field>
        <Field label="确认支付密码">
          <input
            className="gf-input tracking-[.5em]"
            aria-label="确认支付密码"
            type="password"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            value={form.passwords}
            onChange={set('passwords')}
          />
        </Field>
        <div className="pl-[116px]">
          <button type="submit" disabled={save.busy} className="gf-btn-primary w-32">
            {save.busy ? '提交中…' : '保存'}
          </button>
        </div>
      </form>
    </>
  );
}
