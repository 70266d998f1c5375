import { useState } from 'react';
import { api } from '~/lib/api/client';
import type { GroupCampaign } from '~/lib/api/contract/groupbuy';
import { formatDateTime, priceText } from '~/lib/format';
import { CAMPAIGN_STATE_TEXT, GROUP_BUY_LIMITS, GROUP_BUY_TEXTS } from '~/lib/rules/groupbuy';
import { campaignBody, termsText } from '~/lib/stores/groupbuy';
import { localInputValue } from '~/lib/stores/grading';
import { toast } from '~/lib/toast';
import { PagerButtons } from '../ui/PagerButtons';
import { Empty, LoadFailed, Loading } from '../ui/states';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

const LIMIT = 10;

/**
 * 营销 › 拼团 (/coach/marketing, /mechant/marketing): set a group price, size and time limit on a
 * course or class, change it while no group was opened, stop it (open groups run to their deadline).
 */
export default function GroupBuySection() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const items = useLoad(() => api('/seller/groupBuyItems', {}));
  const list = useLoad(() => api('/seller/groupBuyList', { page, limit: LIMIT }), page);
  if (items.error) return <LoadFailed load={items} />;
  if (list.error) return <LoadFailed load={list} />;
  if (!items.data || !list.data) return <Loading />;
  const reload = () => {
    list.reload();
  };
  return (
    <div className="space-y-4" data-testid="groupbuy-section">
      {items.data.list.length === 0 ? (
        <div className="gf-card p-6 text-center text-sm text-ink-soft">还没有可设置拼团的在售课程或班级（价格需高于 ¥0.01）。</div>
      ) : (
        <CampaignForm items={items.data.list} onDone={reload} />
      )}
      <section className="gf-card p-5">
        <h2 className="mb-3 font-bold">我的拼团活动</h2>
        {list.data.list.length === 0 ? (
          <Empty icon="i-ri-team-line" text="还没有拼团活动" />
        ) : (
          <ul className="divide-y divide-line" data-testid="groupbuy-list">
            {list.data.list.map((c) => (
              <li key={c.id} className="py-3">
                <CampaignRow c={c} onEdit={c.editable ? () => setEditing(editing === c.id ? null : c.id) : null} onChange={reload} />
                {editing === c.id && (
                  <CampaignForm
                    items={items.data?.list ?? []}
                    edit={c}
                    onCancel={() => setEditing(null)}
                    onDone={() => {
                      setEditing(null);
                      reload();
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        {list.data.total > LIMIT && <PagerButtons page={page} total={list.data.total} limit={LIMIT} onPage={setPage} />}
      </section>
    </div>
  );
}

function CampaignRow(props: { c: GroupCampaign; onEdit: (() => void) | null; onChange: () => void }) {
  const { c } = props;
  const stop = useAction();
  return (
    <div className="flex items-center gap-4 text-sm">
      <div className="min-w-0 flex-1">
        <p className="truncate font-600 text-ink">
          <span className="mr-2 rounded bg-brand-light px-1.5 py-0.5 text-xs text-brand-dark">
            {c.item.kind === 'course' ? '课程' : '班级'}
          </span>
          {c.item.title}
        </p>
        <p className="mt-1 text-ink-soft">
          拼团价 <span className="text-price">{priceText(c.price)}</span>（原价 {priceText(c.item.price)}）· {termsText(c)}
        </p>
        <p className="mt-1 text-xs text-ink-mute">
          {formatDateTime(c.starts_at)} 至 {formatDateTime(c.ends_at)} · 已开团 {c.opened} · 已成团 {c.formed}
        </p>
      </div>
      <span className="shrink-0 text-ink-soft" data-testid="groupbuy-state">
        {CAMPAIGN_STATE_TEXT[c.state]}
      </span>
      <div className="flex shrink-0 gap-2">
        {props.onEdit && (
          <button type="button" className="gf-btn-ghost h-8 px-3" onClick={props.onEdit}>
            修改
          </button>
        )}
        {c.state !== 'stopped' && c.state !== 'ended' && (
          <button
            type="button"
            className="gf-btn-ghost h-8 px-3"
            disabled={stop.busy}
            onClick={() =>
              void stop.run(async () => {
                if (!window.confirm('停止后不能再开新团，进行中的团将继续到截止时间。确定停止？')) return;
                await api('/seller/groupBuyStop', { id: c.id });
                toast.success(GROUP_BUY_TEXTS.stoppedOk);
                props.onChange();
              })
            }
          >
            停止
          </button>
        )}
      </div>
    </div>
  );
}

type Item = { kind: 'course' | 'class'; id: number; title: string; price: number };

function CampaignForm(props: { items: Item[]; edit?: GroupCampaign; onDone: () => void; onCancel?: () => void }) {
  const act = useAction();
  const e0 = props.edit;
  const key = (i: Pick<Item, 'kind' | 'id'>) => `${i.kind}:${i.id}`;
  const [picked, setPicked] = useState(e0 ? key(e0.item) : key(props.items[0] ?? { kind: 'course', id: 0 }));
  const item = props.items.find((i) => key(i) === picked) ?? e0?.item;
  const now = new Date().toISOString();
  return (
    <form
      className={`grid grid-cols-3 gap-3 text-sm ${e0 ? 'mt-3 rounded bg-page p-4' : 'gf-card p-5'}`}
      data-testid={e0 ? 'groupbuy-edit' : 'groupbuy-create'}
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const text = (k: string) => String(f.get(k) ?? '');
        const [kind = 'course', id = '0'] = picked.split(':');
        void act.run(async () => {
          const body = campaignBody({
            kind,
            item_id: id,
            price: text('price'),
            size: text('size'),
            limit_hours: text('limit_hours'),
            starts_at: text('starts_at'),
            ends_at: text('ends_at'),
          });
          await api('/seller/groupBuySave', e0 ? { id: e0.id, ...body } : body);
          toast.success(GROUP_BUY_TEXTS.saved);
          props.onDone();
        });
      }}
    >
      <h2 className="col-span-3 font-bold">{e0 ? '修改拼团（还没有人开团）' : '新建拼团'}</h2>
      <label className="col-span-3 flex flex-col gap-1">
        课程或班级
        <select className="gf-input" value={picked} onChange={(e) => setPicked(e.target.value)} disabled={!!e0} name="item">
          {props.items.map((i) => (
            <option key={key(i)} value={key(i)}>
              {i.kind === 'course' ? '课程' : '班级'}：{i.title}（原价 {priceText(i.price)}）
            </option>
          ))}
          {e0 && !props.items.some((i) => key(i) === key(e0.item)) && <option value={key(e0.item)}>{e0.item.title}</option>}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        拼团价（元，低于原价{item ? ` ${priceText(item.price)}` : ''}）
        <input
          name="price"
          type="number"
          min={0.01}
          step="0.01"
          required
          className="gf-input"
          defaultValue={e0 ? e0.price / 100 : undefined}
        />
      </label>
      <label className="flex flex-col gap-1">
        成团人数
        <input
          name="size"
          type="number"
          min={GROUP_BUY_LIMITS.sizeMin}
          max={GROUP_BUY_LIMITS.sizeMax}
          required
          className="gf-input"
          defaultValue={e0?.size ?? 3}
        />
      </label>
      <label className="flex flex-col gap-1">
        成团时限（小时）
        <input
          name="limit_hours"
          type="number"
          min={GROUP_BUY_LIMITS.hoursMin}
          max={GROUP_BUY_LIMITS.hoursMax}
          required
          className="gf-input"
          defaultValue={e0?.limit_hours ?? 24}
        />
      </label>
      <label className="flex flex-col gap-1">
        开始时间
        <input name="starts_at" type="datetime-local" required className="gf-input" defaultValue={localInputValue(e0?.starts_at ?? now)} />
      </label>
      <label className="flex flex-col gap-1">
        结束时间
        <input
          name="ends_at"
          type="datetime-local"
          required
          className="gf-input"
          defaultValue={e0 ? localInputValue(e0.ends_at) : undefined}
        />
      </label>
      <div className="flex items-end gap-2">
        <button type="submit" className="gf-btn-primary w-28" disabled={act.busy}>
          {e0 ? '保存修改' : '创建拼团'}
        </button>
        {props.onCancel && (
          <button type="button" className="gf-btn-ghost" onClick={props.onCancel}>
            取消
          </button>
        )}
      </div>
    </form>
  );
}
