import { useState } from 'react';
import { DraftVideo } from '~/islands/circle/CircleComposer';
import { CitySelect } from '~/islands/circle/CityPicker';
import { ActionSheet } from '~/islands/ui/mobile/Sheet';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { useAction } from '~/islands/ui/useAction';
import { VideoPicker } from '~/islands/ui/VideoPicker';
import { img } from '~/lib/media';
import { CIRCLE_LIMITS, CIRCLE_TEXTS } from '~/lib/rules/circle';
import { thumbOf } from '~/lib/rules/upload';
import { EMPTY_DRAFT, loadDraft, publishPost, saveDraft, type Draft } from '~/lib/stores/circle';
import { PHONE_PUBLISHED_HREF, movePhoto, uploadPhonePhotos, type PhotoStep } from '~/lib/stores/circle-phone';
import { CIRCLE_VIDEOS } from '~/lib/stores/video-upload';
import { PhotoViewer } from './PhotoViewer';

/** /m/circle/publish: members only; a guest is asked to log in and comes back here. */
export default function Publish() {
  return (
    <MemberGate text="登录后发布动态" icon="i-ri-quill-pen-line">
      <Composer />
    </MemberGate>
  );
}

const VIDEO_HINT = `或发一段 ${CIRCLE_LIMITS.videoMaxS / 60} 分钟内的短视频，断网后可继续上传`;
const STEP_TEXT: Record<PhotoStep, string> = { compressing: '压缩中…', uploading: '上传中…' };
const tile = 'relative aspect-square overflow-hidden rounded-lg';

/**
 * The phone composer: text, photos from the camera or the album (compressed in the browser, then
 * uploaded one by one with their progress), tap a photo to view, move or remove it; or one short
 * video (resumable upload); tags and a city. The draft is kept as on the desktop (local storage).
 */
function Composer() {
  const [d, setD] = useState<Draft>(loadDraft);
  const [restored] = useState(() => d !== EMPTY_DRAFT);
  const [tag, setTag] = useState('');
  const [pending, setPending] = useState<{ total: number; index: number; step: PhotoStep } | null>(null);
  const [menu, setMenu] = useState<number | null>(null);
  const [view, setView] = useState<number | null>(null);
  const upload = useAction();
  const send = useAction();

  const update = (next: Draft) => {
    setD(next);
    saveDraft(next);
  };
  // Uploads finish while the member types on: always build on the newest draft.
  const change = (fn: (cur: Draft) => Draft) =>
    setD((cur) => {
      const next = fn(cur);
      saveDraft(next);
      return next;
    });

  function pick(list: FileList | null) {
    const files = list ? [...list] : [];
    if (files.length === 0) return;
    void upload
      .run(() =>
        uploadPhonePhotos(files, d.images.length, {
          step: (index, step) => setPending({ total: files.length, index, step }),
          done: (path) => change((cur) => ({ ...cur, images: [...cur.images, path].slice(0, CIRCLE_LIMITS.imagesMax) })),
        }),
      )
      .finally(() => setPending(null));
  }

  function addTag() {
    const t = tag.trim().replace(/^#/, '').slice(0, CIRCLE_LIMITS.tagMax);
    if (t && !d.tags.includes(t) && d.tags.length < CIRCLE_LIMITS.tagsMax) update({ ...d, tags: [...d.tags, t] });
    setTag('');
  }

  const room = CIRCLE_LIMITS.imagesMax - d.images.length - (pending ? pending.total - pending.index : 0);
  const pickBtn = `${tile} flex flex-col items-center justify-center gap-1 border border-dashed border-line-strong bg-surface-grey text-xs text-ink-soft`;

  return (
    <form
      className="flex flex-col gap-2 pb-4"
      data-testid="circle-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void send
          .run(() => publishPost(d))
          .then((post) => {
            // The feed's 最新 tab opens with the post on top; 发布成功 waits for it there (flash).
            if (post) location.assign(PHONE_PUBLISHED_HREF);
          });
      }}
    >
      {restored && <p className="bg-warning-note px-4 py-2 text-xs text-warning-ink">已恢复上次未发布的草稿</p>}
      <div className="bg-white px-4 py-3">
        <label className="sr-only" htmlFor="circle-content">
          动态内容
        </label>
        <textarea
          id="circle-content"
          placeholder="分享你的练功心得…"
          maxLength={CIRCLE_LIMITS.contentMax}
          value={d.content}
          onChange={(e) => update({ ...d, content: e.target.value })}
          className="h-32 w-full resize-none text-base leading-6 outline-none"
        />
        <p className="text-right text-xs text-ink-mute">
          {d.content.length} / {CIRCLE_LIMITS.contentMax}
        </p>
        {!d.video_id && (
          <ul className="mt-2 grid grid-cols-3 gap-2" data-testid="circle-photo-tiles" aria-label="已选图片">
            {d.images.map((p, i) => (
              <li key={p} className={tile}>
                <button
                  type="button"
                  className="h-full w-full"
                  aria-label={`第 ${i + 1} 张图片：查看、移动或删除`}
                  onClick={() => setMenu(i)}
                >
                  <img src={img(thumbOf(p))} alt="" className="h-full w-full object-cover" data-testid="circle-photo" />
                </button>
              </li>
            ))}
            {pending &&
              Array.from({ length: pending.total - pending.index }, (_, k) => (
                <li key={`pending-${k}`} className={`${tile} flex items-center justify-center bg-surface-grey text-xs text-ink-mute`}>
                  {k === 0 ? (
                    <span aria-live="polite">
                      <span className="i-ri-loader-4-line mr-1 animate-spin align-[-2px]" aria-hidden="true" />
                      {STEP_TEXT[pending.step]}
                    </span>
                  ) : (
                    '等待上传'
                  )}
                </li>
              ))}
            {room > 0 && !upload.busy && (
              <>
                <li>
                  <label className={pickBtn}>
                    <span className="i-ri-camera-line text-2xl" aria-hidden="true" />
                    拍照
                    <input
                      type="file"
                      accept="image/*"
                      capture="environment"
                      className="sr-only"
                      data-testid="circle-camera"
                      onChange={(e) => {
                        pick(e.target.files);
                        e.target.value = '';
                      }}
                    />
                  </label>
                </li>
                <li>
                  <label className={pickBtn}>
                    <span className="i-ri-image-add-line text-2xl" aria-hidden="true" />
                    相册 {d.images.length}/{CIRCLE_LIMITS.imagesMax}
                    <input
                      type="file"
                      accept="image/*"
                      multiple
                      className="sr-only"
                      data-testid="circle-images"
                      onChange={(e) => {
                        pick(e.target.files);
                        e.target.value = '';
                      }}
                    />
                  </label>
                </li>
              </>
            )}
          </ul>
        )}
        {pending && (
          <p className="mt-2 text-xs text-ink-mute" data-testid="circle-upload-progress">
            正在上传第 {pending.index + 1} / {pending.total} 张（已压缩后上传，更省流量）
          </p>
        )}
      </div>
      {d.images.length === 0 && !pending && (
        <div className="bg-white px-4 py-3" data-testid="circle-video">
          {d.video_id ? (
            <DraftVideo touch id={d.video_id} onVideo={(id) => update({ ...d, video_id: id })} />
          ) : (
            <VideoPicker
              initial={null}
              endpoints={CIRCLE_VIDEOS}
              label="选择视频"
              touch
              hint={VIDEO_HINT}
              onVideo={(id) => change((cur) => ({ ...cur, video_id: id }))}
            />
          )}
        </div>
      )}
      <div className="bg-white px-4 py-3">
        <p className="text-sm text-ink-soft">标签（最多 {CIRCLE_LIMITS.tagsMax} 个）</p>
        {d.tags.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="circle-tags">
            {d.tags.map((t) => (
              <li key={t} className="inline-flex items-center rounded-full bg-surface-grey pl-3 text-sm text-ink-soft">
                #{t}
                <button
                  type="button"
                  aria-label={`移除标签 ${t}`}
                  className="flex h-9 w-9 items-center justify-center"
                  onClick={() => update({ ...d, tags: d.tags.filter((x) => x !== t) })}
                >
                  <span className="i-ri-close-line" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {d.tags.length < CIRCLE_LIMITS.tagsMax && (
          <div className="mt-2 flex gap-2">
            <input
              aria-label="添加标签"
              placeholder="如 太极拳"
              maxLength={CIRCLE_LIMITS.tagMax}
              value={tag}
              enterKeyHint="done"
              onChange={(e) => setTag(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addTag();
                }
              }}
              className="gf-m-input flex-1"
            />
            <button type="button" className="gf-m-btn-ghost shrink-0" onClick={addTag}>
              添加
            </button>
          </div>
        )}
      </div>
      <div className="bg-white px-4 py-3">
        <p className="text-sm text-ink-soft">
          <span className="i-ri-map-pin-line mr-1 align-[-2px]" aria-hidden="true" />
          所在城市{d.city ? `：${d.city}` : '（选填）'}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <CitySelect
            value={d.city}
            onChange={(city) => update({ ...d, city })}
            className="h-11 min-w-0 flex-1 rounded-lg border border-line-strong bg-white px-2 text-base outline-none"
          />
          {d.city && (
            <button type="button" className="min-h-11 px-2 text-sm text-ink-mute" onClick={() => update({ ...d, city: '' })}>
              不显示城市
            </button>
          )}
        </div>
      </div>
      <p className="px-4 text-xs text-ink-mute">{CIRCLE_TEXTS.draftKept}</p>
      <div className="gf-m-actions">
        <button type="submit" className="gf-m-btn-primary flex-1" disabled={send.busy || upload.busy}>
          {send.busy ? '发布中…' : upload.busy ? '图片上传中…' : '发布'}
        </button>
      </div>
      <ActionSheet
        open={menu !== null}
        onClose={() => setMenu(null)}
        actions={
          menu === null
            ? []
            : [
                { label: '查看大图', onSelect: () => setView(menu) },
                ...(menu > 0 ? [{ label: '往前移', onSelect: () => update({ ...d, images: movePhoto(d.images, menu, -1) }) }] : []),
                ...(menu < d.images.length - 1
                  ? [{ label: '往后移', onSelect: () => update({ ...d, images: movePhoto(d.images, menu, 1) }) }]
                  : []),
                { label: '删除', danger: true, onSelect: () => update({ ...d, images: d.images.filter((_, i) => i !== menu) }) },
              ]
        }
      />
      {view !== null && <PhotoViewer images={d.images} index={view} onClose={() => setView(null)} />}
    </form>
  );
}
