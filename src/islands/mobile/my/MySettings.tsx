import { useState, type SubmitEvent } from 'react';
import { img } from '~/lib/media';
import { compressPhoto } from '~/lib/stores/image-compress';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { maskPhone } from '~/lib/rules/phone';
import {
  bindingPhone,
  changePassword,
  fetchMemberInfo,
  logout,
  profileForm,
  saveProfile,
  uploadImage,
  verifyOldPhone,
  type MemberInfo,
  type ProfileForm,
} from '~/lib/stores/account';
import { usePayPasswordForm } from '~/islands/account/PayPasswordSetup';
import { useSmsTimer } from '~/islands/account/SmsButton';
import { Field, SmsField } from '~/islands/mobile/account/parts';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { useAction } from '~/islands/ui/useAction';
import { useLoad, type Loaded } from '~/islands/ui/useLoad';
import { Failed, Loading, PhotoPicker, Row } from './parts';
import { SmsButton } from '~/islands/account/SmsButton';

export type SettingsView = 'profile' | 'phone' | 'password' | 'paypassword';

const GENDERS: [number, string][] = [
  [1, '男'],
  [2, '女'],
  [0, '保密'],
];

const here = (view: SettingsView) => (view === 'profile' ? MOBILE_PATHS.settings : `${MOBILE_PATHS.settings}?view=${view}`);

/**
 * /m/my/settings (账号设置): the profile with the avatar from the camera or album, then the phone,
 * login password and pay password (`?view=`), and 退出登录 — the desktop's account stores.
 */
export default function MySettings(props: { view: SettingsView }) {
  return (
    <MemberGate text="登录后管理账号设置">
      <Settings view={props.view} />
    </MemberGate>
  );
}

function Settings({ view }: { view: SettingsView }) {
  const member = useLoad(fetchMemberInfo);
  if (member.error && !member.data) return <Failed error={member.error} retry={member.reload} />;
  if (!member.data) return <Loading />;
  if (view === 'phone') return <PhoneSteps info={member.data} />;
  if (view === 'password') return <PasswordView />;
  if (view === 'paypassword') return <PayPasswordView member={member} />;
  return <Profile info={member.data} />;
}

function Profile({ info }: { info: MemberInfo }) {
  const [form, setForm] = useState<ProfileForm>(() => profileForm(info));
  const save = useAction();
  const upload = useAction();
  const out = useAction();
  const [today] = useState(() => new Date().toISOString().slice(0, 10));

  function pick(f: File) {
    void upload.run(
      async () => {
        // A camera photo is cut square and made small before the upload's checks (SPEC §3 2MB).
        const { path } = await uploadImage(await compressPhoto(f, { longEdge: 512, square: true }), 'avatar');
        setForm((cur) => ({ ...cur, avatar: path }));
      },
      { done: '头像已上传，保存后生效' },
    );
  }

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(() => saveProfile(form), { done: '保存成功' });
  }

  return (
    <div className="pb-6" data-testid="m-settings">
      <form onSubmit={submit} noValidate className="gf-m-card mx-3 mt-3 flex flex-col divide-y divide-line">
        <div className="flex items-center justify-between px-4 py-3">
          <span className="text-[15px]">头像</span>
          <PhotoPicker label="更换头像" facing="user" onFile={pick} disabled={upload.busy} testId="m-avatar-camera">
            <span className="flex items-center gap-2">
              <img
                src={img(form.avatar)}
                width="56"
                height="56"
                alt="当前头像"
                className="h-14 w-14 rounded-full bg-surface-grey object-cover"
                data-testid="m-avatar-preview"
              />
              <span className="text-sm text-ink-mute">{upload.busy ? '上传中…' : '更换'}</span>
            </span>
          </PhotoPicker>
        </div>
        <label className="flex min-h-12 items-center gap-3 px-4">
          <span className="w-16 shrink-0 text-[15px]">昵称</span>
          <input
            className="h-11 min-w-0 flex-1 bg-transparent text-right text-base outline-none"
            aria-label="昵称"
            maxLength={16}
            value={form.nick_name}
            onChange={(e) => setForm({ ...form, nick_name: e.target.value })}
          />
        </label>
        <fieldset className="flex min-h-12 items-center gap-3 px-4">
          <legend className="sr-only">性别</legend>
          <span className="w-16 shrink-0 text-[15px]" aria-hidden="true">
            性别
          </span>
          <div className="flex flex-1 justify-end gap-4">
            {GENDERS.map(([v, label]) => (
              <label key={v} className="flex min-h-11 items-center gap-1.5 text-[15px]">
                <input
                  type="radio"
                  name="gender"
                  className="h-4 w-4 accent-brand-accent"
                  checked={form.gender === v}
                  onChange={() => setForm({ ...form, gender: v })}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex min-h-12 items-center gap-3 px-4">
          <span className="w-16 shrink-0 text-[15px]">生日</span>
          <input
            className="h-11 min-w-0 flex-1 bg-transparent text-right text-base outline-none"
            aria-label="生日"
            type="date"
            min="1900-01-01"
            max={today}
            value={form.birthday}
            onChange={(e) => setForm({ ...form, birthday: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-2 px-4 py-3">
          <span className="text-[15px]">个人简介</span>
          <textarea
            className="h-24 w-full rounded-lg border border-line bg-white p-2 text-base outline-none focus:border-brand-accent"
            aria-label="个人简介"
            maxLength={200}
            placeholder="介绍一下自己的习武经历吧"
            value={form.intro}
            onChange={(e) => setForm({ ...form, intro: e.target.value })}
          />
          <span className="text-right text-xs text-ink-mute">{form.intro.length}/200</span>
        </label>
        <div className="p-3">
          <button type="submit" disabled={save.busy || upload.busy} className="gf-m-btn-primary w-full text-base">
            {save.busy ? '保存中…' : '保存资料'}
          </button>
        </div>
      </form>
      <ul className="gf-m-card mx-3 mt-3 divide-y divide-line">
        <Row
          href={here('phone')}
          icon="i-ri-smartphone-line"
          label={info.has_phone ? '更换手机号' : '绑定手机号'}
          value={info.has_phone ? info.phone : '未绑定'}
        />
        <Row href={here('password')} icon="i-ri-lock-password-line" label="登录密码" value="修改" />
        <Row
          href={here('paypassword')}
          icon="i-ri-shield-keyhole-line"
          label="支付密码"
          value={info.has_pay_password ? '修改 / 忘记' : '未设置'}
        />
      </ul>
      <div className="mx-3 mt-4">
        <button
          type="button"
          className="gf-m-btn-ghost w-full text-danger"
          disabled={out.busy}
          onClick={() => void out.run(() => logout('home'))}
        >
          退出登录
        </button>
      </div>
    </div>
  );
}

function Done(props: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-5 px-4 py-14 text-center" role="status">
      <span className="i-ri-checkbox-circle-fill text-6xl text-success" aria-hidden="true" />
      <p className="text-base">{props.text}</p>
      <a className="gf-m-btn-primary w-40" href={MOBILE_PATHS.settings}>
        返回账号设置
      </a>
    </div>
  );
}

function PhoneSteps({ info }: { info: MemberInfo }) {
  const [ticket, setTicket] = useState('');
  const [done, setDone] = useState('');
  const changing = info.has_phone;
  if (done) return <Done text={`手机号已${changing ? '更换' : '绑定'}为 ${maskPhone(done)}`} />;
  return (
    <div className="px-4 pt-4">
      {changing && (
        <ol className="mb-5 flex gap-2 text-sm" aria-label="步骤">
          {['验证原手机号', '绑定新手机号'].map((s, i) => {
            const on = (ticket ? 2 : 1) >= i + 1;
            return (
              <li
                key={s}
                className={`flex-1 border-t-3 pt-2 text-center ${on ? 'border-brand-accent text-brand' : 'border-line text-ink-mute'}`}
              >
                {i + 1}. {s}
              </li>
            );
          })}
        </ol>
      )}
      {changing && !ticket ? <VerifyOld phone={info.phone} onVerified={setTicket} /> : <BindNew ticket={ticket} onBound={setDone} />}
    </div>
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
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <p className="text-sm text-ink-soft">验证码将发送至原手机号 {props.phone}</p>
      <Field
        label="原手机验证码"
        numeric
        maxLength={6}
        autoComplete="one-time-code"
        placeholder="请输入验证码"
        value={yzm}
        onChange={setYzm}
      >
        <SmsButton phone="" ownPhone type="change_phone" timer={timer} className="h-11 w-[112px] rounded-lg" />
      </Field>
      <button type="submit" disabled={save.busy} className="gf-m-btn-primary mt-2 w-full text-base">
        下一步
      </button>
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
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field
        label="新手机号"
        type="tel"
        numeric
        maxLength={11}
        autoComplete="tel"
        placeholder="请输入新手机号"
        value={phone}
        onChange={setPhone}
      />
      <SmsField phone={phone} type="bind_phone" timer={timer} value={yzm} onChange={setYzm} />
      <button type="submit" disabled={save.busy} className="gf-m-btn-primary mt-2 w-full text-base">
        确认绑定
      </button>
    </form>
  );
}

function PasswordView() {
  const empty = { old_password: '', password: '', passwords: '' };
  const [form, setForm] = useState(empty);
  const [done, setDone] = useState(false);
  const save = useAction();
  const set = (k: keyof typeof empty) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  if (done) return <Done text="登录密码已修改，其他设备需要重新登录" />;
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(
      async () => {
        await changePassword(form);
        setForm(empty);
        setDone(true);
      },
      { done: '修改成功' },
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 px-4 pt-4" data-testid="m-password-form">
      <Field
        label="原密码"
        type="password"
        autoComplete="current-password"
        placeholder="请输入原密码"
        value={form.old_password}
        onChange={set('old_password')}
      />
      <Field
        label="新密码"
        type="password"
        autoComplete="new-password"
        placeholder="新密码（6～20 位字母和数字）"
        value={form.password}
        onChange={set('password')}
      />
      <Field
        label="确认新密码"
        type="password"
        autoComplete="new-password"
        placeholder="请再次输入新密码"
        value={form.passwords}
        onChange={set('passwords')}
      />
      <button type="submit" disabled={save.busy} className="gf-m-btn-primary mt-2 w-full text-base">
        {save.busy ? '提交中…' : '确认修改'}
      </button>
      <a href={MOBILE_PATHS.forgot} className="flex min-h-11 items-center justify-center text-sm text-ink-soft">
        忘记原密码？
      </a>
    </form>
  );
}

function PayPasswordView({ member }: { member: Loaded<MemberInfo> }) {
  const info = member.data as MemberInfo;
  const [done, setDone] = useState(false);
  const { form, set, save, timer, submit } = usePayPasswordForm(() => {
    member.set({ ...info, has_pay_password: true });
    setDone(true);
  });
  if (!info.has_phone)
    return (
      <div className="flex flex-col items-center gap-4 px-6 py-16 text-center text-ink-soft">
        <p>设置支付密码需要先绑定手机号</p>
        <a className="gf-m-btn-primary w-40" href={here('phone')}>
          去绑定
        </a>
      </div>
    );
  if (done) return <Done text="支付密码设置成功" />;
  const input = (k: 'password' | 'passwords', label: string, placeholder: string) => (
    <input
      className="gf-m-input tracking-[.3em] placeholder:tracking-normal"
      aria-label={label}
      placeholder={placeholder}
      type="password"
      inputMode="numeric"
      maxLength={6}
      autoComplete="off"
      value={form[k]}
      onChange={set(k)}
    />
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 px-4 pt-4" data-testid="m-paypassword-form">
      <p className="text-sm text-ink-soft">
        {info.has_pay_password ? '修改或找回支付密码' : '设置支付密码'}：验证码将发送至 {info.phone}
      </p>
      <div className="flex items-center gap-2">
        <input
          className="gf-m-input min-w-0 flex-1"
          aria-label="短信验证码"
          placeholder="请输入验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={form.yzm}
          onChange={set('yzm')}
        />
        <SmsButton phone="" ownPhone type="pay_password" timer={timer} className="h-11 w-[112px] rounded-lg" />
      </div>
      {input('password', '支付密码', '6 位数字，勿用连续或重复数字')}
      {input('passwords', '确认支付密码', '再次输入支付密码')}
      <button type="submit" disabled={save.busy} className="gf-m-btn-primary mt-2 w-full text-base">
        {save.busy ? '提交中…' : '保存'}
      </button>
    </form>
  );
}
