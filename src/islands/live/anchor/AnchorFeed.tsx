import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { AnchorRoom } from '~/lib/api/contract/live';
import { img } from '~/lib/media';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { fetchViewers, kickViewer, muteViewer } from '~/lib/stores/live';
import { createLiveRoom } from '~/lib/stores/live-room';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';

/**
 * The anchor's side of the room, shared by the desktop console and 手机开播: the room's chat (the
 * anchor is in it too) with barrage and gifts as they arrive, the audience (asked again every 10 s)
 * and 禁言 / 踢出. `onGift` hears each gift.
 */
export function useAnchorFeed(room: AnchorRoom, onGift?: () => void) {
  const [store] = useState(() => createLiveRoom(room));
  // The console's totals follow the gifts heard here.
  useEffect(() => (onGift ? store.$gifts.listen(() => onGift()) : undefined), [store, onGift]);
  const chat = useStore(store.$chat);
  const phase = useStore(store.$phase);
  const viewers = useLoad(fetchViewers);
  const act = useAction();
  useEffect(() => {
    void store.connect();
    const timer = setInterval(() => viewers.reload(), 10_000);
    return () => {
      clearInterval(timer);
      store.leave();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
  return { store, chat, phase, viewers, act };
}

/**
 * What the anchor sees of the room: the chat with barrage and gifts as they arrive, and the audience
 * with 禁言 and 踢出. `onGift` hears each gift.
 */
export default function AnchorFeed(props: { room: AnchorRoom; onGift?: () => void }) {
  const { chat, phase, viewers, act } = useAnchorFeed(props.room, props.onGift);

  return (
    <div className="grid grid-cols-[1fr_300px] gap-4">
      <section className="flex h-[360px] flex-col rounded-md border border-line" aria-label="弹幕与礼物" data-testid="anchor-feed">
        <h3 className="border-b border-line px-3 py-2 text-sm font-600">
          弹幕与礼物{' '}
          <span className="font-400 text-ink-mute">
            {phase.phase === 'ready' ? '· 已连接' : phase.phase === 'error' ? `· ${phase.error}` : '· 连接中…'}
          </span>
        </h3>
        <ul className="flex-1 space-y-1 overflow-y-auto px-3 py-2 text-sm">
          {chat.length === 0 && <li className="text-xs text-ink-mute">观众的弹幕和礼物会出现在这里</li>}
          {chat.map((l) => (
            <li
              key={l.id}
              className={l.kind === 'gift' ? 'text-warning' : l.kind === 'system' ? 'text-xs text-ink-mute' : ''}
              data-testid={l.kind === 'gift' ? 'anchor-gift' : 'anchor-line'}
            >
              {l.kind !== 'system' && <span className="mr-1 text-ink-mute">{l.nick}：</span>}
              {l.gift?.gift.icon && <img src={img(l.gift.gift.icon)} alt="" className="mr-1 inline h-5 w-5" />}
              {l.text}
            </li>
          ))}
        </ul>
      </section>
      <section className="flex h-[360px] flex-col rounded-md border border-line" aria-label="在线观众">
        <h3 className="border-b border-line px-3 py-2 text-sm font-600">在线观众 {viewers.data ? `(${viewers.data.list.length})` : ''}</h3>
        <ul className="flex-1 overflow-y-auto px-3 py-2 text-sm" data-testid="anchor-viewers">
          {viewers.error && <li className="text-danger">{viewers.error}</li>}
          {viewers.data?.list.length === 0 && <li className="text-xs text-ink-mute">暂时没有观众</li>}
          {viewers.data?.list.map((v) => (
            <li key={v.user_id} className="flex items-center gap-2 py-1">
              <img src={img(v.avatar)} alt="" className="h-6 w-6 rounded-full object-cover" />
              <span className="min-w-0 flex-1 truncate">{v.nick}</span>
              <button
                type="button"
                className="text-xs text-ink-soft hover:text-brand"
                disabled={act.busy}
                onClick={() =>
                  void act.run(
                    async () => {
                      await muteViewer(v.user_id, v.muted_until ? 0 : 10);
                      viewers.reload();
                    },
                    { done: v.muted_until ? LIVE_TEXTS.unmuted : LIVE_TEXTS.muted },
                  )
                }
              >
                {v.muted_until ? '解除禁言' : '禁言10分钟'}
              </button>
              <button
                type="button"
                className="text-xs text-danger"
                disabled={act.busy}
                onClick={() => {
                  if (!confirm(`把「${v.nick}」移出直播间？24 小时内不能再进入聊天。`)) return;
                  void act.run(
                    async () => {
                      await kickViewer(v.user_id);
                      viewers.reload();
                    },
                    { done: LIVE_TEXTS.kicked },
                  );
                }}
              >
                踢出
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
