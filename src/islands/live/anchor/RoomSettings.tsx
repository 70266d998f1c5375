import { useState } from 'react';
import type { AnchorRoom, ShelfItem } from '~/lib/api/contract/live';
import { priceText } from '~/lib/format';
import { img } from '~/lib/media';
import { LIVE_CATEGORIES, LIVE_LIMITS, LIVE_TEXTS } from '~/lib/rules/live';
import { fetchShelfOptions, saveLiveSettings, type LiveSettingsInput } from '~/lib/stores/live';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';
import { CoverUpload } from '../../ui/CoverUpload';

/** 直播间设置: title, cover, category and the shelf (own and agented goods and courses). */
export default function RoomSettings(props: { room: AnchorRoom; onSaved: (r: AnchorRoom) => void }) {
  const [title, setTitle] = useState(props.room.title);
  const [cover, setCover] = useState(props.room.cover);
  const [category, setCategory] = useState(props.room.category as LiveSettingsInput['category']);
  const [shelf, setShelf] = useState(props.room.shelf_refs);
  const options = useLoad(fetchShelfOptions);
  const save = useAction();
  const key = (x: { type: string; id: number }) => `${x.type}:${x.id}`;
  const picked = new Set(shelf.map(key));
  const toggle = (x: ShelfItem) =>
    setShelf((s) =>
      picked.has(key(x)) ? s.filter((y) => key(y) !== key(x)) : s.length >= LIVE_LIMITS.shelfMax ? s : [...s, { type: x.type, id: x.id }],
    );

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run(async () => props.onSaved(await saveLiveSettings({ title, cover, category, shelf })), { done: LIVE_TEXTS.saved });
      }}
      data-testid="liver-settings"
    >
      <div className="grid grid-cols-[80px_1fr] items-center gap-3 text-sm">
        <label htmlFor="room-title" className="text-ink-soft">
          直播标题
        </label>
        <input
          id="room-title"
          className="gf-input"
          maxLength={LIVE_LIMITS.titleMax}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <label htmlFor="room-category" className="text-ink-soft">
          直播分类
        </label>
        <select
          id="room-category"
          className="gf-input"
          value={category}
          onChange={(e) => setCategory(e.target.value as LiveSettingsInput['category'])}
        >
          <option value="">不分类</option>
          {LIVE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <span className="self-start pt-2 text-ink-soft">直播封面</span>
        <CoverUpload value={cover} onChange={setCover} label="直播封面" />
      </div>
      <div>
        <p className="mb-2 text-sm text-ink-soft">
          直播货架（已选 {shelf.length}/{LIVE_LIMITS.shelfMax}，观众可在直播间直接购买）
        </p>
        {options.error ? (
          <p role="alert" className="text-sm text-danger">
            {options.error}
          </p>
        ) : !options.data ? (
          <p className="text-sm text-ink-mute">加载中…</p>
        ) : options.data.list.length === 0 ? (
          <p className="text-sm text-ink-mute">
            还没有可以上架的商品或课程，先去
            <a href={props.room.anchor.kind === 'coach' ? '/coach/course' : '/mechant/agent/goods'} className="text-brand">
              发布或代理
            </a>
            吧。
          </p>
        ) : (
          <ul className="grid max-h-[260px] grid-cols-2 gap-2 overflow-y-auto">
            {options.data.list.map((x) => (
              <li key={key(x)}>
                <label
                  className={`flex cursor-pointer items-center gap-2 rounded-md border p-2 text-sm ${picked.has(key(x)) ? 'border-brand-accent bg-brand-light' : 'border-line'}`}
                >
                  <input type="checkbox" checked={picked.has(key(x))} onChange={() => toggle(x)} data-testid="shelf-option" />
                  <img src={img(x.cover)} alt="" className="h-9 w-16 rounded object-cover" />
                  <span className="min-w-0 flex-1 truncate">
                    <span className="mr-1 text-xs text-ink-mute">{x.type === 'goods' ? '商品' : '课程'}</span>
                    {x.title}
                  </span>
                  <span className="text-xs text-price">{priceText(x.price)}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="submit" className="gf-btn-primary w-32" disabled={save.busy} data-testid="liver-settings-save">
        {save.busy ? '保存中…' : '保存设置'}
      </button>
    </form>
  );
}
