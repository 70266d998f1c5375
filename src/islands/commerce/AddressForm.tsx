import { useEffect, useState, type SubmitEvent } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { phoneError } from '~/lib/rules/phone';
import { isRegion, loadRegions, type Regions } from '~/lib/rules/regions';
import { toast } from '~/lib/toast';
import { Modal } from '../ui/Modal';

export interface Address {
  id: number;
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  is_default: number;
}

const EMPTY = { name: '', phone: '', province: '', city: '', district: '', detail: '', is_default: false };

/** Province / city / district selects fed by the region dataset (loaded when first shown). */
function RegionPicker(props: {
  value: { province: string; city: string; district: string };
  onChange: (v: { province: string; city: string; district: string }) => void;
}) {
  const [regions, setRegions] = useState<Regions | null>(null);
  useEffect(() => {
    loadRegions()
      .then(setRegions)
      .catch(() => toast.error('地区数据加载失败，请刷新重试'));
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
        {Object.keys(regions).map((p) => (
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
        {Object.keys(regions[province] ?? {}).map((c) => (
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
        {(regions[province]?.[city] ?? []).map((d) => (
          <option key={d}>{d}</option>
        ))}
      </select>
    </div>
  );
}

/** New / edit address dialog. Validates like the server does; nothing typed is lost on failure. */
export function AddressDialog(props: { open: boolean; editing: Address | null; onClose: () => void; onSaved: (a: Address) => void }) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    const e = props.editing;
    setForm(
      e
        ? {
            name: e.name,
            phone: e.phone,
            province: e.province,
            city: e.city,
            district: e.district,
            detail: e.detail,
            is_default: e.is_default === 1,
          }
        : EMPTY,
    );
  }, [props.open, props.editing]);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!form.name.trim()) return void toast.error('请填写收货人');
    const bad = phoneError(form.phone);
    if (bad) return void toast.error(bad);
    if (!form.province || !form.city || !form.district || !isRegion(await loadRegions(), form.province, form.city, form.district))
      return void toast.error('请选择所在地区');
    if (form.detail.trim().length < 4) return void toast.error('详细地址至少 4 个字');
    setBusy(true);
    try {
      const saved = await untypedApi<Address>('/member/addressSave', { ...form, ...(props.editing ? { id: props.editing.id } : {}) });
      toast.success('保存成功');
      props.onSaved(saved);
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const input = (k: 'name' | 'phone' | 'detail', label: string, extra: Record<string, unknown> = {}) => (
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
    <Modal open={props.open} title={props.editing ? '编辑收货地址' : '新增收货地址'} width={560} onClose={props.onClose}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {input('name', '收货人', { maxLength: 20, placeholder: '请填写收货人姓名' })}
        {input('phone', '手机号', { maxLength: 11, inputMode: 'numeric', placeholder: '11 位手机号' })}
        <div className="flex items-center gap-3">
          <span className="w-20 shrink-0 text-right text-sm text-ink-soft">所在地区</span>
          <div className="flex-1">
            <RegionPicker value={form} onChange={(v) => setForm({ ...form, ...v })} />
          </div>
        </div>
        {input('detail', '详细地址', { maxLength: 120, placeholder: '街道、门牌号等' })}
        <label className="ml-[92px] flex items-center gap-2 text-sm text-ink-soft">
          <input type="checkbox" checked={form.is_default} onChange={(e) => setForm({ ...form, is_default: e.target.checked })} />
          设为默认地址
        </label>
        <div className="mt-2 flex justify-end gap-3">
          <button type="button" className="gf-btn-ghost" onClick={props.onClose}>
            取消
          </button>
          <button type="submit" className="gf-btn-primary w-28" disabled={busy}>
            {busy ? '保存中…' : '保存'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** One address as a line of text. */
export const addressText = (a: Pick<Address, 'province' | 'city' | 'district' | 'detail'>) =>
  `${a.province} ${a.city} ${a.district} ${a.detail}`;
