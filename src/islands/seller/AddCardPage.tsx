import { useState, type SubmitEvent } from 'react';
import { BANKS, MAX_BANK_CARDS, groupCardDigits } from '~/lib/rules/bank';
import { fetchMemberInfo } from '~/lib/stores/account';
import { EMPTY_CARD, addBankCard, financeBase, type CardForm, type FinanceArea } from '~/lib/stores/seller-finance';
import { SmsButton, useSmsTimer } from '../account/SmsButton';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { AreaOnly } from './AreaOnly';
import { Field } from '../ui/form';
import { LoadFailed } from '../ui/states';

/** /coach/finance/addcard and /mechant/finance/addcard: a card in the holder's real name, confirmed by an SMS code. */
export default function AddCardPage(props: { area: FinanceArea }) {
  return (
    <AreaOnly area={props.area}>
      <AddCard area={props.area} />
    </AreaOnly>
  );
}

function AddCard({ area }: { area: FinanceArea }) {
  const member = useLoad(fetchMemberInfo);
  const [form, setForm] = useState<CardForm>(EMPTY_CARD);
  const save = useAction();
  const timer = useSmsTimer();
  const base = financeBase(area);
  const set = (k: keyof CardForm) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [k]: e.target.value });

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(
      async () => {
        await addBankCard(form, area);
        timer.stop();
        location.assign(`${base}/bankcard`);
      },
      { done: '银行卡已添加' },
    );
  }

  const heading = (
    <div className="mb-8 flex items-center justify-between border-b border-line pb-4">
      <h1 className="text-lg font-600">添加银行卡</h1>
      <a href={`${base}/bankcard`} className="gf-link text-sm">
        返回银行卡管理
      </a>
    </div>
  );
  const info = member.data;
  if (member.error && !info)
    return (
      <>
        {heading}
        <LoadFailed load={member} />
      </>
    );
  if (!info)
    return (
      <>
        {heading}
        <p className="py-16 text-center text-ink-mute">加载中…</p>
      </>
    );
  if (!info.has_phone)
    return (
      <>
        {heading}
        <div className="py-16 text-center text-ink-soft">
          添加银行卡需要短信验证，请先绑定手机号。
          <a className="ml-2 text-brand" href="/account/setting/bindPhone">
            去绑定
          </a>
        </div>
      </>
    );
  return (
    <>
      {heading}
      <form onSubmit={submit} noValidate className="flex max-w-[560px] flex-col gap-5" aria-label="添加银行卡">
        <Field label="持卡人姓名" hint="须与银行开户姓名一致">
          <input className="gf-input" aria-label="持卡人姓名" maxLength={20} value={form.holder_name} onChange={set('holder_name')} />
        </Field>
        <Field label="开户银行">
          <select className="gf-input px-2" aria-label="开户银行" value={form.bank_code} onChange={set('bank_code')}>
            <option value="">请选择开户银行</option>
            {BANKS.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="银行卡号" hint="16–19 位数字的借记卡卡号">
          <input
            className="gf-input font-mono tracking-wider"
            aria-label="银行卡号"
            inputMode="numeric"
            autoComplete="off"
            maxLength={23}
            value={form.card_no}
            onChange={(e) => setForm({ ...form, card_no: groupCardDigits(e.target.value) })}
          />
        </Field>
        <Field label="手机号">
          <p className="pt-2.5 text-sm text-ink">{info.phone}</p>
        </Field>
        <Field label="验证码">
          <div className="flex gap-2">
            <input
              className="gf-input"
              aria-label="短信验证码"
              inputMode="numeric"
              maxLength={6}
              value={form.yzm}
              onChange={(e) => setForm({ ...form, yzm: e.target.value.replace(/\D/g, '') })}
            />
            <SmsButton phone="" ownPhone type="bank_card" timer={timer} />
          </div>
        </Field>
        <div className="pl-[116px]">
          <button type="submit" disabled={save.busy} className="gf-btn-primary w-32">
            {save.busy ? '提交中…' : '添加'}
          </button>
          <p className="mt-3 text-xs text-ink-mute">卡号加密保存，添加后只显示前后四位；最多添加 {MAX_BANK_CARDS} 张。</p>
        </div>
      </form>
    </>
  );
}
