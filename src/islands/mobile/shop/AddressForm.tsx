import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ADDRESS_LIMITS } from '~/lib/rules/address';
import { citiesOf, districtsOf, provincesOf } from '~/lib/rules/regions';
import { $regions, addressForm, ensureRegions, saveAddress, type Address, type AddressForm as Fields } from '~/lib/stores/address';
import { useAction } from '~/islands/ui/useAction';

type Region = Pick<Fields, 'province' | 'city' | 'district'>;
const LEVELS = ['省份', '城市', '区县'] as const;

/**
 * The region picker of the mobile address form (the desktop's dataset, `ensureRegions`): one level
 * at a time — province, then city, then district — with the levels chosen so far as tabs to go back to.
 */
export function RegionPicker(props: { value: Region; onDone: (v: Region) => void; onCancel: () => void }) {
  const regions = useStore($regions);
  const [error, setError] = useState('');
  const [v, setV] = useState<Region>(props.value);
  const [level, setLevel] = useState(props.value.district ? 2 : props.value.city ? 2 : props.value.province ? 1 : 0);
  useEffect(() => {
    ensureRegions().catch(() => setError('地区数据加载失败，请稍后重试'));
  }, []);
  if (error)
    return (
      <p role="alert" className="py-10 text-center text-sm text-danger">
        {error}
      </p>
    );
  if (!regions) return <p className="py-10 text-center text-sm text-ink-mute">地区加载中…</p>;
  const options =
    level === 0 ? provincesOf(regions) : level === 1 ? citiesOf(regions, v.province) : districtsOf(regions, v.province, v.city);
  const current = level === 0 ? v.province : level === 1 ? v.city : v.district;
  const tabs = [v.province, v.city, v.district];

  function choose(name: string) {
    if (level === 0) {
      setV({ province: name, city: '', district: '' });
      setLevel(1);
    } else if (level === 1) {
      setV({ ...v, city: name, district: '' });
      setLevel(2);
    } else props.onDone({ ...v, district: name });
  }

  return (
    <div data-testid="m-region-picker">
      <div className="-mx-4 flex border-b border-line px-2" role="tablist" aria-label="所在地区">
        {LEVELS.map((label, i) =>
          i === 0 || tabs[i - 1] ? (
            <button
              key={label}
              type="button"
              role="tab"
              aria-selected={level === i}
              onClick={() => setLevel(i)}
              className={`h-11 max-w-[34%] truncate px-2 text-sm ${level === i ? 'border-b-2 border-brand-accent text-brand' : 'text-ink'}`}
            >
              {tabs[i] || `请选择${label}`}
            </button>
          ) : null,
        )}
        <button type="button" className="ml-auto h-11 px-2 text-sm text-ink-soft" onClick={props.onCancel}>
          返回
        </button>
      </div>
      {/* Keyed by level: a new level starts at its top, not where the last list was scrolled. */}
      <ul key={level} className="-mx-4 max-h-[50vh] overflow-y-auto" role="listbox" aria-label={LEVELS[level]}>
        {options.map((name) => (
          <li key={name}>
            <button
              type="button"
              role="option"
              aria-selected={name === current}
              onClick={() => choose(name)}
              className={`flex min-h-11 w-full items-center justify-between px-4 text-left text-[15px] ${name === current ? 'text-brand' : 'text-ink'}`}
            >
              {name}
              {name === current && <span className="i-ri-check-line" aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * New / edit address on the phone (inside a sheet): the same checks and save as the desktop form
 * (address store); nothing typed is lost when the server refuses.
 */
export function AddressForm(props: { editing: Address | null; onSaved: (a: Address) => void; onCancel?: (() => void) | undefined }) {
  const [form, setForm] = useState(() => addressForm(props.editing));
  const [picking, setPicking] = useState(false);
  const save = useAction();

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(() => saveAddress(form, props.editing?.id).then(props.onSaved), { done: '保存成功' });
  }

  if (picking)
    return (
      <RegionPicker
        value={form}
        onCancel={() => setPicking(false)}
        onDone={(v) => {
          setForm({ ...form, ...v });
          setPicking(false);
        }}
      />
    );

  const row = 'flex min-h-12 items-center gap-3 border-b border-line';
  const label = 'w-18 shrink-0 text-[15px] text-ink-soft';
  const input = 'h-12 min-w-0 flex-1 bg-transparent text-base outline-none';
  const region = [form.province, form.city, form.district].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} noValidate data-testid="m-address-form">
      <label className={row}>
        <span className={label}>收货人</span>
        <input
          className={input}
          aria-label="收货人"
          maxLength={ADDRESS_LIMITS.name}
          placeholder="请填写收货人姓名"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
      </label>
      <label className={row}>
        <span className={label}>手机号</span>
        <input
          className={input}
          aria-label="手机号"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder="11 位手机号"
          value={form.phone}
          onChange={(e) => setForm({ ...form, phone: e.target.value })}
        />
      </label>
      <button type="button" className={`${row} w-full text-left`} onClick={() => setPicking(true)} data-testid="m-region-field">
        <span className={label}>所在地区</span>
        <span className={`min-w-0 flex-1 truncate text-base ${region ? 'text-ink' : 'text-ink-mute'}`}>{region || '省、市、区县'}</span>
        <span className="i-ri-arrow-right-s-line text-lg text-ink-mute" aria-hidden="true" />
      </button>
      <label className="flex items-start gap-3 border-b border-line py-3">
        <span className={`${label} pt-0.5`}>详细地址</span>
        <textarea
          className="min-h-16 min-w-0 flex-1 resize-none bg-transparent text-base outline-none"
          aria-label="详细地址"
          maxLength={ADDRESS_LIMITS.detail}
          placeholder="街道、门牌号等"
          value={form.detail}
          onChange={(e) => setForm({ ...form, detail: e.target.value })}
        />
      </label>
      <label className="flex min-h-12 items-center justify-between">
        <span className="text-[15px] text-ink">设为默认地址</span>
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand"
          checked={form.is_default}
          onChange={(e) => setForm({ ...form, is_default: e.target.checked })}
        />
      </label>
      <div className="mt-3 flex gap-3">
        {props.onCancel && (
          <button type="button" className="gf-m-btn-ghost flex-1" onClick={props.onCancel}>
            取消
          </button>
        )}
        <button type="submit" className="gf-m-btn-primary flex-1" disabled={save.busy}>
          {save.busy ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
