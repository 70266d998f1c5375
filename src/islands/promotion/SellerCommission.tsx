import { useState } from 'react';
import type { SellerRateItem } from '~/lib/api/contract/promotion';
import { priceText } from '~/lib/format';
import { bpText, commissionOf, type ShareKind } from '~/lib/rules/promotion';
import type { SellerArea } from '~/lib/rules/seller-nav';
import { fetchSellerPromotion, fetchSellerRateItems, saveSellerRate } from '~/lib/stores/promotion';
import { SellerOnly } from '../seller/SellerOnly';
import { PagerButtons } from '../ui/PagerButtons';
import { LoadedList, LoadFailed } from '../ui/states';
import { StatusTabs } from '../ui/Tabs';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

const PAGE = 10;
const KINDS: Record<SellerArea, readonly (readonly [ShareKind, string])[]> = {
  coach: [
    ['course', '课程'],
    ['class', '班级'],
  ],
  mechant: [
    ['goods', '商品'],
    ['course', '课程'],
  ],
};

/**
 * 分销佣金 (/coach/marketing, /mechant/marketing): the rate a sharer earns on the seller's items —
 * one default for all of them and, where set, an item's own — inside the operator's limits. The
 * commission is paid out of the seller's income when the order settles.
 */
export default function SellerCommission(props: { area: SellerArea }) {
  return (
    <SellerOnly area={props.area}>
      <Commission area={props.area} />
    </SellerOnly>
  );
}

const pct = (bp: number) => (bp ? String(bp / 100) : '');

function Commission({ area }: { area: SellerArea }) {
  const settings = useLoad(fetchSellerPromotion);
  const [kind, setKind] = useState<ShareKind>(KINDS[area][0]?.[0] ?? 'course');
  const [page, setPage] = useState(1);
  const items = useLoad(() => fetchSellerRateItems(kind, page, PAGE), `${kind}:${page}`);
  const [dflt, setDflt] = useState<string | null>(null);
  const save = useAction();

  if (settings.error && !settings.data) return <LoadFailed load={settings} />;
  const s = settings.data;
  if (!s) return <p className="py-10 text-center text-ink-mute">加载中…</p>;
  const limits = { min_bp: s.min_bp, max_bp: s.max_bp };
  const defaultText = dflt ?? pct(s.default_bp);

  return (
    <section data-testid="seller-commission">
      <p className="mb-4 rounded bg-surface-soft px-4 py-3 text-sm leading-6 text-ink-soft">
        会员分享你的课程、班级或商品，好友在 {s.window_days}{' '}
        天内通过链接购买，订单完成后按比例从你的该笔收入中支付佣金；订单退款时佣金退回。 平台允许的比例：{bpText(s.min_bp)} ~{' '}
        {bpText(s.max_bp)}。
      </p>
      <form
        className="mb-6 flex flex-wrap items-center gap-3 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          void save.run(
            async () => {
              await saveSellerRate('all', 0, defaultText, limits);
              setDflt(null);
              settings.reload();
              items.reload();
            },
            { done: '已保存' },
          );
        }}
      >
        <label htmlFor="commission-default" className="font-600 text-ink">
          默认佣金比例
        </label>
        <span className="flex items-center gap-1">
          <input
            id="commission-default"
            inputMode="decimal"
            value={defaultText}
            placeholder="未开启"
            onChange={(e) => setDflt(e.target.value)}
            className="h-9 w-24 rounded border border-line px-2 text-right outline-none focus:border-brand-accent"
          />
          %
        </span>
        <button type="submit" className="gf-btn-primary h-9 px-5" disabled={save.busy}>
          保存
        </button>
        <span className="text-xs text-ink-mute">对所有未单独设置的商品生效；留空保存即关闭</span>
      </form>

      <StatusTabs
        value={kind}
        tabs={KINDS[area]}
        onChange={(k) => {
          setKind(k);
          setPage(1);
        }}
      />
      <LoadedList q={items} empty="还没有可设置的内容">
        {(d) => (
          <>
            <table className="w-full text-left text-sm" aria-label="佣金比例">
              <thead className="bg-surface-soft text-ink-soft">
                <tr>
                  <th className="px-3 py-2 font-400">名称</th>
                  <th className="px-3 py-2 font-400">价格</th>
                  <th className="px-3 py-2 font-400">佣金比例</th>
                  <th className="px-3 py-2 font-400">每单佣金（按现价）</th>
                </tr>
              </thead>
              <tbody>
                {d.list.map((it) => (
                  <RateRow key={it.item_id} item={it} kind={kind} defaultBp={s.default_bp} limits={limits} onSaved={items.reload} />
                ))}
              </tbody>
            </table>
            <PagerButtons page={page} total={d.total} limit={PAGE} onPage={setPage} />
          </>
        )}
      </LoadedList>
    </section>
  );
}

function RateRow(props: {
  item: SellerRateItem;
  kind: ShareKind;
  defaultBp: number;
  limits: { min_bp: number; max_bp: number };
  onSaved: () => void;
}) {
  const { item } = props;
  const [text, setText] = useState(pct(item.rate_bp ?? 0));
  const action = useAction();
  const bp = item.rate_bp ?? props.defaultBp;
  const run = (value: string) =>
    void action.run(
      async () => {
        await saveSellerRate(props.kind, item.item_id, value, props.limits);
        props.onSaved();
      },
      { done: '已保存' },
    );
  return (
    <tr className="border-b border-line" data-testid="commission-row">
      <td className="px-3 py-3 text-ink">{item.title}</td>
      <td className="px-3 py-3 text-ink-soft">{priceText(item.price)}</td>
      <td className="px-3 py-3">
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            run(text);
          }}
        >
          <input
            aria-label={`${item.title} 佣金比例`}
            inputMode="decimal"
            value={text}
            placeholder={props.defaultBp ? `默认 ${pct(props.defaultBp)}` : '未开启'}
            onChange={(e) => setText(e.target.value)}
            className="h-8 w-24 rounded border border-line px-2 text-right outline-none focus:border-brand-accent"
          />
          <span>%</span>
          <button type="submit" className="gf-link text-xs" disabled={action.busy}>
            保存
          </button>
          {item.rate_bp !== null && (
            <button
              type="button"
              className="text-xs text-ink-mute hover:text-brand"
              disabled={action.busy}
              onClick={() => {
                setText('');
                run('');
              }}
            >
              用默认
            </button>
          )}
        </form>
      </td>
      <td className="px-3 py-3 text-ink-soft">{bp ? `${priceText(commissionOf(item.price, bp), '¥0.00')}（${bpText(bp)}）` : '未开启'}</td>
    </tr>
  );
}
