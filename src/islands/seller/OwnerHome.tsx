import { useState } from 'react';
import type { HomeInfo, OwnCourse } from '~/lib/api/contract/seller-shop';
import { formatDate, priceText } from '~/lib/format';
import { img } from '~/lib/media';
import type { SellerArea } from '~/lib/rules/seller-nav';
import { bpText } from '~/lib/rules/seller-shop';
import { agentMine, loadHomeClasses, loadHomeCourses, loadHomeInfo, saveCourseOffer } from '~/lib/stores/seller-shop';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { SellerOnly } from './SellerOnly';
import CircleFeed from '../circle/CircleFeed';
import { useSession } from '../chrome/useSession';
import { Empty, LoadFailed, Loading } from '../ui/states';

export type HomeTab = 'index' | 'intro' | 'course' | 'class' | 'goods' | 'friendscircle';

/**
 * /coach/homepage/* and /mechant/homepage/*: the public homepage as its owner sees it — profile,
 * numbers (fans, course views, sales) and each tab's content with the owner's actions.
 */
export default function OwnerHome(props: { area: SellerArea; tab: HomeTab }) {
  return (
    <SellerOnly area={props.area}>
      <Home area={props.area} tab={props.tab} />
    </SellerOnly>
  );
}

function Home(props: { area: SellerArea; tab: HomeTab }) {
  const info = useLoad(loadHomeInfo);
  if (info.error && !info.data) return <LoadFailed load={info} />;
  if (!info.data) return <Loading />;
  const h = info.data;
  return (
    <>
      <Profile h={h} area={props.area} />
      <div className="mt-6">
        {props.tab === 'index' && <Overview h={h} area={props.area} />}
        {props.tab === 'intro' && <Intro h={h} area={props.area} />}
        {props.tab === 'course' && <Courses area={props.area} />}
        {props.tab === 'class' && <Classes />}
        {props.tab === 'goods' && <AgentGoods area={props.area} />}
        {props.tab === 'friendscircle' && <OwnerCircle />}
      </div>
    </>
  );
}

function Profile(props: { h: HomeInfo; area: SellerArea }) {
  const { h } = props;
  const stats: [string, number][] = [
    ['粉丝', h.stats.fans],
    ['课程浏览', h.stats.views],
    ['销量', h.stats.sales],
    ['在售课程', h.stats.courses],
    props.area === 'coach' ? ['在售班级', h.stats.classes] : ['在售商品', h.stats.goods],
    ['代理', h.stats.agent],
  ];
  return (
    <section className="overflow-hidden rounded-lg border border-line" data-testid="owner-home">
      <div className="gf-profile-bg relative flex h-[120px] items-end gap-4 overflow-hidden px-6 pb-4">
        {/* As on the public homepage: the cover stays behind the name and buttons under a scrim. */}
        {h.cover && (
          <>
            <img src={img(h.cover)} alt="" className="absolute inset-0 h-full w-full object-cover" />
            <div className="gf-scrim absolute inset-0" aria-hidden="true" />
          </>
        )}
        <img src={img(h.avatar)} alt="" className="relative h-16 w-16 rounded-full border-2 border-white object-cover" />
        <div className="relative flex-1 text-white">
          <p className="text-lg font-600">{h.name}</p>
          <p className="text-xs text-white/85">
            {h.city || '未填写城市'}
            {h.labels.length > 0 && ` · ${h.labels.join(' / ')}`}
          </p>
        </div>
        <div className="relative flex gap-2">
          <a
            className="gf-btn h-8 bg-white/90 text-ink hover:bg-white"
            href={props.area === 'coach' ? '/coach/setting' : '/mechant/setting'}
          >
            <span className="i-ri-edit-line" /> 编辑资料
          </a>
          <a
            className="gf-btn h-8 bg-brand text-white hover:bg-brand-dark"
            href={h.anchor}
            target="_blank"
            rel="noopener"
            data-testid="public-link"
          >
            <span className="i-ri-external-link-line" /> 查看公开主页
          </a>
        </div>
      </div>
      <ul className="grid grid-cols-6 divide-x divide-line bg-white py-3 text-center">
        {stats.map(([label, n]) => (
          <li key={label}>
            <p className="text-lg font-600 text-ink">{n}</p>
            <p className="text-xs text-ink-mute">{label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Overview(props: { h: HomeInfo; area: SellerArea }) {
  const coach = props.area === 'coach';
  const base = coach ? '/coach' : '/mechant';
  const todo: [boolean, string, string, string][] = [
    [Boolean(props.h.avatar && props.h.intro), '完善资料', '头像、封面、简介和联系方式', `${base}/setting`],
    [props.h.stats.banners > 0, '设置轮播图', `主页顶部的轮播图（已设 ${props.h.stats.banners} 张）`, `${base}/banner`],
    coach
      ? [props.h.stats.courses > 0, '发布课程', `在售 ${props.h.stats.courses} 门课程`, '/coach/course']
      : [props.h.stats.goods > 0, '添加商品', `在售 ${props.h.stats.goods} 件商品`, '/mechant/homepage/goods'],
    [props.h.stats.agent > 0, '代理商品', `已代理 ${props.h.stats.agent} 项，赚取佣金`, `${base}/agent/goods`],
  ];
  return (
    <ul className="grid grid-cols-2 gap-4">
      {todo.map(([done, title, desc, href]) => (
        <li key={title}>
          <a href={href} className="flex items-center gap-4 rounded-lg border border-line p-4 hover:border-brand-accent">
            <span
              className={done ? 'i-ri-checkbox-circle-fill text-2xl text-success-soft' : 'i-ri-error-warning-line text-2xl text-brand'}
            />
            <span className="flex-1">
              <span className="block text-[15px] text-ink">{title}</span>
              <span className="block text-xs text-ink-mute">{desc}</span>
            </span>
            <span className="i-ri-arrow-right-s-line text-ink-mute" />
          </a>
        </li>
      ))}
    </ul>
  );
}

function Intro(props: { h: HomeInfo; area: SellerArea }) {
  const { h } = props;
  return (
    <article className="rounded-lg border border-line px-6 py-5 text-sm leading-7">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-[15px] font-600">简介</h2>
        <a className="gf-link text-brand" href={props.area === 'coach' ? '/coach/setting' : '/mechant/setting'}>
          编辑
        </a>
      </div>
      <p className="whitespace-pre-line text-ink">{h.intro || '还没有填写简介'}</p>
      <ul className="mt-4 flex flex-wrap gap-x-8 gap-y-1 text-ink-soft">
        <li>所在城市：{h.city || '未填写'}</li>
        <li>
          {props.area === 'coach' ? '擅长拳种' : '经营标签'}：{h.labels.join('、') || '未填写'}
        </li>
        <li>联系电话：{h.phone || '未公开'}</li>
        <li>微信：{h.wechat || '未公开'}</li>
      </ul>
    </article>
  );
}

function Courses(props: { area: SellerArea }) {
  const [page, setPage] = useState(1);
  const list = useLoad(() => loadHomeCourses(page), page);
  if (list.error && !list.data) return <LoadFailed load={list} />;
  if (!list.data) return <Loading />;
  if (!list.data.list.length)
    return (
      <Empty icon="i-ri-play-list-line" text="还没有课程">
        {props.area === 'coach' && (
          <a className="gf-btn-primary" href="/coach/publish">
            发布课程
          </a>
        )}
      </Empty>
    );
  const data = list.data;
  return (
    <>
      <p className="mb-3 text-xs text-ink-mute">开放代理后，其他教练和店铺可以把课程展示在他们的主页上，售出后按佣金比例分成。</p>
      <ul className="flex flex-col gap-3" data-testid="own-courses">
        {data.list.map((c) => (
          <CourseRow
            key={c.id}
            c={c}
            area={props.area}
            onChange={(n) => list.set({ ...data, list: data.list.map((x) => (x.id === n.id ? n : x)) })}
          />
        ))}
      </ul>
      <PagerButtons page={page} total={data.total} limit={data.limit} onPage={setPage} />
    </>
  );
}

function CourseRow(props: { c: OwnCourse; area: SellerArea; onChange: (c: OwnCourse) => void }) {
  const { c } = props;
  return (
    <li className="flex items-center gap-4 rounded-lg border border-line p-3">
      <img src={img(c.cover)} alt="" className="h-[68px] w-[120px] rounded object-cover" />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-1 text-ink">{c.title}</p>
        <p className="mt-1 text-xs text-ink-mute">
          {priceText(c.price)} · {c.lesson_count} 课时 · 已售 {c.sales} · 浏览 {c.views} ·{' '}
          <span className={c.status ? 'text-success-soft' : ''}>{c.status ? '在售' : '已下架'}</span>
        </p>
      </div>
      {c.price === 0 ? <span className="text-xs text-ink-mute">免费课程无代理佣金</span> : <RateEditor c={c} onChange={props.onChange} />}
      <div className="flex w-[120px] justify-end gap-3 text-sm">
        {props.area === 'coach' && (
          <a className="gf-link text-brand" href={`/coach/publish?id=${c.id}`}>
            编辑
          </a>
        )}
        {c.status === 1 && (
          <a className="gf-link" href={`/train/courseDetail?id=${c.id}`} target="_blank" rel="noopener">
            查看
          </a>
        )}
      </div>
    </li>
  );
}

function RateEditor(props: { c: OwnCourse; onChange: (c: OwnCourse) => void }) {
  const { c } = props;
  const [rate, setRate] = useState(bpText(c.agent_rate_bp).replace('%', ''));
  const save = useAction();
  return (
    <div className="flex items-center gap-2">
      <label className="flex items-center gap-2 text-xs text-ink-soft">
        代理佣金
        <input
          className="gf-input h-8 w-[80px]"
          aria-label={`${c.title} 代理佣金（%）`}
          inputMode="decimal"
          placeholder="不开放"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        />
        %
      </label>
      <button
        type="button"
        className="gf-btn-ghost h-8"
        disabled={save.busy}
        onClick={() =>
          void save.run(
            async () => {
              const bp = await saveCourseOffer(c.id, rate);
              props.onChange({ ...c, agent_rate_bp: bp });
              setRate(bpText(bp).replace('%', ''));
            },
            { done: '已保存' },
          )
        }
      >
        保存
      </button>
    </div>
  );
}

function Classes() {
  const [page, setPage] = useState(1);
  const list = useLoad(() => loadHomeClasses(page), page);
  if (list.error && !list.data) return <LoadFailed load={list} />;
  if (!list.data) return <Loading />;
  if (!list.data.list.length)
    return (
      <Empty icon="i-ri-team-line" text="还没有开设班级">
        <a className="gf-btn-primary" href="/coach/class/publish">
          开设班级
        </a>
      </Empty>
    );
  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="own-classes">
        {list.data.list.map((k) => (
          <li key={k.id} className="flex items-center gap-4 rounded-lg border border-line p-3">
            <img src={img(k.cover)} alt="" className="h-[68px] w-[120px] rounded object-cover" />
            <div className="flex-1">
              <p className="text-ink">{k.title}</p>
              <p className="mt-1 text-xs text-ink-mute">
                {k.city} · {formatDate(k.starts_at)} 开课 · 已报名 {k.enrolled}/{k.capacity} · {priceText(k.price)} ·{' '}
                {k.status ? '招生中' : '已下架'}
              </p>
            </div>
            <a className="gf-link text-brand text-sm" href="/coach/class">
              管理
            </a>
            <a className="gf-link text-sm" href={`/train/classDetail?id=${k.id}`} target="_blank" rel="noopener">
              查看
            </a>
          </li>
        ))}
      </ul>
      <PagerButtons page={page} total={list.data.total} limit={list.data.limit} onPage={setPage} />
    </>
  );
}

function AgentGoods(props: { area: SellerArea }) {
  const [page, setPage] = useState(1);
  const list = useLoad(() => agentMine('goods', page), page);
  const manage = props.area === 'coach' ? '/coach/agent/goods' : '/mechant/agent/goods';
  if (list.error && !list.data) return <LoadFailed load={list} />;
  if (!list.data) return <Loading />;
  if (!list.data.list.length)
    return (
      <Empty icon="i-ri-shopping-bag-3-line" text="主页还没有商品：代理其他店铺的商品即可展示在这里">
        <a className="gf-btn-primary" href={manage}>
          去挑选代理商品
        </a>
      </Empty>
    );
  return (
    <>
      <div className="mb-3 flex justify-between text-xs text-ink-mute">
        <span>主页“商品”栏目展示你代理并设为展示的商品</span>
        <a className="gf-link text-brand" href={manage}>
          管理代理商品
        </a>
      </div>
      <ul className="grid grid-cols-4 gap-4">
        {list.data.list.map((g) => (
          <li key={g.id} className="overflow-hidden rounded-lg border border-line">
            <img src={img(g.cover)} alt="" className="h-[130px] w-full object-cover" />
            <div className="p-2 text-sm">
              <p className="line-clamp-1">{g.title}</p>
              <p className="mt-1 flex justify-between text-xs">
                <span className="text-price">{priceText(g.price)}</span>
                <span className="text-ink-mute">{!g.rate_bp ? '已停止代理' : g.shown ? `佣金 ${bpText(g.rate_bp)}` : '未展示'}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <PagerButtons page={page} total={list.data.total} limit={list.data.limit} onPage={setPage} />
    </>
  );
}

/** The owner's 功夫圈 tab: their posts as fans see them, with delete, and 发布动态. */
function OwnerCircle() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div data-testid="owner-circle">
      <div className="mb-3 flex items-center">
        <p className="text-sm text-ink-soft">你在功夫圈发布的动态会显示在公开主页的“功夫圈”栏目，粉丝可以点赞和评论。</p>
        <a href="/firendscircle/publish" className="gf-btn-primary ml-auto h-8 px-4 text-sm leading-8">
          发布动态
        </a>
      </div>
      <div className="rounded-lg bg-surface-grey p-3">
        <CircleFeed
          source={{ kind: 'user', userId: user.user_id }}
          empty="还没有发布动态"
          emptyAction={['发布第一条动态', '/firendscircle/publish']}
        />
      </div>
    </div>
  );
}
