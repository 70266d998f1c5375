/** The mobile identity applications' form pieces: blocks, inputs, document photos, regions, agreement, submit bar. */
import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';

import { compressPhoto } from '~/lib/stores/image-compress';
import { img } from '~/lib/media';

import { ExamineStatus, KIND_INFO, feeText, type ApplicationKind } from '~/lib/rules/applications';
import { toMobileHref } from '~/lib/rules/mobile-redirect';

import { citiesOf, districtsOf, provincesOf } from '~/lib/rules/regions';
import { uploadDocument, uploadImage } from '~/lib/stores/account';
import { $regions, ensureRegions } from '~/lib/stores/address';
import { type IdentityApplication } from '~/lib/stores/applications';

import { toast } from '~/lib/toast';

import { useAction } from '~/islands/ui/useAction';
import { useLoad } from '~/islands/ui/useLoad';
import { PhotoPicker } from './parts';

export function StatusCard(props: { icon: string; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center" data-testid="m-apply-status">
      <span className={`${props.icon} text-6xl`} aria-hidden="true" />
      <h2 className="text-lg font-600">{props.title}</h2>
      {props.children}
    </div>
  );
}

export function Head(props: { kind: ApplicationKind; fee: number; reason: string | null }) {
  const k = KIND_INFO[props.kind];
  return (
    <div className="px-4 pt-4">
      <p className="text-xs leading-5 text-ink-mute">
        提交后由平台审核（通常 1–3 个工作日），通过后缴纳入驻费即可开通{k.who}身份。入驻费：{feeText(props.fee)}
      </p>
      {props.reason !== null && (
        <p role="alert" className="mt-3 rounded-lg bg-danger-light px-3 py-2 text-sm text-danger" data-testid="m-refuse-reason">
          上次申请未通过：{props.reason || '未说明原因'}。请修改后重新提交。
        </p>
      )}
    </div>
  );
}

/** A labelled block of the form. */
export function Block(props: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 px-4 py-3">
      <span className="text-[15px] font-500">{props.label}</span>
      {props.children}
      {props.hint && <span className="text-xs text-ink-mute">{props.hint}</span>}
    </div>
  );
}

export function Input(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  maxLength: number;
  placeholder?: string;
  tel?: boolean;
}) {
  return (
    <input
      className="gf-m-input"
      aria-label={props.label}
      maxLength={props.maxLength}
      placeholder={props.placeholder}
      inputMode={props.tel ? 'tel' : undefined}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/**
 * A photo from the camera or album: a private document (ID card, licence, certificate — uploaded
 * privately, previewed from a signed URL) or a public image (a shop logo). The photo is made small
 * enough for the upload limit first.
 */
export function Photo(props: {
  label: string;
  value: string;
  preview?: string | undefined;
  document?: boolean;
  wide?: boolean;
  onChange: (path: string, url: string) => void;
  testId: string;
}) {
  const upload = useAction();
  function pick(f: File) {
    void upload.run(
      async () => {
        const small = await compressPhoto(f, props.document ? {} : { longEdge: 400, square: true });
        const up = props.document ? await uploadDocument(small) : await uploadImage(small, 'common');
        props.onChange(up.path, up.url);
      },
      { done: `${props.label}已上传` },
    );
  }
  const size = props.wide ? 'h-24 w-36' : 'h-20 w-20';
  return (
    <div className="flex flex-col items-center gap-1">
      <PhotoPicker
        label={props.value ? `更换${props.label}` : `拍摄${props.label}`}
        onFile={pick}
        disabled={upload.busy}
        testId={props.testId}
        className={`${size} flex items-center justify-center overflow-hidden rounded-lg border border-dashed border-line-strong bg-page text-ink-mute`}
      >
        {props.value ? (
          <img src={props.preview ?? img(props.value)} alt={props.label} className="h-full w-full object-cover" />
        ) : (
          <span className="flex flex-col items-center gap-1 text-xs">
            <span className={upload.busy ? 'i-ri-loader-4-line animate-spin text-2xl' : 'i-ri-camera-line text-2xl'} aria-hidden="true" />
            {upload.busy ? '上传中…' : '拍照上传'}
          </span>
        )}
      </PhotoPicker>
      <span className="text-xs text-ink-soft">{props.label}</span>
    </div>
  );
}

export function Regions(props: {
  value: { province: string; city: string; district?: string };
  district?: boolean;
  onChange: (v: { province: string; city: string; district: string }) => void;
}) {
  const regions = useStore($regions);
  useEffect(() => {
    ensureRegions().catch(() => toast.error('地区数据加载失败，请刷新重试'));
  }, []);
  const { province, city, district = '' } = props.value;
  if (!regions) return <p className="text-sm text-ink-mute">地区加载中…</p>;
  const sel = 'gf-m-input min-w-0 flex-1 px-2';
  return (
    <div className="flex gap-2">
      <select
        aria-label="省份"
        className={sel}
        value={province}
        onChange={(e) => props.onChange({ province: e.target.value, city: '', district: '' })}
      >
        <option value="">省份</option>
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
        <option value="">城市</option>
        {citiesOf(regions, province).map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
      {props.district && (
        <select
          aria-label="区县"
          className={sel}
          value={district}
          disabled={!city}
          onChange={(e) => props.onChange({ province, city, district: e.target.value })}
        >
          <option value="">区县</option>
          {districtsOf(regions, province, city).map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
      )}
    </div>
  );
}

export function Agree(props: { label: string; href: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-center gap-2 px-4 text-sm text-ink-soft">
      <input
        type="checkbox"
        className="h-4 w-4 accent-brand-accent"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        aria-label="同意入驻协议"
      />
      <span>
        我已阅读并同意
        <a className="text-brand" href={toMobileHref(props.href)}>
          {props.label}
        </a>
      </span>
    </label>
  );
}

export function SubmitBar(props: { busy: boolean }) {
  return (
    <div className="sticky bottom-0 border-t border-line bg-white p-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
      <button type="submit" disabled={props.busy} className="gf-m-btn-primary w-full text-base" data-testid="m-apply-submit">
        {props.busy ? '提交中…' : '提交申请'}
      </button>
    </div>
  );
}

/** The refused application's answers to correct, or an empty form. */
export function usePrefill<T>(info: IdentityApplication, load: () => Promise<{ reason: string; form: T }>, empty: T) {
  const refused = info.status === ExamineStatus.REFUSED;
  return useLoad(() => (refused ? load() : Promise.resolve({ reason: '', form: empty })));
}
