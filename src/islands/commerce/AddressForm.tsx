import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ADDRESS_LIMITS } from '~/lib/rules/address';
import { citiesOf, districtsOf, provincesOf } from '~/lib/rules/regions';
import { $regions, addressForm, ensureRegions, saveAddress, type Address, type AddressForm } from '~/lib/stores/address';
import { toast } from '~/lib/toast';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';

export type { Address };
export { addressText } from '~/lib/stores/address';

type RegionValue = Pick<AddressForm, 'province' | 'city' | 'district'>;

/** Province / city / district selects fed by the region dataset (loaded when first shown). */
function RegionPicker(props: { value: RegionValue; onChange: (v: RegionValue) => void }) {
  const regions = useStore($regions);
  useEffect(() => {
    ensureRegions().catch(() => toast.error('地区数据加载失败，请刷新重试'));
  }, []);
  const { province, city, district } = props.value;
  const sel = 'gf-input flex-1 px-2';
  if (!regions) return <p className="py-2 text-sm text-ink-mute">地区加载中…</p>;
  return (
    <div className="flex gap-2">
      <select
        aria-label="省份"
        className={sel}
        value={province}
        onChange={(e) => props.onChange({ province: e.target.value, city: '', district: '' })}
      >
        <option value="">请选择省份</option>
        {provincesOf(regions).map((p) => (
          <option key={p}>{p}</option>
        ))}
      </select>
      <select
        aria-label="城市"
        className={sel}
        value={city}
        disabled={!province}
        onChange={(e) => props.onChange({ province, city: e.target.value, district: '' })}
      >
        <option value="">请选择城市</option>
        {citiesOf(regions, province).map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
      <select
        aria-label="区县"
        className={sel}
        value={district}
        disabled={!city}
        onChange={(e) => props.onChange({ province, city, district: e.target.value })}
      >
        <option value="">请选择区县</option>
        {districtsOf(regions, province, city).map((d) => (
          <option key={d}>{d}</option>
        ))}
      </select>
    </div>
  );
}

/** New / edit address dialog. Validates like the server does; nothing typed is lost on failure. */
export function AddressDialog(props: { open: boolean; editing: Address | null; onClose: () => void; onSaved: (a: Address) => void }) {
  return (
    <Modal open={props.open} title={props.editing ? '编辑收货地址' : '新增收货地址'} width={560} onClose={props.onClose}>
      {/* The Modal mounts its content only while open, so every opening starts from the address edited. */}
      <Form key={props.editing?.id ?? 'new'} editing={props.editing} onClose={props.onClose} onSaved={props.onSaved} />
    </Modal>
  );
}

function Form(props: { editing: Address | null; onClose: () => void; onSaved: (a: Address) => void }) {
  const [form, setForm] = useState(() => addressForm(props.editing));
  const save = useAction();

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(() => saveAddress(form, props.editing?.id).then(props.onSaved), { done: '保存成功' });
  }

  const input = (k: 'name' | 'phone' | 'detail', label: string, extra: React.InputHTMLAttributes<HTMLInputElement>) => (
    <label className="flex items-center gap-3">
      <span className="w-20 shrink-0 text-right text-sm text-ink-soft">{label}</span>
      <input
        className="gf-input"
        aria-label={label}
        value={form[k]}
        onChange={(e) => setForm({ ...form, [k]: e.target.value })}
        {...extra}
      />
    </label>
  );
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {input('name', '收货人', { maxLength: ADDRESS_LIMITS.name, placeholder: '请填写收货人姓名' })}
      {input('phone', '手机号', { maxLength: 11, inputMode: 'numeric', placeholder: '11 位手机号' })}
      <div className="flex items-center gap-3">
        <span className="w-20 shrink-0 text-right text-sm text-ink-soft">所在地区</span>
        <div className="flex-1">
          <RegionPicker value={form} onChange={(v) => setForm({ ...form, ...v })} />
        </div>
      </div>
      {input('detail', '详细地址', { maxLength: ADDRESS_LIMITS.detail, placeholder: '街道、门牌号等' })}
      <label className="ml-[92px] flex items-center gap-2 text-sm text-ink-soft">
        <input type="checkbox" checked={form.is_default} onChange={(e) => setForm({ ...form, is_default: e.target.checked })} />
        设为默认地址
      </label>
      <div className="mt-2 flex justify-end gap-3">
        <button type="button" className="gf-btn-ghost" onClick={props.onClose}>
          取消
        </button>
        <button type="submit" className="gf-btn-primary w-28" disabled={save.busy}>
          {save.busy ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
