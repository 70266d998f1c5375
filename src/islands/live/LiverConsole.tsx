import { useEffect, useRef, useState } from 'react';
import { LIVE_LIMITS, LIVE_TEXTS } from '~/lib/rules/live';
import { batched, fetchAnchorRoom, LIVE_POLL_MS, startLive, statsKey, stopLive } from '~/lib/stores/live';
import { openLogin } from '~/lib/stores/ui';
import { T } from '~/lib/texts';
import { toast } from '~/lib/toast';
import type { SellerArea } from '~/lib/rules/seller-nav';
import { useSession } from '../chrome/useSession';
import { SellerOnly } from '../seller/SellerOnly';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import BrowserPush from './BrowserPush';
import LiveVideo from './LiveVideo';
import AnchorFeed from './anchor/AnchorFeed';
import LiveStats from './anchor/LiveStats';
import NoticeManager from './anchor/NoticeManager';
import PlaybackManager from './anchor/PlaybackManager';
import RoomSettings from './anchor/RoomSettings';

const TABS = [
  ['feed', '弹幕与观众'],
  ['settings', '直播间设置'],
  ['notices', '直播预告'],
  ['logs', '直播记录与回放'],
] as const;
type Tab = (typeof TABS)[number][0];

type Push = Awaited<ReturnType<typeof startLive>>['push'];

/**
 * /live/liver, the anchor's console: a coach or shop owner names the broadcast, gets
 * the signed push URL for OBS (服务器 + 串流密钥), sees the room go live when the push arrives, and
 * ends it. Guests are asked to log in; members who are neither coach nor shop owner are told how
 * to become one. The same console is the coach's 教练直播 and the shop's 店铺直播 (`area`).
 */
export default function LiverConsole(props: { area?: SellerArea | undefined }) {
  const { ready, user } = useSession();
  // In a management area (教练直播 / 店铺直播) the area's own gate speaks.
  if (props.area) {
    return (
      <SellerOnly area={props.area}>
        <Console />
      </SellerOnly>
    );
  }
  if (!ready) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  if (!user) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-ink-soft" data-testid="liver-login">
        <span className="i-ri-lock-2-line text-5xl text-ink-mute" />
        <p>登录后才能开播</p>
        <button type="button" className="gf-btn-primary w-32" onClick={openLogin}>
          登录
        </button>
      </div>
    );
  }
  if (user.identity !== 1 && user.identity !== 2) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-ink-soft" data-testid="liver-not-anchor">
        <span className="i-ri-live-line text-5xl text-ink-mute" />
        <p className="text-[15px]">{LIVE_TEXTS.notAnchor}，入驻后即可开播</p>
        <div className="flex gap-3">
          <a className="gf-btn-primary" href="/account/regcoach">
            申请成为教练
          </a>
          <a className="gf-btn-ghost" href="/account/regmechant">
            申请开店
          </a>
        </div>
      </div>
    );
  }
  return <Console />;
}

function Console() {
  const room = useLoad(fetchAnchorRoom);
  const [push, setPush] = useState<Push | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const go = useAction();
  const end = useAction();
  const [tab, setTab] = useState<Tab>('feed');
  // Gifts heard in the room's chat: the totals are read again once per burst.
  const [giftTick, setGiftTick] = useState(0);
  const [onGift] = useState(() => batched(() => setGiftTick((n) => n + 1), 500));
  const data = room.data;

  // Follow the room while a broadcast is prepared or on air: the push arriving turns it live.
  const watching = Boolean(data?.session_id);
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => room.reload(), LIVE_POLL_MS.anchor);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watching]);

  if (!data) {
    return room.error ? (
      <div className="flex flex-col items-center gap-3 py-16 text-sm text-ink-soft">
        <p>{room.error}</p>
        <button type="button" className="gf-btn-ghost" onClick={room.reload}>
          重试
        </button>
      </div>
    ) : (
      <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>
    );
  }

  const start = () =>
    void go.run(
      async () => {
        const r = await startLive(titleRef.current?.value ?? '');
        setPush(r.push);
        room.reload();
      },
      { done: LIVE_TEXTS.started },
    );
  const stop = () =>
    void end.run(
      async () => {
        await stopLive();
        setPush(null);
        room.reload();
      },
      { done: LIVE_TEXTS.stopped },
    );

  return (
    <div data-testid="liver-console" data-status={data.status}>
      <LiveStats kind={data.anchor.kind} version={statsKey(data, giftTick)} />
      <div className="grid grid-cols-[1fr_320px] gap-5">
        <section>
          <div className="aspect-video overflow-hidden rounded bg-night-video">
            {data.status === 'live' && data.play ? (
              <LiveVideo src={data.play} muted testId="liver-preview" />
            ) : (
              <div className="flex h-full flex-col items-center justify-center gap-2 text-sm text-white/80">
                <span className="i-ri-live-line text-5xl" />
                <p data-testid="liver-state">
                  {data.status === 'banned'
                    ? LIVE_TEXTS.banned(data.ban_reason)
                    : data.session_id
                      ? '等待推流…在 OBS 中点击「开始推流」后，这里会出现直播画面'
                      : '未开播'}
                </p>
              </div>
            )}
          </div>
          <p className="mt-3 text-sm text-ink-soft">
            观众入口：
            <a className="text-brand" href={`/live/room/${data.id}`} data-testid="liver-room-link">
              /live/room/{data.id}
            </a>
          </p>
        </section>
        <aside className="flex flex-col gap-4">
          <div className="gf-card p-4">
            <p className="mb-3 flex items-center gap-2 text-[15px] font-600">
              直播状态
              <span
                className={`rounded px-2 py-0.5 text-xs font-400 ${data.status === 'live' ? 'bg-brand text-white' : 'bg-surface-tag text-ink-soft'}`}
              >
                {LIVE_TEXTS.statusLabel[data.status]}
              </span>
            </p>
            <label className="mb-1 block text-sm text-ink-soft" htmlFor="live-title">
              直播标题
            </label>
            <input
              id="live-title"
              ref={titleRef}
              className="gf-input mb-3 w-full"
              defaultValue={data.title}
              maxLength={LIVE_LIMITS.titleMax}
              disabled={data.status === 'live'}
            />
            {data.status === 'live' || data.session_id ? (
              <button type="button" className="gf-btn-primary w-full" disabled={end.busy} onClick={stop} data-testid="liver-stop">
                结束直播
              </button>
            ) : (
              <button
                type="button"
                className="gf-btn-primary w-full"
                disabled={go.busy || data.status === 'banned'}
                onClick={start}
                data-testid="liver-start"
              >
                开始直播
              </button>
            )}
            {/* Why going live failed (直播推流服务不可用, a ban…) stays readable after the toast. */}
            {go.error && (
              <p role="alert" className="mt-2 flex items-center gap-1 text-sm text-ink-soft" data-testid="liver-start-error">
                <span className="i-ri-error-warning-line shrink-0 text-brand" />
                {go.error}
              </p>
            )}
          </div>
          {data.session_id && data.status !== 'live' && !push && (
            <button type="button" className="gf-btn-ghost" onClick={start}>
              重新获取推流地址
            </button>
          )}
          {push && <PushCard push={push} />}
          {push && <BrowserPush pushKey={push.key} />}
        </aside>
      </div>
      <div className="gf-card mt-5 p-5">
        <div role="tablist" aria-label="直播管理" className="mb-4 flex gap-6 border-b border-line">
          {TABS.map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              className={`-mb-px border-b-2 pb-2 text-[15px] ${tab === id ? 'border-brand-accent text-brand' : 'border-transparent text-ink-soft hover:text-brand'}`}
              onClick={() => setTab(id)}
              data-testid={`liver-tab-${id}`}
            >
              {label}
            </button>
          ))}
        </div>
        {tab === 'feed' && <AnchorFeed room={data} onGift={onGift} />}
        {tab === 'settings' && <RoomSettings room={data} onSaved={(r) => room.set(r)} />}
        {tab === 'notices' && <NoticeManager kind={data.anchor.kind} />}
        {tab === 'logs' && <PlaybackManager />}
      </div>
    </div>
  );
}

function PushCard({ push }: { push: Push }) {
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => toast.success('已复制'),
      () => toast.error(T.copyFailed),
    );
  const rows: [string, string, string][] = [
    ['服务器', push.server, 'push-server'],
    ['串流密钥', push.key, 'push-key'],
  ];
  return (
    <div className="gf-card p-4 text-sm" data-testid="liver-push">
      <p className="mb-2 font-600">OBS 推流设置</p>
      {rows.map(([label, value, id]) => (
        <div key={id} className="mb-2">
          <p className="mb-1 text-ink-soft">{label}</p>
          <div className="flex gap-2">
            <input className="gf-input min-w-0 flex-1 text-xs" readOnly value={value} data-testid={id} />
            <button type="button" className="gf-btn-ghost shrink-0" onClick={() => void copy(value)}>
              复制
            </button>
          </div>
        </div>
      ))}
      <p className="text-xs leading-5 text-ink-mute">
        在 OBS「设置 → 直播」中选择「自定义」，填入以上两项后点击「开始推流」。地址有效期至{' '}
        {new Date(push.expiresAt).toLocaleString('zh-CN')}，请勿泄露。
      </p>
    </div>
  );
}
