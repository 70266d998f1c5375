import { img } from '~/lib/media';
import { openLogin } from '~/lib/stores/ui';
import { useSession } from '../chrome/useSession';

/** The member's avatar and name above the member nav; a login button for guests. */
export default function MemberCard() {
  const { ready, user } = useSession();
  return (
    <div className="gf-card flex h-[150px] flex-col items-center justify-center gap-2 bg-gradient-to-b from-brand-light to-white">
      {!ready ? null : user ? (
        <>
          <a href="/account/setting" aria-label="个人信息">
            <img
              src={img(user.avatar)}
              width={64}
              height={64}
              alt=""
              className="h-16 w-16 rounded-full border-2 border-white object-cover shadow"
            />
          </a>
          <p className="max-w-[170px] truncate text-[15px] text-ink">{user.nick_name}</p>
          <p className="text-xs text-ink-mute">{user.phone}</p>
        </>
      ) : (
        <>
          <img src={img('')} width={64} height={64} alt="" className="h-16 w-16 rounded-full object-cover" />
          <button type="button" className="text-sm text-brand" onClick={openLogin}>
            登录 / 注册
          </button>
        </>
      )}
    </div>
  );
}
