import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { LiveRoom } from '~/lib/api/contract/live';
import { monthDayTime } from '~/lib/format';
import { img } from '~/lib/media';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { LIVE_POLL_MS } from '~/lib/stores/live';
import { createLiveRoom, type LiveRoomStore } from '~/lib/stores/live-room';
import { openLogin } from '~/lib/stores/ui';
import LiveVideo from '~/islands/live/LiveVideo';
import BarrageLane from '~/islands/live/room/BarrageLane';
import RoomSide, { useRoomFollow } from '~/islands/live/room/RoomSide';
import { requireLoginOr } from '~/islands/live/room/require-login';
import { useAction } from '~/islands/ui/useAction';
import GiftSheet from './GiftSheet';

/**
 * A live room on the phone: the player across the width (16:9, the whole screen in landscape or
 * full screen) with the barrage over it, the anchor with follow and the next notice, the room chat,
 * and a bar fixed at the bottom — barrage input, the gift sheet, likes. The desktop room's store.
 */
export default function MobileLiveRoom(props: { room: LiveRoom; home: string }) {
  const [store] = useState(() => createLiveRoom(props.room));
  const [gifts, setGifts] = useState(false);
  useEffect(() => {
    // As on the desktop room: the viewer's follow and booking come with the first refresh; the chat
    // socket brings state changes, a slow poll covers guests and lost sockets.
    void store.refresh().catch(() => undefined);
    void store.connect();
    const timer = setInterval(() => void store.refresh().catch(() => undefined), LIVE_POLL_MS.viewer);
    return () => {
      clearInterval(timer);
      store.leave();
    };
  }, [store]);
  return (
    <div>
      <Stage store={store} />
      <AnchorRow store={store} home={props.home} />
      <div className="space-y-3 px-3 pt-2">
        <ChatList store={store} />
        <RoomSide store={store} home={props.home} hideAnchor />
      </div>
      <BottomBar store={store} onGifts={() => requireLoginOr(() => setGifts(true))} />
      <GiftSheet store={store} open={gifts} onClose={() => setGifts(false)} />
    </div>
  );
}

type FsVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/** The player: fills the width; 全屏 takes the stage (barrage included) and turns the phone sideways. */
function Stage(props: { store: LiveRoomStore }) {
  const room = useStore(props.store.$room);
  const box = useRef<HTMLDivElement>(null);
  const [muted, setMuted] = useState(true);
  const [barrage, setBarrage] = useState(true);
  const [full, setFull] = useState(false);
  const live = room.status === 'live' && room.play;
  useEffect(() => {
    const on = () => setFull(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);

  async function toggleFull() {
    const el = box.current;
    if (!el) return;
    if (document.fullscreenElement) return void document.exitFullscreen().catch(() => undefined);
    if (el.requestFullscreen) {
      try {
        await el.requestFullscreen({ navigationUI: 'hide' });
        // Where allowed (Android Chrome in full screen), turn the picture sideways.
        const o = screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> };
        await o.lock?.('landscape').catch(() => undefined);
        return;
      } catch {
        // iPhone Safari: only the video element itself goes full screen (without the barrage).
      }
    }
    (el.querySelector('video') as FsVideo | null)?.webkitEnterFullscreen?.();
  }

  return (
    <div
      ref={box}
      className="gf-m-stage relative aspect-video w-full overflow-hidden bg-night-video"
      data-testid="live-stage"
      data-status={room.status}
    >
      {live && room.play ? (
        <LiveVideo src={room.play} muted={muted} controls={false} />
      ) : (
        <div className="relative flex h-full w-full flex-col items-center justify-center gap-2 overflow-hidden px-4 text-center text-white/85">
          {room.cover && (
            <img src={img(room.cover)} alt="" className="absolute inset-0 h-full w-full scale-110 object-cover opacity-35 blur-md" />
          )}
          <span className={`relative text-4xl ${room.status === 'banned' ? 'i-ri-forbid-line' : 'i-ri-live-line'}`} aria-hidden="true" />
          <p className="relative text-sm" data-testid="live-idle">
            {room.status === 'banned' ? LIVE_TEXTS.banned(room.ban_reason) : '主播暂未开播，开播后这里会自动播放'}
          </p>
          {room.status !== 'banned' && room.next_notice && (
            <p className="relative text-xs text-white/70">
              下一场：{room.next_notice.title} · {monthDayTime(room.next_notice.start_at)}
            </p>
          )}
        </div>
      )}
      {barrage && live && <BarrageLane store={props.store} />}
      {live && (
        <div className="absolute inset-x-0 bottom-0 flex justify-end bg-gradient-to-t from-night/60 to-transparent pt-4">
          <StageButton
            label={muted ? '打开声音' : '静音'}
            icon={muted ? 'i-ri-volume-mute-line' : 'i-ri-volume-up-line'}
            onClick={() => setMuted(!muted)}
            testId="live-sound"
          />
          <StageButton
            label={barrage ? '关闭弹幕' : '打开弹幕'}
            icon={barrage ? 'i-ri-message-3-line' : 'i-ri-chat-off-line'}
            pressed={barrage}
            onClick={() => setBarrage(!barrage)}
            testId="barrage-toggle"
          />
          <StageButton
            label={full ? '退出全屏' : '全屏'}
            icon={full ? 'i-ri-fullscreen-exit-line' : 'i-ri-fullscreen-line'}
            onClick={() => void toggleFull()}
            testId="live-fullscreen"
          />
        </div>
      )}
    </div>
  );
}

function StageButton(props: { label: string; icon: string; onClick: () => void; pressed?: boolean; testId: string }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      aria-pressed={props.pressed}
      className="flex h-11 w-11 items-center justify-center text-white [text-shadow:0_0_3px_black]"
      onClick={props.onClick}
      data-testid={props.testId}
    >
      <span className={`${props.icon} text-xl`} aria-hidden="true" />
    </button>
  );
}

/** Under the picture: the anchor (to their home), on air or not, the audience, and 关注. */
function AnchorRow(props: { store: LiveRoomStore; home: string }) {
  const room = useStore(props.store.$room);
  const { followed, own, busy, toggle } = useRoomFollow(props.store);
  return (
    <div className="flex items-center gap-3 bg-white px-3 py-2">
      <a href={props.home} className="flex min-w-0 flex-1 items-center gap-2" data-testid="live-anchor">
        <img src={img(room.anchor.avatar)} alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" />
        <span className="min-w-0">
          <span className="block truncate text-[15px] font-600">{room.anchor.nick}</span>
          <span className="flex items-center gap-2 text-xs text-ink-mute">
            <span
              className={`rounded px-1.5 ${room.status === 'live' ? 'bg-brand text-white' : 'bg-surface-tag text-ink-soft'}`}
              data-testid="live-status"
            >
              {LIVE_TEXTS.statusLabel[room.status]}
            </span>
            <span data-testid="live-viewers">{room.viewers} 人在看</span>
            {room.status === 'live' && room.started_at && <span className="truncate">{monthDayTime(room.started_at)} 开播</span>}
          </span>
        </span>
      </a>
      {!own && (
        <button
          type="button"
          className={`shrink-0 px-4 ${followed ? 'gf-m-btn-ghost' : 'gf-m-btn-primary'}`}
          disabled={busy}
          onClick={toggle}
          data-testid="live-follow"
        >
          {followed ? '已关注' : '+ 关注'}
        </button>
      )}
    </div>
  );
}

/** Everyone's lines, gifts and room notices, newest at the bottom. */
function ChatList(props: { store: LiveRoomStore }) {
  const chat = useStore(props.store.$chat);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [chat.length]);
  return (
    <section className="gf-m-card flex h-[45vh] min-h-60 flex-col" aria-label="直播间聊天" data-testid="live-chat">
      <h2 className="border-b border-line px-3 py-2 text-sm font-600">聊天互动</h2>
      <ul ref={list} className="flex-1 space-y-1.5 overflow-y-auto px-3 py-2 text-sm" data-testid="live-chat-list">
        <li className="text-xs text-ink-mute">欢迎来到直播间，请文明发言，禁止发布违规内容。</li>
        {chat.map((l) =>
          l.kind === 'system' ? (
            <li key={l.id} className="text-xs text-ink-mute">
              {l.text}
            </li>
          ) : (
            <li key={l.id} className={l.kind === 'gift' ? 'text-warning' : ''} data-testid={l.kind === 'gift' ? 'chat-gift' : 'chat-line'}>
              <span className="mr-1 text-ink-mute">{l.nick}：</span>
              {l.gift?.gift.icon && <img src={img(l.gift.gift.icon)} alt="" className="mr-1 inline h-5 w-5" />}
              <span className="break-all">{l.text}</span>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

/** The bar fixed at the bottom: barrage input (or login), gifts, likes. */
function BottomBar(props: { store: LiveRoomStore; onGifts: () => void }) {
  const phase = useStore(props.store.$phase);
  const likes = useStore(props.store.$likes);
  const room = useStore(props.store.$room);
  const [text, setText] = useState('');
  const [pop, setPop] = useState(0);
  const send = useAction();
  const live = room.status === 'live';
  return (
    <div className="gf-m-actions" data-testid="live-bar">
      {phase.phase === 'guest' ? (
        <button type="button" className="gf-m-btn-ghost min-w-0 flex-1 px-3 text-sm" onClick={openLogin} data-testid="live-chat-login">
          登录后发弹幕、送礼物
        </button>
      ) : phase.phase === 'kicked' || phase.phase === 'error' ? (
        <p className="min-w-0 flex-1 truncate text-sm text-danger" role="alert">
          {phase.error || '你已被移出直播间'}
          {phase.phase === 'error' && (
            <button type="button" className="ml-2 min-h-11 text-brand" onClick={() => void props.store.connect()}>
              重试
            </button>
          )}
        </p>
      ) : (
        <form
          className="flex min-w-0 flex-1 gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void send.run(async () => {
              await props.store.say(text);
              setText('');
            });
          }}
        >
          <input
            className="gf-m-input min-w-0 flex-1 rounded-full"
            maxLength={100}
            enterKeyHint="send"
            placeholder={phase.phase === 'connecting' ? '正在进入聊天…' : '发个弹幕吧'}
            aria-label="弹幕内容"
            value={text}
            disabled={phase.phase !== 'ready'}
            onChange={(e) => setText(e.target.value)}
            data-testid="live-chat-input"
          />
          {text.trim() && (
            <button type="submit" className="gf-m-btn-primary shrink-0 px-4" disabled={send.busy} data-testid="live-chat-send">
              发送
            </button>
          )}
        </form>
      )}
      <button
        type="button"
        aria-label="送礼物"
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-light text-brand"
        onClick={props.onGifts}
        data-testid="live-gifts"
      >
        <span className="i-ri-gift-line text-2xl" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={`点赞，已有 ${likes} 个赞`}
        className="relative flex h-11 min-w-11 shrink-0 flex-col items-center justify-center text-danger disabled:opacity-50"
        disabled={!live}
        title={live ? undefined : LIVE_TEXTS.likeNotLive}
        onClick={() =>
          requireLoginOr(() => {
            props.store.like();
            setPop((n) => n + 1);
          })
        }
        data-testid="live-like"
      >
        <span key={pop} className={`i-ri-heart-3-fill text-2xl ${pop ? 'animate-heart-beat' : ''}`} aria-hidden="true" />
        <span className="text-[11px] leading-none" data-testid="live-likes">
          {likes}
        </span>
      </button>
    </div>
  );
}
