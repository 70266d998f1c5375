import { useEffect, useState } from 'react';
import type { ApiListItem } from '~/lib/api/types';
import { img } from '~/lib/media';

/** One advert of /api/public/adverts (the page passes what the site service read). */
export type Advert = ApiListItem<'/public/adverts'>;

/** The home banner carousel: autoplay every 5 s, pauses on hover, dots and arrows. */
export default function AdBanner(props: { items: Advert[]; mediaUrl: string }) {
  const { items } = props;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % count), 5000);
    return () => clearInterval(t);
  }, [paused, count]);

  if (!count) return null;
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="推荐活动"
      className="group relative h-[400px] w-[1180px] overflow-hidden rounded-xl bg-placeholder-soft"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {items.map((a, i) => (
        <a
          key={a.id}
          href={a.link || undefined}
          aria-hidden={i !== index}
          tabIndex={i === index ? 0 : -1}
          className="absolute inset-0 transition-opacity duration-700"
          style={{ opacity: i === index ? 1 : 0, pointerEvents: i === index ? 'auto' : 'none' }}
        >
          <img
            src={img(a.image, props.mediaUrl)}
            alt={a.title}
            width={1180}
            height={400}
            className="h-full w-full object-cover"
            {...(i === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
          />
        </a>
      ))}
      {count > 1 && (
        <>
          <button
            type="button"
            aria-label="上一张"
            onClick={() => go(index - 1)}
            className="absolute left-4 top-1/2 h-10 w-10 -translate-y-1/2 rounded-full bg-black/30 text-white opacity-0 transition-opacity group-hover:opacity-100"
          >
            <span className="i-ri-arrow-left-s-line text-2xl" />
          </button>
          <button
            type="button"
            aria-label="下一张"
            onClick={() => go(index + 1)}
            className="absolute right-4 top-1/2 h-10 w-10 -translate-y-1/2 rounded-full bg-black/30 text-white opacity-0 transition-opacity group-hover:opacity-100"
          >
            <span className="i-ri-arrow-right-s-line text-2xl" />
          </button>
          <div className="absolute bottom-4 left-1/2 flex -translate-x-1/2 gap-2">
            {items.map((a, i) => (
              <button
                key={a.id}
                type="button"
                aria-label={`第 ${i + 1} 张：${a.title}`}
                aria-current={i === index}
                onClick={() => go(i)}
                className={`h-2 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2 bg-white/60'}`}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
