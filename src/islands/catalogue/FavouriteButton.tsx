import { useEffect, useState } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { openLogin } from '~/lib/stores/ui';
import { T } from '~/lib/texts';
import { toast } from '~/lib/toast';
import { useSession } from '../chrome/useSession';

type Kind = 'course' | 'class' | 'goods';
const DETAIL: Record<Kind, string> = { course: '/course/detail', class: '/class/detail', goods: '/goods/detail' };

/** 收藏 / 已收藏 on detail pages; the state is the member's, so it loads after mount. */
export default function FavouriteButton(props: { type: Kind; id: number }) {
  const { ready, user } = useSession();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!ready || !user) return;
    untypedApi<{ is_favorite: number }>(DETAIL[props.type], { id: props.id })
      .then((d) => setOn(d.is_favorite === 1))
      .catch(() => {});
  }, [ready, user, props.type, props.id]);

  async function toggle() {
    if (!user) {
      toast.warning(T.loginFirst);
      return openLogin();
    }
    setBusy(true);
    try {
      const r = await untypedApi<{ is_favorite: number }>('/member/favorite', { type: props.type, id: props.id, status: on ? 0 : 1 });
      setOn(r.is_favorite === 1);
      toast.success(r.is_favorite ? '已收藏' : '已取消收藏');
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={on}
      className={`gf-btn border ${on ? 'border-brand text-brand' : 'border-line text-ink-soft hover:text-brand'}`}
    >
      <span className={on ? 'i-ri-star-fill' : 'i-ri-star-line'} />
      {on ? '已收藏' : '收藏'}
    </button>
  );
}
