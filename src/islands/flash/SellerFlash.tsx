import { useState } from 'react';
import { api } from '~/lib/api/client';
import type { FlashOption, SellerFlash as Sale } from '~/lib/api/contract/flash';
import { formatDateTime, money } from '~/lib/format';
import { FLASH_LIMITS, FLASH_PAY_MIN, flashDiscount } from '~/lib/rules/flash';
import { blankForm, formOf, optionKey, optionLabel, phaseText, saveFlashSale, type FlashForm } from '~/lib/stores/flash';
import { toast } from '~/lib/toast';
import { PagerButtons } from '../ui/PagerButtons';
import { Empty, LoadFailed, Loading } from '../ui/states';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

const LIMIT = 10;

/**
 * 营销中心 · 秒杀 (/coach/marketing, /mechant/marketing): create a flash sale for one of the seller's
 * courses or SKUs, edit it until it starts, cancel it; the list shows stock left and units paid.
 */
export default function SellerFlash() {
  const [page, setPage] = useState(1);
  const list = useLoad(() => api('/seller/flash/list', { page, limit: LIMIT }), page);
  const options = useLoad(() => api('/seller/flash/options', {}));
  const [editing, setEditing] = useState<FlashForm | null>(null);

  return (
    <div className="space-y-4" data-testid="seller-flash">
      {options.error ? (
        <LoadFailed load={options} />
      ) : !options.data ? (
        <Loading />
      ) : (
        <SaleForm
          key={editing?.id ?? 'new'}
          options={options.data.list}
          initial={editing ?? blankForm()}
          onCancel={editing ? () => setEditing(null) : undefined}
          onDone={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      <section className="gf-card p-5">
        <h2 className="mb-3 font-bold">我的秒杀</h2>
        {list.error ? (
          <LoadFailed load={list} />
        ) : !list.data ? (
          <Loading />
        ) : list.data.list.length === 0 ? (
          <Empty icon="i-ri-flashlight-line" text="还没有秒杀活动，在上方选择课程或商品创建一个" />
        ) : (
          <>
            <table className="w-full text-sm">
              <thead className="bg-page text-left text-ink-soft">
                <tr>
                  <th className="px-3 py-2 font-normal">课程 / 商品</th>
                  <th className="px-3 py-2 font-normal">秒杀价</th>
                  <th className="px-3 py-2 font-normal">库存（剩余 / 已付款）</th>
                  <th className="px-3 py-2 font-normal">时间</th>
                  <th className="px-3 py-2 font-normal">状态</th>
                  <th className="px-3 py-2 font-normal">操作</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.data.list.map((s) => (
                  <SaleRow key={s.id} s={s} onEdit={() => setEditing(formOf(s))} onChange={list.reload} />
                ))}
              </tbody>
            </table>
            <PagerButtons page={page} total={list.data.total} limit={LIMIT} onPage={setPage} />
          </>
        )}
      </section>
    </div>
  );
}

function SaleRow(props: { s: Sale; onEdit: () => void; onChange: () => void }) {
  const { s } = props;
  const act = useAction();
  return (
    <tr data-testid="flash-row">
      <td className="px-3 py-2">
        <p className="font-600">{s.title}</p>
        <p className="text-xs text-ink-mute">
          {s.kind === 'course' ? '课程' : `商品 · ${s.specs}`} · 每人限购 {s.per_member}
        </p>
      </td>
      <td className="px-3 py-2">
        <span className="text-price font-600">{money(s.price)}</span>
        <span className="ml-1 text-xs text-ink-mute line-through">{money(s.list_price)}</span>
      </td>
      <td className="px-3 py-2">
        {s.stock}（{s.left} / {s.paid}）
      </td>
      <td className="px-3 py-2 text-xs text-ink-soft">
        {formatDateTime(s.starts_at)}
        <br />至 {formatDateTime(s.ends_at)}
      </td>
      <td className="px-3 py-2">{phaseText(s.phase)}</td>
      <td className="space-x-3 px-3 py-2 whitespace-nowrap">
        {s.can_edit === 1 && (
          <button type="button" className="text-info-link" onClick={props.onEdit}>
            修改
          </button>
        )}
        {s.can_cancel === 1 && (
          <button
            type="button"
            className="text-danger"
            disabled={act.busy}
            onClick={() => {
              if (!confirm('取消后买家不能再抢购，已下的订单照常付款或到期关闭。确定取消？')) return;
              void act.run(async () => {
                await api('/seller/flash/cancel', { id: s.id });
                toast.success('秒杀已取消');
                props.onChange();
              });
            }}
          >
            取消
          </button>
        )}
        {s.can_edit === 0 && s.can_cancel === 0 && <span className="text-ink-mute">—</span>}
      </td>
    </tr>
  );
}

function SaleForm(props: { options: FlashOption[]; initial: FlashForm; onDone: () => void; onCancel?: (() => void) | undefined }) {
  const act = useAction();
  const [f, setF] = useState(props.initial);
  const set = (k: keyof FlashForm) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const chosen = props.options.find((o) => optionKey(o) === f.item);
  const fen = Math.round(Number(f.price) * 100);
  if (props.options.length === 0)
    return (
      <div className="gf-card p-6 text-center text-sm text-ink-soft" data-testid="flash-no-items">
        还没有可以秒杀的付费课程或在售商品，先发布课程或上架商品。
      </div>
    );
  return (
    <form
      className="gf-card grid grid-cols-2 gap-3 p-5 text-sm"
      data-testid="flash-form"
      onSubmit={(e) => {
        e.preventDefault();
        void act.run(async () => {
          await saveFlashSale(f);
          toast.success(f.id ? '秒杀已修改' : '秒杀已创建');
          if (!f.id) setF(blankForm());
          props.onDone();
        });
      }}
    >
      <h2 className="col-span-2 font-bold">{f.id ? '修改秒杀（开始前可改）' : '创建秒杀'}</h2>
      <label className="col-span-2 flex flex-col gap-1">
        课程或商品
        <select className="gf-input" value={f.item} onChange={set('item')} required name="item">
          <option value="">请选择</option>
          {props.options.map((o) => (
            <option key={optionKey(o)} value={optionKey(o)}>
              {optionLabel(o)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        秒杀价（元）
        <input className="gf-input" name="price" inputMode="decimal" value={f.price} onChange={set('price')} required />
        {chosen && fen > 0 && fen < chosen.price && (
          <span className="text-xs text-ink-mute">
            原价 {money(chosen.price)}，{flashDiscount(fen, chosen.price)}
          </span>
        )}
      </label>
      <label className="flex flex-col gap-1">
        秒杀库存
        <input
          className="gf-input"
          name="stock"
          type="number"
          min={1}
          max={FLASH_LIMITS.stockMax}
          value={f.stock}
          onChange={set('stock')}
          required
        />
      </label>
      <label className="flex flex-col gap-1">
        开始时间
        <input className="gf-input" name="starts_at" type="datetime-local" value={f.starts_at} onChange={set('starts_at')} required />
      </label>
      <label className="flex flex-col gap-1">
        结束时间
        <input className="gf-input" name="ends_at" type="datetime-local" value={f.ends_at} onChange={set('ends_at')} required />
      </label>
      <label className="flex flex-col gap-1">
        每人限购
        <input
          className="gf-input"
          name="per_member"
          type="number"
          min={1}
          max={FLASH_LIMITS.perMemberMax}
          value={chosen?.kind === 'course' ? '1' : f.per_member}
          disabled={chosen?.kind === 'course'}
          onChange={set('per_member')}
        />
        {chosen?.kind === 'course' && <span className="text-xs text-ink-mute">课程每人限购 1 份</span>}
      </label>
      <p className="self-end text-xs text-ink-mute">买家下单后需在 {FLASH_PAY_MIN} 分钟内付款，超时自动释放库存。</p>
      <div className="col-span-2 flex gap-2">
        <button className="gf-btn-primary" disabled={act.busy}>
          {f.id ? '保存修改' : '创建秒杀'}
        </button>
        {props.onCancel && (
          <button type="button" className="gf-btn-ghost" onClick={props.onCancel}>
            取消修改
          </button>
        )}
      </div>
    </form>
  );
}
