import { useState } from 'react';
import type { LiveRoomCard } from '~/lib/api/contract/live';
import { api } from '~/lib/api/client';
import { img } from '~/lib/media';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { createInfiniteList } from '~/lib/stores/infinite';
import type { Page } from '~/lib/stores/paged';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';

export interface LiveQuery {
  type?: 0 | 1;
  living: 0 | 1;
}

const LIMIT = 10;

/** A live room in the mobile list: 16:9 cover with its state and audience, title, anchor. */
export function LiveTile({ r, media }: { r: LiveRoomCard; media?: string }) {
  return (
    <a href={`${MOBILE_PATHS.liveRoom}?id=${r.id}`} className="block overflow-hidden rounded-xl bg-white" data-testid="m-live">
      <div className="relative aspect-video bg-night-video">
        {r.cover && <img src={img(r.cover, media)} alt="" loading="lazy" className="h-full w-full object-cover" />}
        <span
          className={`absolute left-2 top-2 rounded px-2 py-0.5 text-xs ${r.status === 'live' ? 'bg-brand text-white' : 'bg-night/70 text-white'}`}
        >
          {LIVE_TEXTS.statusLabel[r.status]}
        </span>
        {r.status === 'live' && (
          <span className="absolute bottom-2 right-2 rounded bg-night/70 px-2 py-0.5 text-xs text-white">{r.viewers} 人在看</span>
        )}
      </div>
      <div className="p-2">
        <p className="truncate text-sm font-500">{r.title}</p>
        <p className="mt-0.5 truncate text-xs text-ink-mute">
          {r.anchor.nick} · {r.anchor.kind === 'coach' ? '教练' : '店铺'}
        </p>
      </div>
    </a>
  );
}

/** The rooms of /m/live, 直播中 first (the server's order), more as the reader scrolls. */
export default function LiveList(props: { query: LiveQuery; initial: Page<LiveRoomCard>; media: string }) {
  const [list] = useState(() =>
    createInfiniteList<LiveRoomCard, LiveQuery>(
      (q, page) => api('/public/liveList', { ...(q.type === undefined ? {} : { type: q.type }), living: q.living, page, limit: LIMIT }),
      props.query,
      props.initial,
    ),
  );
  return (
    <InfiniteList
      list={list}
      keyOf={(r) => r.id}
      item={(r) => <LiveTile r={r} media={props.media} />}
      emptyText={props.query.living ? '现在没有正在直播的直播间' : '还没有直播间'}
      emptyIcon="i-ri-live-line"
      className="grid grid-cols-2 gap-2 px-3"
    />
  );
}
