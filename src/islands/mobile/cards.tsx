import type { ClassItem, CoachCard, CourseItem } from '~/lib/api/contract/catalogue-training';
import type { GoodsItem, ShopCard } from '~/lib/api/contract/catalogue-shop';
import type { CirclePost } from '~/lib/api/contract/circle';
import type { LiveNotice } from '~/lib/api/contract/live-notices';
import { formatDate, formatDateTime, priceText } from '~/lib/format';
import { img } from '~/lib/media';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';

/*
 * The mobile site's cards: rendered by Astro pages on the server (no JavaScript) and by the list
 * islands for the pages that follow. `media` is the media host (the server passes env().MEDIA_URL).
 */

/** `&agent=…` for an item an agent re-sells (their homepage): the order credits them. */
const via = (agent?: string) => (agent ? `&agent=${encodeURIComponent(agent)}` : '');

/** A course row: cover left, title, owner, lessons and learners, price. */
export function CourseRow({ c, media, eager = false, agent }: { c: CourseItem; media?: string; eager?: boolean; agent?: string }) {
  return (
    <a href={`${MOBILE_PATHS.courseDetail}?id=${c.id}${via(agent)}`} className="flex gap-3 bg-white p-3" data-testid="m-course">
      <img
        src={img(c.cover, media)}
        width="128"
        height="80"
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        className="h-20 w-32 shrink-0 rounded-lg bg-surface-grey object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="line-clamp-2 text-[15px] font-500 leading-5 text-ink">{c.title}</h3>
        <p className="mt-1 truncate text-xs text-ink-mute">
          {c.owner.name} · {c.lesson_count} 课时 · {c.sales} 人学习
        </p>
        <p className={`mt-auto text-base font-600 ${c.price ? 'text-price' : 'text-success-deep'}`}>{priceText(c.price)}</p>
      </div>
    </a>
  );
}

/** A class row: cover, title, city and start date, seats left, price. */
export function ClassRow({ k, media, eager = false }: { k: ClassItem; media?: string; eager?: boolean }) {
  return (
    <a href={`${MOBILE_PATHS.classDetail}?id=${k.id}`} className="flex gap-3 bg-white p-3" data-testid="m-class">
      <img
        src={img(k.cover, media)}
        width="128"
        height="80"
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        className="h-20 w-32 shrink-0 rounded-lg bg-surface-grey object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="line-clamp-2 text-[15px] font-500 leading-5 text-ink">{k.title}</h3>
        <p className="mt-1 truncate text-xs text-ink-mute">
          {k.city} · {formatDate(k.starts_at)} 开课 · {k.seats_left > 0 ? `余 ${k.seats_left} 席` : '已满员'}
        </p>
        <p className="mt-auto text-base font-600 text-price">{priceText(k.price)}</p>
      </div>
    </a>
  );
}

/** A goods tile in a two-column grid: square picture, two-line title, price and sales. */
export function GoodsTile({ g, media, eager = false, agent }: { g: GoodsItem; media?: string; eager?: boolean; agent?: string }) {
  return (
    <a
      href={`${MOBILE_PATHS.goodsDetail}?id=${g.id}${via(agent)}`}
      className="block overflow-hidden rounded-xl bg-white"
      data-testid="m-goods"
    >
      <img
        src={img(g.cover, media)}
        width="180"
        height="180"
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        className="aspect-square w-full bg-surface-grey object-cover"
      />
      <div className="p-2">
        <h3 className="line-clamp-2 h-10 text-sm leading-5 text-ink">{g.title}</h3>
        <p className="mt-1 flex items-baseline justify-between">
          <span className="text-base font-600 text-price">{priceText(g.price)}</span>
          <span className="text-xs text-ink-mute">已售 {g.sales}</span>
        </p>
      </div>
    </a>
  );
}

/** A coach or shop row: avatar, name, line, fans; links to the mobile anchor home. */
export function ProfileRow({ p, type, media }: { p: CoachCard | ShopCard; type: 'coach' | 'merchant'; media?: string }) {
  const line = 'title' in p ? [p.title, p.city].filter(Boolean).join(' · ') : p.city;
  return (
    <a href={`${MOBILE_PATHS.anchor}?type=${type}&id=${p.id}`} className="flex items-center gap-3 bg-white p-3" data-testid="m-profile">
      <img
        src={img(p.head, media)}
        width="52"
        height="52"
        alt=""
        loading="lazy"
        className="h-13 w-13 shrink-0 rounded-full bg-surface-grey object-cover"
      />
      <div className="min-w-0 flex-1">
        <h3 className="truncate text-[15px] font-500 text-ink">{p.nick_name}</h3>
        {line && <p className="mt-0.5 truncate text-xs text-ink-soft">{line}</p>}
        <p className="mt-0.5 truncate text-xs text-ink-mute">{p.fans_count} 粉丝</p>
      </div>
      <span className="i-ri-arrow-right-s-line text-xl text-ink-mute" aria-hidden="true" />
    </a>
  );
}

/** A 直播预告 row of the search results: when, what, who (预约 is on the room's page). */
export function NoticeRow({ n }: { n: LiveNotice }) {
  return (
    <a
      href={`${MOBILE_PATHS.liveRoom}?id=${n.room_id}`}
      className="flex min-h-14 flex-col justify-center bg-white px-3 py-2"
      data-testid="m-notice"
    >
      <span className="truncate text-[15px] text-ink">{n.title}</span>
      <span className="truncate text-xs text-ink-mute">
        <span className="text-brand">{formatDateTime(n.start_at)}</span> 开播 · {n.anchor.nick} · {n.bookings} 人预约
      </span>
    </a>
  );
}

/** A 功夫圈 post row of the search results: the author, the opening words, likes and comments. */
export function PostRow({ p, media }: { p: CirclePost; media?: string }) {
  return (
    <a href={`${MOBILE_PATHS.circlePost}?id=${p.id}`} className="block bg-white p-3" data-testid="m-post">
      <span className="flex items-center gap-2 text-sm text-ink-soft">
        <img src={img(p.author.avatar, media)} width="24" height="24" alt="" loading="lazy" className="h-6 w-6 rounded-full object-cover" />
        <span className="truncate">{p.author.nick}</span>
        <span className="ml-auto shrink-0 text-xs text-ink-mute">{formatDate(p.created_at)}</span>
      </span>
      <span className="mt-1.5 line-clamp-3 whitespace-pre-wrap break-words text-[15px] leading-6 text-ink">{p.content}</span>
      <span className="mt-1 block text-xs text-ink-mute">
        {p.likes} 赞 · {p.comments} 评论
      </span>
    </a>
  );
}
