import { useState } from 'react';
import type { Banner, BannerList } from '~/lib/api/contract/seller-shop';
import { img } from '~/lib/media';
import type { SellerArea } from '~/lib/rules/seller-nav';
import { addBanner, deleteBanner, editBanner, loadBanners, movedIds, sortBanners } from '~/lib/stores/seller-shop';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { SellerOnly } from './SellerOnly';
import { ImageUpload } from '../ui/ImageUpload';
import { PageHead } from '../ui/PageHead';
import { Empty, LoadFailed, Loading } from '../ui/states';

/** /coach/banner and /mechant/banner: the banner images at the top of the public homepage. */
export default function BannerManager(props: { area: SellerArea }) {
  return (
    <SellerOnly area={props.area}>
      <Banners />
    </SellerOnly>
  );
}

function Banners() {
  const loaded = useLoad(loadBanners);
  if (loaded.error && !loaded.data) return <LoadFailed load={loaded} />;
  if (!loaded.data) return <Loading />;
  return <Editor data={loaded.data} set={loaded.set} />;
}

function Editor(props: { data: BannerList; set: (d: BannerList) => void }) {
  const { list, max } = props.data;
  const [image, setImage] = useState('');
  const [link, setLink] = useState('');
  const add = useAction();
  const act = useAction();

  function submit() {
    void add.run(
      async () => {
        props.set(await addBanner(list, image, link));
        setImage('');
        setLink('');
      },
      { done: '已添加，主页已更新' },
    );
  }
  const move = (b: Banner, dir: -1 | 1) => {
    const ids = movedIds(list, b.id, dir);
    if (ids) void act.run(async () => props.set(await sortBanners(ids)), { done: '排序已保存' });
  };

  return (
    <>
      <PageHead
        title="轮播图设置"
        sub={`显示在公开主页顶部，最多 ${max} 张，按顺序轮播；链接可留空，或填本站路径（如 /shop）、https:// 网址`}
      >
        <span className="text-sm text-ink-mute" data-testid="banner-count">
          {list.length}/{max}
        </span>
      </PageHead>
      {list.length ? (
        <ol className="flex flex-col gap-4" data-testid="banner-list">
          {list.map((b, i) => (
            <BannerRow
              key={b.id}
              b={b}
              first={i === 0}
              last={i === list.length - 1}
              busy={act.busy}
              onMove={(dir) => move(b, dir)}
              onDelete={() => void act.run(async () => props.set(await deleteBanner(b.id)), { done: '已删除' })}
              onSave={(patch) => act.run(async () => props.set(await editBanner(b, patch)), { done: '已保存' })}
            />
          ))}
        </ol>
      ) : (
        <Empty icon="i-ri-image-line" text="还没有轮播图，主页顶部将显示封面图" />
      )}
      {list.length < max ? (
        <section className="mt-8 rounded-lg border border-dashed border-line-strong p-5" aria-label="添加轮播图">
          <h2 className="mb-4 text-[15px] font-600">添加轮播图</h2>
          <div className="flex flex-col gap-4">
            <ImageUpload label="图片" shape="wide" value={image} onChange={setImage} testId="banner-file" />
            <div className="flex items-center gap-3">
              <input
                className="gf-input max-w-[420px]"
                aria-label="链接（可选）"
                placeholder="链接（可选）：/shop 或 https://…"
                value={link}
                onChange={(e) => setLink(e.target.value)}
              />
              <button type="button" className="gf-btn-primary" disabled={add.busy || !image} onClick={submit}>
                {add.busy ? '添加中…' : '添加'}
              </button>
            </div>
          </div>
        </section>
      ) : (
        <p className="mt-6 text-sm text-ink-mute">已达 {max} 张上限，删除一张后可再添加。</p>
      )}
    </>
  );
}

function BannerRow(props: {
  b: Banner;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (dir: -1 | 1) => void;
  onDelete: () => void;
  onSave: (patch: { image?: string; link?: string }) => Promise<unknown>;
}) {
  const [link, setLink] = useState(props.b.link);
  const changed = link.trim() !== props.b.link;
  return (
    <li className="flex items-center gap-4 rounded-lg border border-line p-3" data-testid="banner-row">
      <img src={img(props.b.image)} alt="轮播图" className="h-[80px] w-[240px] rounded object-cover" />
      <div className="flex flex-1 items-center gap-2">
        <input className="gf-input" aria-label="链接" placeholder="无链接" value={link} onChange={(e) => setLink(e.target.value)} />
        {changed && (
          <button type="button" className="gf-btn-primary shrink-0" disabled={props.busy} onClick={() => void props.onSave({ link })}>
            保存链接
          </button>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          className="gf-btn-ghost px-2"
          aria-label="上移"
          disabled={props.first || props.busy}
          onClick={() => props.onMove(-1)}
        >
          <span className="i-ri-arrow-up-line" />
        </button>
        <button
          type="button"
          className="gf-btn-ghost px-2"
          aria-label="下移"
          disabled={props.last || props.busy}
          onClick={() => props.onMove(1)}
        >
          <span className="i-ri-arrow-down-line" />
        </button>
        <button
          type="button"
          className="gf-btn-ghost px-3 text-danger"
          disabled={props.busy}
          onClick={() => window.confirm('删除这张轮播图？') && props.onDelete()}
        >
          删除
        </button>
      </div>
    </li>
  );
}
