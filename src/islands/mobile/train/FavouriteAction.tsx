import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { FavouriteType } from '~/lib/api/contract/catalogue-social';
import { createFavourite } from '~/lib/stores/social';
import { useSession } from '~/islands/chrome/useSession';
import { useAction } from '~/islands/ui/useAction';

/** 收藏 in a detail page's action bar (icon over label, 44 px); the member's state loads after mount. */
export default function FavouriteAction(props: { type: FavouriteType; id: number }) {
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
      className={`flex h-11 w-14 shrink-0 flex-col items-center justify-center text-[11px] ${on ? 'text-brand' : 'text-ink-soft'}`}
    >
      <span className={`text-xl ${on ? 'i-ri-star-fill' : 'i-ri-star-line'}`} aria-hidden="true" />
      {on ? '已收藏' : '收藏'}
    </button>
  );
}
