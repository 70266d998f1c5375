import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { FavouriteType } from '~/lib/api/contract/catalogue-social';
import { createFavourite } from '~/lib/stores/social';
import { useSession } from '../chrome/useSession';
import { useAction } from '../ui/useAction';

/** 收藏 / 已收藏 on detail pages; the state is the member's, so it loads after mount. */
export default function FavouriteButton(props: { type: FavouriteType; id: number }) {
  const { ready, user } = useSession();
  const [fav] = useState(() => createFavourite(props.type, props.id));
  const on = useStore(fav.$on);
  const action = useAction();

  useEffect(() => {
    if (ready && user) void fav.load().catch(() => undefined);
  }, [ready, user, fav]);

  return (
    <button
      type="button"
      onClick={() => void action.run(fav.toggle, { done: (kept) => (kept ? '已收藏' : '已取消收藏') })}
      disabled={action.busy}
      aria-pressed={on}
      className={`gf-btn border ${on ? 'border-brand-accent text-brand' : 'border-line text-ink-soft hover:text-brand'}`}
    >
      <span className={on ? 'i-ri-star-fill' : 'i-ri-star-line'} />
      {on ? '已收藏' : '收藏'}
    </button>
  );
}
