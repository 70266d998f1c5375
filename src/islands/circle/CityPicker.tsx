import { useEffect, useState } from 'react';
import { citiesOf, loadRegions, provincesOf, type Regions } from '~/lib/rules/regions';

/** A city as posts and profiles name it: 广州市 → 广州; a municipality's 市辖区 → 北京. */
function cityNames(r: Regions, province: string): string[] {
  const out = citiesOf(r, province).map((c) => (/^(市辖区|县)$|直辖/.test(c) ? province : c).replace(/(市|地区)$/, ''));
  return [...new Set(out)];
}

/** Province → city selects; answers the short city name ('' until one is picked). */
export function CitySelect(props: { value: string; onChange: (city: string) => void; label?: string; className?: string }) {
  const [regions, setRegions] = useState<Regions | null>(null);
  const [province, setProvince] = useState('');
  useEffect(() => {
    void loadRegions().then((r) => {
      setRegions(r);
      // Start on the province of the city already chosen.
      if (props.value) setProvince(provincesOf(r).find((p) => cityNames(r, p).includes(props.value)) ?? '');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const cities = regions && province ? cityNames(regions, province) : [];
  const cls = props.className ?? 'h-9 rounded border border-line bg-white px-2 text-sm outline-none focus:border-brand-accent';
  return (
    <span className="inline-flex gap-2">
      <select aria-label="省份" className={cls} value={province} onChange={(e) => setProvince(e.target.value)} disabled={!regions}>
        <option value="">{regions ? '选择省份' : '加载中…'}</option>
        {regions && provincesOf(regions).map((p) => <option key={p}>{p}</option>)}
      </select>
      <select
        aria-label={props.label ?? '城市'}
        className={cls}
        value={cities.includes(props.value) ? props.value : ''}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={!province}
      >
        <option value="">选择城市</option>
        {cities.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
    </span>
  );
}

/** The 同城 tab's city: picking one opens that city's feed (kept for the next visit). */
export default function CityPicker(props: {
  city: string;
  /** The feed page the city opens (the phone's /m/circle). */
  base?: string;
  /** The selects' classes (the phone's 44 px, 16 px text). */
  selectClass?: string;
}) {
  const base = props.base ?? '/firendscircle';
  const [city, setCity] = useState(props.city);
  useEffect(() => {
    if (props.city) return;
    const kept = localStorage.getItem('gf:circle-city');
    if (kept) location.replace(`${base}?tab=city&city=${encodeURIComponent(kept)}`);
  }, [props.city, base]);
  return (
    <div className="gf-card flex flex-wrap items-center gap-3 px-5 py-3 text-sm" data-testid="circle-city">
      <span className="text-ink-soft">
        <span className="i-ri-map-pin-line mr-1 align-[-2px]" />
        {props.city ? `正在看：${props.city}` : '选择你所在的城市，看看同城的练友'}
      </span>
      <span className="ml-auto">
        <CitySelect
          {...(props.selectClass ? { className: props.selectClass } : {})}
          value={city}
          onChange={(c) => {
            setCity(c);
            if (!c) return;
            try {
              localStorage.setItem('gf:circle-city', c);
            } catch {
              // Not kept; the link still works.
            }
            location.href = `${base}?tab=city&city=${encodeURIComponent(c)}`;
          }}
        />
      </span>
    </div>
  );
}
