import { useState } from 'react';
import type { AgentItem, AgentKind } from '~/lib/api/contract/seller-shop';
import type { ApiOutput } from '~/lib/api/types';
import { priceText } from '~/lib/format';
import { img } from '~/lib/media';
import type { SellerArea } from '~/lib/rules/seller-nav';
import { bpText } from '~/lib/rules/seller-shop';
import { agentMarket, agentMine, commissionText, togglePick, toggleShown } from '~/lib/stores/seller-shop';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad, type Loaded } from '../ui/useLoad';
import { SellerOnly } from './SellerOnly';
import { PageHead } from '../ui/PageHead';
import { Empty, LoadFailed, Loading } from '../ui/states';

type AgentPage = ApiOutput<'/seller/agentMarket'>;

const NOUN: Record<AgentKind, string> = { goods: '商品', course: '课程' };

/** /coach/agent/goods, /mechant/agent/goods, /mechant/agent/course: pick others' offers for the own homepage. */
export default function AgentPicker(props: { area: SellerArea; kind: AgentKind }) {
  return (
    <SellerOnly area={props.area}>
      <Picker kind={props.kind} />
    </SellerOnly>
  );
}

function Picker(props: { kind: AgentKind }) {
  const [tab, setTab] = useState<'market' | 'mine'>('market');
  const noun = NOUN[props.kind];
  return (
    <>
      <PageHead
        title={`代理${noun}`}
        sub={`代理其他教练或店铺开放代理的${noun}，展示在你的主页上；买家从你的主页购买后，你按佣金比例获得收入`}
      >
        <div className="flex gap-2" role="tablist" aria-label="代理">
          {(
            [
              ['market', `可代理的${noun}`],
              ['mine', `我代理的${noun}`],
            ] as const
          ).map(([k, label]) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={tab === k ? 'gf-btn-primary h-8' : 'gf-btn-ghost h-8'}
              onClick={() => setTab(k)}
            >
              {label}
            </button>
          ))}
        </div>
      </PageHead>
      {tab === 'market' ? <Market kind={props.kind} /> : <Mine kind={props.kind} />}
    </>
  );
}

function Market(props: { kind: AgentKind }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad(() => agentMarket(props.kind, q, page), `${q}|${page}`);
  return (
    <>
      <form
        className="mb-4 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(String(new FormData(e.currentTarget).get('q') ?? '').trim());
          setPage(1);
        }}
      >
        <input name="q" className="gf-input h-8 w-[240px]" aria-label="搜索标题" placeholder="搜索标题" maxLength={32} />
        <button type="submit" className="gf-btn-ghost h-8">
          搜索
        </button>
      </form>
      <Grid
        loaded={list}
        empty={q ? `没有找到相关${NOUN[props.kind]}` : `暂时没有开放代理的${NOUN[props.kind]}`}
        page={page}
        onPage={setPage}
      />
    </>
  );
}

function Mine(props: { kind: AgentKind }) {
  const [page, setPage] = useState(1);
  const list = useLoad(() => agentMine(props.kind, page), page);
  return <Grid loaded={list} empty={`还没有代理${NOUN[props.kind]}，去“可代理”里挑选吧`} page={page} onPage={setPage} mine />;
}

function Grid(props: { loaded: Loaded<AgentPage>; empty: string; page: number; onPage: (p: number) => void; mine?: boolean }) {
  const { loaded } = props;
  if (loaded.error && !loaded.data) return <LoadFailed load={loaded} />;
  if (!loaded.data) return <Loading />;
  if (!loaded.data.list.length) return <Empty icon="i-ri-hand-coin-line" text={props.empty} />;
  const data = loaded.data;
  const replace = (item: AgentItem) => loaded.set({ ...data, list: data.list.map((x) => (x.id === item.id ? item : x)) });
  return (
    <>
      <ul className="grid grid-cols-3 gap-4" data-testid="agent-grid">
        {data.list.map((it) => (
          <AgentCard key={it.id} it={it} mine={props.mine ?? false} onChange={replace} />
        ))}
      </ul>
      <PagerButtons page={props.page} total={data.total} limit={data.limit} onPage={props.onPage} />
    </>
  );
}

function AgentCard(props: { it: AgentItem; mine: boolean; onChange: (it: AgentItem) => void }) {
  const { it } = props;
  const act = useAction();
  const href = it.kind === 'goods' ? `/shop/goodsDetail?id=${it.id}` : `/train/courseDetail?id=${it.id}`;
  const closed = !it.rate_bp;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-line" data-testid="agent-card">
      <a href={href} target="_blank" rel="noopener">
        <img src={img(it.cover)} alt="" className="h-[150px] w-full object-cover" loading="lazy" />
      </a>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <a href={href} target="_blank" rel="noopener" className="line-clamp-1 text-sm text-ink hover:text-brand">
          {it.title}
        </a>
        <p className="text-xs text-ink-mute">
          {it.owner.type === 'coach' ? '教练' : '店铺'}：{it.owner.name} · 已售 {it.sales}
        </p>
        <p className="flex items-baseline justify-between text-sm">
          <span className="text-price">{priceText(it.price)}</span>
          {closed ? (
            <span className="text-xs text-ink-mute">已停止代理</span>
          ) : (
            <span className="text-xs text-brand-dark">
              佣金 {bpText(it.rate_bp)}（约 {commissionText(it.price, it.rate_bp)}/件）
            </span>
          )}
        </p>
        <div className="mt-auto flex gap-2 pt-2">
          {it.picked ? (
            <>
              <button
                type="button"
                className="gf-btn-ghost h-8 flex-1"
                disabled={act.busy}
                onClick={() => void act.run(async () => props.onChange(await togglePick(it)), { done: '已取消代理' })}
              >
                取消代理
              </button>
              <button
                type="button"
                className={it.shown ? 'gf-btn-ghost h-8 flex-1' : 'gf-btn-primary h-8 flex-1'}
                disabled={act.busy || closed}
                onClick={() =>
                  void act.run(async () => props.onChange(await toggleShown(it)), { done: it.shown ? '已从主页隐藏' : '已展示在主页' })
                }
              >
                {it.shown ? '从主页隐藏' : '展示在主页'}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="gf-btn-primary h-8 flex-1"
              disabled={act.busy || closed}
              onClick={() => void act.run(async () => props.onChange(await togglePick(it)), { done: '已代理，已展示在你的主页' })}
            >
              代理
            </button>
          )}
        </div>
        {it.picked === 1 && (
          <p className="text-xs text-ink-mute" data-testid="agent-state">
            {closed ? '对方已停止开放代理，主页不再展示' : it.shown ? '已展示在我的主页' : '已代理，未在主页展示'}
          </p>
        )}
      </div>
    </li>
  );
}
