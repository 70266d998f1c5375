import { useState } from 'react';
import type { ManageGoodsItem } from '~/lib/api/contract/seller-shop';
import { priceText } from '~/lib/format';
import { img } from '~/lib/media';
import { GOODS_LIMITS as L, SELLER_TEXTS, bpText } from '~/lib/rules/seller-shop';
import { errorText } from '~/lib/api/client';
import {
  emptyGoodsForm,
  goodsCategories,
  goodsFormOf,
  loadGoods,
  loadGoodsList,
  saveGoods,
  setGoodsStatus,
  withSpecNames,
  type GoodsForm,
  type SkuRow,
} from '~/lib/stores/seller-shop';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { RichText } from '../ui/RichText';
import { SellerOnly } from './SellerOnly';
import { ImageUpload } from '../ui/ImageUpload';
import { PageHead } from '../ui/PageHead';
import { Field } from '../ui/form';
import { Empty, LoadFailed, Loading } from '../ui/states';

type Editing = { mode: 'list' } | { mode: 'edit'; id: number | null };

/** /mechant/homepage/goods: the shop's goods — list with stock, add, edit, on/off sale. */
export default function GoodsManager() {
  return (
    <SellerOnly area="mechant">
      <Goods />
    </SellerOnly>
  );
}

function Goods() {
  const [view, setView] = useState<Editing>({ mode: 'list' });
  const [round, setRound] = useState(0);
  if (view.mode === 'edit')
    return (
      <EditorLoader
        id={view.id}
        onDone={() => {
          setRound((r) => r + 1);
          setView({ mode: 'list' });
        }}
      />
    );
  return <GoodsList key={round} onEdit={(id) => setView({ mode: 'edit', id })} />;
}

const TABS = [
  ['all', '全部'],
  ['on', '在售'],
  ['off', '已下架'],
] as const;

function GoodsList(props: { onEdit: (id: number | null) => void }) {
  const [status, setStatus] = useState<'all' | 'on' | 'off'>('all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad(() => loadGoodsList({ status, q, page }), `${status}|${q}|${page}`);
  const act = useAction();

  function toggle(g: ManageGoodsItem) {
    void act.run(
      async () => {
        await setGoodsStatus(g.id, g.status ? 0 : 1);
        list.reload();
      },
      { done: g.status ? '已下架' : '已上架' },
    );
  }

  return (
    <>
      <PageHead title="商品管理" sub="新添加的商品为下架状态，检查无误后上架；库存为可售库存（下单时已扣减）">
        <button type="button" className="gf-btn-primary" onClick={() => props.onEdit(null)}>
          <span className="i-ri-add-line" /> 添加商品
        </button>
      </PageHead>
      <div className="mb-4 flex items-center justify-between">
        <div className="flex gap-2" role="tablist" aria-label="商品状态">
          {TABS.map(([k, label]) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={status === k}
              className={status === k ? 'gf-btn-primary h-8' : 'gf-btn-ghost h-8'}
              onClick={() => {
                setStatus(k);
                setPage(1);
              }}
            >
              {label}
            </button>
          ))}
        </div>
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setQ(String(new FormData(e.currentTarget).get('q') ?? '').trim());
            setPage(1);
          }}
        >
          <input name="q" className="gf-input h-8 w-[200px]" aria-label="搜索商品标题" placeholder="搜索商品标题" maxLength={32} />
          <button type="submit" className="gf-btn-ghost h-8">
            搜索
          </button>
        </form>
      </div>
      {list.error && !list.data ? (
        <LoadFailed load={list} />
      ) : !list.data ? (
        <Loading />
      ) : !list.data.list.length ? (
        <Empty
          icon="i-ri-shopping-bag-3-line"
          text={q ? '没有找到相关商品' : status === 'all' ? '还没有商品，先添加一件吧' : '这里没有商品'}
        />
      ) : (
        <>
          <table className="w-full text-sm" data-testid="goods-table">
            <thead>
              <tr className="bg-page text-left text-ink-soft">
                <th className="px-3 py-2.5 font-400">商品</th>
                <th className="px-3 py-2.5 font-400">价格</th>
                <th className="px-3 py-2.5 font-400">可售库存</th>
                <th className="px-3 py-2.5 font-400">销量</th>
                <th className="px-3 py-2.5 font-400">代理佣金</th>
                <th className="px-3 py-2.5 font-400">状态</th>
                <th className="px-3 py-2.5 text-right font-400">操作</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((g) => (
                <tr key={g.id} className="border-b border-line" data-testid="goods-row">
                  <td className="px-3 py-3">
                    <div className="flex items-center gap-3">
                      <img src={img(g.cover)} alt="" className="h-12 w-12 rounded object-cover" />
                      <div>
                        <p className="line-clamp-1 max-w-[220px] text-ink">{g.title}</p>
                        <p className="text-xs text-ink-mute">
                          {g.category} · {g.sku_count} 个规格
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className="px-3 py-3 text-price">{priceText(g.price)}起</td>
                  <td className="px-3 py-3">
                    <span className={g.stock ? '' : 'text-danger'}>{g.stock ? g.stock : '售罄'}</span>
                    {g.held > 0 && <p className="text-xs text-ink-mute">订单占用 {g.held}</p>}
                  </td>
                  <td className="px-3 py-3">{g.sales}</td>
                  <td className="px-3 py-3">{g.agent_rate_bp ? bpText(g.agent_rate_bp) : <span className="text-ink-mute">未开放</span>}</td>
                  <td className="px-3 py-3">
                    <span className={g.status ? 'text-success-soft' : 'text-ink-mute'}>{g.status ? '在售' : '已下架'}</span>
                  </td>
                  <td className="px-3 py-3 text-right">
                    <div className="flex justify-end gap-3">
                      <button type="button" className="gf-link text-brand" onClick={() => props.onEdit(g.id)}>
                        编辑
                      </button>
                      <button type="button" className="gf-link" disabled={act.busy} onClick={() => toggle(g)}>
                        {g.status ? '下架' : '上架'}
                      </button>
                      {g.status === 1 && (
                        <a className="gf-link" href={`/shop/goodsDetail?id=${g.id}`} target="_blank" rel="noopener">
                          查看
                        </a>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <PagerButtons page={page} total={list.data.total} limit={list.data.limit} onPage={setPage} />
        </>
      )}
    </>
  );
}

function EditorLoader(props: { id: number | null; onDone: () => void }) {
  const [round, setRound] = useState(0);
  const cats = useLoad(goodsCategories);
  const form = useLoad(async () => (props.id ? goodsFormOf(await loadGoods(props.id)) : emptyGoodsForm()), `${props.id}|${round}`);
  const failed = cats.error && !cats.data ? cats : form.error && !form.data ? form : null;
  if (failed)
    return (
      <LoadFailed
        error={failed.error}
        retry={failed.retryable ? () => (cats.reload(), form.reload()) : undefined}
        back={['返回商品管理', '/mechant/homepage/goods']}
      />
    );
  if (!cats.data || !form.data) return <Loading />;
  return (
    <GoodsEditor
      key={`${props.id}|${round}`}
      initial={form.data}
      categories={cats.data}
      onDone={props.onDone}
      onStale={() => setRound((r) => r + 1)}
    />
  );
}

function GoodsEditor(props: { initial: GoodsForm; categories: { id: number; name: string }[]; onDone: () => void; onStale: () => void }) {
  const [form, setForm] = useState(props.initial);
  const save = useAction();
  const set = (patch: Partial<GoodsForm>) => setForm((f) => ({ ...f, ...patch }));
  const setSku = (i: number, patch: Partial<SkuRow>) =>
    setForm((f) => ({ ...f, skus: f.skus.map((s, k) => (k === i ? { ...s, ...patch } : s)) }));

  function submit() {
    void save.run(
      async () => {
        try {
          await saveGoods(form);
        } catch (err) {
          // An order took stock while the form was open: reload what is true now.
          if (errorText(err) === SELLER_TEXTS.stockChanged) props.onStale();
          throw err;
        }
        props.onDone();
      },
      { done: form.id ? '已保存' : '已添加，上架后买家可见' },
    );
  }

  return (
    <>
      <PageHead title={form.id ? '编辑商品' : '添加商品'}>
        <button type="button" className="gf-btn-ghost" onClick={props.onDone}>
          返回列表
        </button>
      </PageHead>
      <div className="flex flex-col gap-5" data-testid="goods-form">
        <Field label="商品标题">
          <input
            className="gf-input"
            aria-label="商品标题"
            maxLength={L.titleMax}
            value={form.title}
            onChange={(e) => set({ title: e.target.value })}
          />
        </Field>
        <Field label="商品图片" hint={`第一张为封面，最多 ${L.imagesMax} 张`}>
          <div className="flex flex-wrap items-center gap-3">
            {form.images.map((p, i) => (
              <div key={`${p}-${i}`} className="relative">
                <img src={img(p)} alt={`商品图片 ${i + 1}`} className="h-20 w-20 rounded-md border border-line object-cover" />
                <button
                  type="button"
                  aria-label={`删除图片 ${i + 1}`}
                  className="absolute -right-2 -top-2 flex h-5 w-5 items-center justify-center rounded-full bg-ink/70 text-white"
                  onClick={() => set({ images: form.images.filter((_, k) => k !== i) })}
                >
                  <span className="i-ri-close-line text-xs" />
                </button>
              </div>
            ))}
            {form.images.length < L.imagesMax && (
              <ImageUpload
                label="图片"
                shape="square"
                value=""
                onChange={(p) => setForm((f) => ({ ...f, images: [...f.images, p] }))}
                testId="goods-image-file"
              />
            )}
          </div>
        </Field>
        <Field label="商品分类">
          <select
            className="gf-input w-[240px]"
            aria-label="商品分类"
            value={form.categoryId}
            onChange={(e) => set({ categoryId: Number(e.target.value) })}
          >
            <option value={0}>请选择</option>
            {props.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="规格项" hint="如 颜色、尺码；不需要规格时全部删除，只保留一个单规格">
          <div className="flex flex-wrap items-center gap-2">
            {form.specNames.map((n, i) => (
              <span key={i} className="flex items-center gap-1">
                <input
                  className="gf-input h-8 w-[110px]"
                  aria-label={`规格名 ${i + 1}`}
                  maxLength={L.specNameMax}
                  value={n}
                  onChange={(e) =>
                    setForm((f) =>
                      withSpecNames(
                        f,
                        f.specNames.map((x, k) => (k === i ? e.target.value : x)),
                      ),
                    )
                  }
                />
                <button
                  type="button"
                  className="text-ink-mute hover:text-danger"
                  aria-label={`删除规格名 ${i + 1}`}
                  onClick={() =>
                    setForm((f) => {
                      const next = withSpecNames(
                        { ...f, skus: f.skus.map((s) => ({ ...s, specs: s.specs.filter((_, k) => k !== i) })) },
                        f.specNames.filter((_, k) => k !== i),
                      );
                      return next;
                    })
                  }
                >
                  <span className="i-ri-close-circle-line" />
                </button>
              </span>
            ))}
            {form.specNames.length < L.specNamesMax && (
              <button type="button" className="gf-btn-ghost h-8" onClick={() => setForm((f) => withSpecNames(f, [...f.specNames, '']))}>
                <span className="i-ri-add-line" /> 规格项
              </button>
            )}
          </div>
        </Field>
        <Field label="规格与库存" hint="价格单位为元；库存为可售数量，已下单未发货的不在其中">
          <table className="w-full text-sm" data-testid="sku-table">
            <thead>
              <tr className="bg-page text-left text-ink-soft">
                {form.specNames.map((n, i) => (
                  <th key={i} className="px-2 py-2 font-400">
                    {n || `规格 ${i + 1}`}
                  </th>
                ))}
                <th className="px-2 py-2 font-400">价格（元）</th>
                <th className="px-2 py-2 font-400" title="有效VIP会员购买时的价格，须低于价格；不设请留空">
                  会员价（元）
                </th>
                <th className="px-2 py-2 font-400">可售库存</th>
                <th className="px-2 py-2 font-400">订单占用</th>
                <th className="px-2 py-2" />
              </tr>
            </thead>
            <tbody>
              {form.skus.map((s, i) => (
                <tr key={s.id ?? `new-${i}`} className="border-b border-line" data-testid="sku-row">
                  {form.specNames.map((n, k) => (
                    <td key={k} className="px-2 py-2">
                      <input
                        className="gf-input h-8"
                        aria-label={`第 ${i + 1} 行 ${n || `规格 ${k + 1}`}`}
                        maxLength={L.specValueMax}
                        value={s.specs[k] ?? ''}
                        onChange={(e) =>
                          setSku(i, { specs: form.specNames.map((_, j) => (j === k ? e.target.value : (s.specs[j] ?? ''))) })
                        }
                      />
                    </td>
                  ))}
                  <td className="px-2 py-2">
                    <input
                      className="gf-input h-8 w-[110px]"
                      aria-label={`第 ${i + 1} 行价格`}
                      inputMode="decimal"
                      value={s.price}
                      onChange={(e) => setSku(i, { price: e.target.value })}
                    />
                  </td>
                  <td className="px-2 py-2">
                    <input
                      className="gf-input h-8 w-[100px]"
                      aria-label={`第 ${i + 1} 行会员价`}
                      inputMode="decimal"
                      placeholder="不设"
                      value={s.vipPrice}
                      onChange={(e) => setSku(i, { vipPrice: e.target.value })}
                    />
                  </td>
                  <td className="px-2 py-2">
                    <input
                      className="gf-input h-8 w-[100px]"
                      aria-label={`第 ${i + 1} 行库存`}
                      inputMode="numeric"
                      value={s.stock}
                      onChange={(e) => setSku(i, { stock: e.target.value })}
                    />
                  </td>
                  <td className="px-2 py-2 text-ink-mute">{s.held}</td>
                  <td className="px-2 py-2 text-right">
                    <button
                      type="button"
                      className="text-ink-mute hover:text-danger disabled:opacity-40"
                      aria-label={`删除第 ${i + 1} 行`}
                      disabled={form.skus.length <= 1}
                      onClick={() => set({ skus: form.skus.filter((_, k) => k !== i) })}
                    >
                      <span className="i-ri-delete-bin-line" />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {(form.specNames.length > 0 || form.skus.length === 0) && form.skus.length < L.skusMax && (
            <button
              type="button"
              className="gf-btn-ghost mt-2 h-8"
              onClick={() =>
                set({ skus: [...form.skus, { specs: form.specNames.map(() => ''), price: '', vipPrice: '', stock: '', held: 0 }] })
              }
            >
              <span className="i-ri-add-line" /> 添加规格
            </button>
          )}
        </Field>
        <Field label="商品详情" hint="图文详情；保存时会移除脚本与不安全的内容">
          <RichText label="商品详情" initial={props.initial.detail} onChange={(detail) => set({ detail })} />
        </Field>
        <Field label="代理佣金（%）" hint="填写后其他教练和店铺可代理本商品，按实付金额的该比例获得佣金；留空则不开放代理（最高 50%）">
          <input
            className="gf-input w-[140px]"
            aria-label="代理佣金"
            inputMode="decimal"
            placeholder="不开放"
            value={form.rate}
            onChange={(e) => set({ rate: e.target.value })}
          />
        </Field>
        <div className="flex gap-3 pl-[116px]">
          <button type="button" disabled={save.busy} className="gf-btn-primary w-32" onClick={submit}>
            {save.busy ? '保存中…' : '保存'}
          </button>
          <button type="button" className="gf-btn-ghost" onClick={props.onDone}>
            取消
          </button>
        </div>
      </div>
    </>
  );
}
