import { useEffect, useRef } from 'react';
import type { AnchorRoom } from '~/lib/api/contract/live';
import { img } from '~/lib/media';
import { LIVE_LIMITS, LIVE_TEXTS } from '~/lib/rules/live';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { fetchAnchorRoom, LIVE_POLL_MS, startLive, stopLive } from '~/lib/stores/live';
import { useSession } from '~/islands/chrome/useSession';
import { useAnchorFeed } from '~/islands/live/anchor/AnchorFeed';
import { useBrowserPush } from '~/islands/live/useBrowserPush';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { LoadFailed } from '~/islands/ui/states';
import { useAction } from '~/islands/ui/useAction';
import { useLoad } from '~/islands/ui/useLoad';

/**
 * 手机开播 (/m/live/anchor): a coach or shop owner goes live from the phone's camera — the desktop's
 * 网页开播 push (`useBrowserPush`) and the anchor's feed (`useAnchorFeed`) in a portrait screen, with
 * the front/back camera switch and the microphone mute a phone needs.
 */
export default function MobileAnchor() {
  return (
    <MemberGate icon="i-ri-live-line" text="登录后才能开播">
      <AnchorOnly />
    </MemberGate>
  );
}

function AnchorOnly() {
  const { user } = useSession();
  if (user && user.identity !== 1 && user.identity !== 2) {
    return (
      <div className="flex flex-col items-center gap-4 px-6 py-16 text-center text-ink-soft" data-testid="m-anchor-not-anchor">
        <span className="i-ri-live-line text-5xl text-placeholder" aria-hidden="true" />
        <p>{LIVE_TEXTS.notAnchor}，入驻后即可开播</p>
        <a className="gf-m-btn-primary w-48" href={MOBILE_PATHS.apply}>
          申请成为教练或开店
        </a>
      </div>
    );
  }
  return <Console />;
}

function Console() {
  const room = useLoad(fetchAnchorRoom);
  const data = room.data;
  // Follow the room while a broadcast is prepared or on air: the push arriving turns it live.
  const watching = Boolean(data?.session_id);
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => room.reload(), LIVE_POLL_MS.anchor);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watching]);
  if (!data) return room.error ? <LoadFailed load={room} /> : <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  return <Studio room={data} reload={room.reload} />;
}

function Studio(props: { room: AnchorRoom; reload: () => void }) {
  const { room } = props;
  const {
    caps: capsLoad,
    video,
    phase,
    note,
    facing,
    micOn,
    preview,
    start: startPush,
    stop: stopPush,
    switchCamera,
    toggleMic,
  } = useBrowserPush({ switchable: true, portrait: true });
  const feed = useAnchorFeed(room);
  const titleRef = useRef<HTMLInputElement>(null);
  const go = useAction();
  const end = useAction();
  const caps = capsLoad.data;
  const onAir = room.status === 'live';

  const start = () =>
    void go.run(
      async () => {
        if (phase === 'idle' && !(await preview())) return;
        const r = await startLive(titleRef.current?.value ?? '');
        startPush(r.push.key);
        props.reload();
      },
      { done: LIVE_TEXTS.started },
    );
  const stop = () =>
    void end.run(
      async () => {
        stopPush();
        await stopLive();
        props.reload();
      },
      { done: LIVE_TEXTS.stopped },
    );

  return (
    <div data-testid="m-anchor" data-status={room.status} data-phase={phase}>
      <div className="relative aspect-[3/4] w-full overflow-hidden bg-night-video">
        <video
          ref={video}
          autoPlay
          muted
          playsInline
          // The front camera as a mirror, as phones show it; the push itself is not mirrored.
          className={`h-full w-full object-cover ${facing === 'user' ? '-scale-x-100' : ''}`}
          data-testid="m-anchor-preview"
        />
        {phase === 'idle' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 px-6 text-center text-white/85">
            <span className="i-ri-camera-line text-5xl" aria-hidden="true" />
            {caps && !caps.browser_push ? (
              <p className="text-sm" data-testid="browser-push-missing">
                {caps.reason}
              </p>
            ) : (
              <button type="button" className="gf-m-btn-ghost" onClick={() => void preview()} data-testid="m-anchor-camera">
                打开摄像头
              </button>
            )}
          </div>
        )}
        <p className="absolute left-2 top-2 flex items-center gap-2 text-xs text-white [text-shadow:0_0_3px_black]">
          <span className={`rounded px-2 py-0.5 ${onAir ? 'bg-brand' : 'bg-night/60'}`} data-testid="m-anchor-status">
            {LIVE_TEXTS.statusLabel[room.status]}
          </span>
          <span data-testid="m-anchor-viewers">{feed.viewers.data ? `${feed.viewers.data.list.length} 位观众` : ''}</span>
        </p>
        {phase !== 'idle' && (
          <div className="absolute right-1 top-1 flex flex-col">
            <button
              type="button"
              aria-label={facing === 'user' ? '切换到后置摄像头' : '切换到前置摄像头'}
              className="flex h-11 w-11 items-center justify-center text-white [text-shadow:0_0_3px_black]"
              onClick={() => void switchCamera()}
              data-testid="m-anchor-flip"
            >
              <span className="i-ri-camera-switch-line text-2xl" aria-hidden="true" />
            </button>
            <button
              type="button"
              aria-label={micOn ? '关闭麦克风' : '打开麦克风'}
              aria-pressed={!micOn}
              className="flex h-11 w-11 items-center justify-center text-white [text-shadow:0_0_3px_black]"
              onClick={toggleMic}
              data-testid="m-anchor-mic"
            >
              <span className={`${micOn ? 'i-ri-mic-line' : 'i-ri-mic-off-line'} text-2xl`} aria-hidden="true" />
            </button>
          </div>
        )}
        {/* The room's chat over the lower part of the picture, newest at the bottom. */}
        <ul
          className="absolute inset-x-0 bottom-0 max-h-[40%] space-y-1 overflow-y-auto bg-gradient-to-t from-night/70 to-transparent px-3 pb-2 pt-6 text-sm text-white"
          aria-label="弹幕与礼物"
          aria-live="polite"
          data-testid="anchor-feed"
        >
          {feed.chat.slice(-30).map((l) => (
            <li
              key={l.id}
              className={`[text-shadow:0_0_3px_black] ${l.kind === 'gift' ? 'text-warning' : l.kind === 'system' ? 'text-xs text-white/75' : ''}`}
              data-testid={l.kind === 'gift' ? 'anchor-gift' : 'anchor-line'}
            >
              {l.kind !== 'system' && <span className="mr-1 text-white/75">{l.nick}：</span>}
              {l.gift?.gift.icon && <img src={img(l.gift.gift.icon)} alt="" className="mr-1 inline h-5 w-5" />}
              {l.text}
            </li>
          ))}
        </ul>
      </div>
      <div className="space-y-3 bg-white p-3">
        {!onAir && phase !== 'live' && (
          <label className="block text-sm">
            <span className="text-ink-soft">直播标题</span>
            <input
              ref={titleRef}
              className="gf-m-input mt-1"
              maxLength={LIVE_LIMITS.titleMax}
              defaultValue={room.title}
              aria-label="直播标题"
            />
          </label>
        )}
        {phase === 'live' || onAir ? (
          <button
            type="button"
            className="gf-m-btn-ghost w-full text-danger"
            disabled={end.busy}
            onClick={stop}
            data-testid="m-anchor-stop"
          >
            {end.busy ? '正在结束…' : '结束直播'}
          </button>
        ) : (
          <button
            type="button"
            className="gf-m-btn-primary w-full"
            disabled={go.busy || !caps?.browser_push}
            onClick={start}
            data-testid="m-anchor-start"
          >
            {go.busy ? '正在开播…' : '开始直播'}
          </button>
        )}
        {note && (
          <p className="text-center text-xs text-ink-mute" role="status" data-testid="m-anchor-note">
            {note}
          </p>
        )}
        <p className="text-xs text-ink-mute">
          {feed.phase.phase === 'ready' ? '弹幕已连接' : feed.phase.phase === 'error' ? feed.phase.error : '弹幕连接中…'} ·
          观众的弹幕和礼物会出现在画面下方。
          <a
            href={`${MOBILE_PATHS.liveRoom}?id=${room.id}`}
            className="ml-1 inline-flex min-h-11 items-center text-brand"
            data-testid="m-anchor-room"
          >
            查看直播间
          </a>
        </p>
      </div>
    </div>
  );
}
