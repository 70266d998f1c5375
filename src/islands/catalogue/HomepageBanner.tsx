import { useEffect, useState } from 'react';
import type { Banner } from '~/lib/api/contract/seller-shop';
import { img } from '~/lib/media';

/** The banner carousel of a coach's or shop's homepage (/anchor), set on /coach/banner or /mechant/banner. */
export default function HomepageBanner(props: { items: Banner[]; mediaUrl: string; name: string }) {
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
  return (
    <section
      aria-roledescription="carousel"
      aria-label={`${props.name}的轮播图`}
      className="relative h-[300px] w-full overflow-hidden rounded-lg bg-placeholder-soft"
      data-testid="homepage-banner"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {items.map((b, i) => {
        const external = /^https:/i.test(b.link);
        const picture = (
          <img
            src={img(b.image, props.mediaUrl)}
            alt=""
            width={1180}
            height={300}
            className="h-full w-full object-cover"
            {...(i === 0 ? {} : { loading: 'lazy' as const })}
          />
        );
        const style = { opacity: i === index ? 1 : 0, pointerEvents: i === index ? ('auto' as const) : ('none' as const) };
        return b.link ? (
          <a
            key={b.id}
            href={b.link}
            aria-hidden={i !== index}
            tabIndex={i === index ? 0 : -1}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="absolute inset-0 transition-opacity duration-700"
            style={style}
          >
            {picture}
          </a>
        ) : (
          <div key={b.id} aria-hidden={i !== index} className="absolute inset-0 transition-opacity duration-700" style={style}>
            {picture}
          </div>
        );
      })}
      {count > 1 && (
        <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-2">
          {items.map((b, i) => (
            <button
              key={b.id}
              type="button"
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
              className={`h-2.5 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2.5 bg-white/60'}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}
