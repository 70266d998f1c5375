import { useState } from 'react';
import { thumbOf } from '~/lib/rules/upload';
import { CIRCLE_LIMITS, CIRCLE_TEXTS } from '~/lib/rules/circle';
import { EMPTY_DRAFT, loadDraft, publishedHref, publishPost, saveDraft, uploadCircleImages, type Draft } from '~/lib/stores/circle';
import { CIRCLE_VIDEOS } from '~/lib/stores/video-upload';
import { useLoad } from '../ui/useLoad';
import { ImageTiles } from '../ui/ImageTiles';
import { VideoPicker } from '../ui/VideoPicker';
import { useAction } from '../ui/useAction';
import { CitySelect } from './CityPicker';
import { MemberOnly } from '../ui/MemberOnly';

/**
 * /firendscircle/publish: text, up to 9 images (uploaded at once, thumbnailed by the server), tags
 * and a city. The draft is kept in local storage as it is typed and survives a reload or a
 * refused publish; publishing clears it and opens the feed's 最新 tab.
 */
export default function CircleComposer() {
  return (
    <MemberOnly>
      <Composer />
    </MemberOnly>
  );
}

const VIDEO_HINT = `或发一段 ${CIRCLE_LIMITS.videoMaxS / 60} 分钟内的短视频（MP4 / WebM），断网后可继续上传`;

function Composer() {
  // The composer renders only in the browser, once the member is known (MemberOnly).
  const [d, setD] = useState<Draft>(loadDraft);
  const [restored] = useState(() => d !== EMPTY_DRAFT);
  const [tag, setTag] = useState('');
  const upload = useAction();
  const send = useAction();

  const update = (next: Draft) => {
    setD(next);
    saveDraft(next);
  };

  function addTag() {
    const t = tag.trim().replace(/^#/, '');
    if (!t || d.tags.includes(t) || d.tags.length >= CIRCLE_LIMITS.tagsMax) return;
    update({ ...d, tags: [...d.tags, t.slice(0, CIRCLE_LIMITS.tagMax)] });
    setTag('');
  }

  return (
    <form
      className="gf-card px-8 py-6"
      data-testid="circle-composer"
      onSubmit={(e) => {
        e.preventDefault();
        // The feed opens with the new post on top, and 发布成功 waits for it (flash).
        void send
          .run(() => publishPost(d))
          .then((post) => {
            if (post) location.assign(publishedHref(post.id));
          });
      }}
    >
      <h1 className="mb-4 text-lg font-600">发布动态</h1>
      {restored && <p className="mb-3 rounded bg-warning-note px-3 py-2 text-xs text-warning-ink">已恢复上次未发布的草稿</p>}
      <label className="sr-only" htmlFor="circle-content">
        动态内容
      </label>
      <textarea
        id="circle-content"
        placeholder="分享你的练功心得…（@关注的教练或店铺名称可以提到 TA）"
        maxLength={CIRCLE_LIMITS.contentMax}
        value={d.content}
        onChange={(e) => update({ ...d, content: e.target.value })}
        className="h-40 w-full resize-y rounded border border-line px-4 py-3 text-[15px] leading-7 outline-none focus:border-brand-accent"
      />
      <p className="mt-1 text-right text-xs text-ink-mute">
        {d.content.length} / {CIRCLE_LIMITS.contentMax}
      </p>
      {!d.video_id && (
        <div className="mt-3">
          <ImageTiles
            paths={d.images}
            max={CIRCLE_LIMITS.imagesMax}
            busy={upload.busy}
            thumb={thumbOf}
            multiple
            addText={`${d.images.length}/${CIRCLE_LIMITS.imagesMax}`}
            inputTestId="circle-images"
            onRemove={(p) => update({ ...d, images: d.images.filter((x) => x !== p) })}
            onPick={(files) =>
              void upload
                .run(() => uploadCircleImages(files, d.images.length))
                .then((paths) => {
                  // Read the draft again: typing may have gone on while the files uploaded.
                  if (paths)
                    setD((cur) => {
                      const next = { ...cur, images: [...cur.images, ...paths].slice(0, CIRCLE_LIMITS.imagesMax) };
                      saveDraft(next);
                      return next;
                    });
                })
            }
          />
        </div>
      )}
      {d.images.length === 0 && (
        <div className="mt-4" data-testid="circle-video">
          {d.video_id ? (
            <DraftVideo id={d.video_id} onVideo={(id) => update({ ...d, video_id: id })} />
          ) : (
            <VideoPicker
              initial={null}
              endpoints={CIRCLE_VIDEOS}
              label="选择视频"
              hint={VIDEO_HINT}
              onVideo={(id) =>
                setD((cur) => {
                  const next = { ...cur, video_id: id };
                  saveDraft(next);
                  return next;
                })
              }
            />
          )}
        </div>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-2 text-sm">
        <span className="w-12 text-ink-soft">标签</span>
        {d.tags.map((t) => (
          <span key={t} className="rounded-full bg-surface-grey px-2.5 py-0.5 text-xs text-ink-soft">
            #{t}
            <button
              type="button"
              aria-label={`移除标签 ${t}`}
              className="ml-1 hover:text-brand"
              onClick={() => update({ ...d, tags: d.tags.filter((x) => x !== t) })}
            >
              ×
            </button>
          </span>
        ))}
        {d.tags.length < CIRCLE_LIMITS.tagsMax && (
          <input
            aria-label="添加标签"
            placeholder="如 太极拳，回车添加"
            maxLength={CIRCLE_LIMITS.tagMax}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addTag();
              }
            }}
            onBlur={addTag}
            className="h-8 w-44 rounded border border-line px-2 text-sm outline-none focus:border-brand-accent"
          />
        )}
      </div>
      <div className="mt-4 flex items-center gap-2 text-sm">
        <span className="w-12 text-ink-soft">城市</span>
        <CitySelect value={d.city} onChange={(city) => update({ ...d, city })} />
        {d.city && (
          <button type="button" className="text-xs text-ink-mute hover:text-brand" onClick={() => update({ ...d, city: '' })}>
            不显示城市
          </button>
        )}
      </div>
      <div className="mt-6 flex items-center gap-4 border-t border-line pt-5">
        <button type="submit" className="gf-btn-primary h-10 w-36" disabled={send.busy || upload.busy}>
          {send.busy ? '发布中…' : '发布'}
        </button>
        <a href="/firendscircle" className="text-sm text-ink-soft hover:text-brand">
          返回功夫圈
        </a>
        <span className="ml-auto text-xs text-ink-mute">{CIRCLE_TEXTS.draftKept}</span>
      </div>
    </form>
  );
}

/** The draft's video, shown again after a reload (its processing state polled), or removed. */
export function DraftVideo(props: { id: number; onVideo: (id: number | null) => void; touch?: boolean }) {
  const v = useLoad(() => CIRCLE_VIDEOS.status(props.id), props.id);
  if (v.error && !v.data) {
    return (
      <p className="text-sm text-ink-mute">
        {v.error}
        <button type="button" className="ml-2 text-brand" onClick={() => props.onVideo(null)}>
          重新选择
        </button>
      </p>
    );
  }
  if (!v.data) return <p className="text-sm text-ink-mute">加载中…</p>;
  return (
    <div>
      <VideoPicker
        initial={v.data}
        endpoints={CIRCLE_VIDEOS}
        label="选择视频"
        hint={VIDEO_HINT}
        onVideo={props.onVideo}
        touch={props.touch === true}
      />
      <button
        type="button"
        className={props.touch ? 'gf-m-btn-ghost mt-2' : 'mt-2 text-xs text-ink-mute hover:text-brand'}
        onClick={() => props.onVideo(null)}
      >
        移除视频
      </button>
    </div>
  );
}
