import { img } from '~/lib/media';
import { openLogin } from '~/lib/stores/ui';
import { useSession } from '../chrome/useSession';

/** The feed's side card: who is reading, their homepage, and 发布动态 (guests are asked to log in). */
export default function CircleSide() {
  const { ready, user } = useSession();
  return (
    <div className="gf-card px-5 py-5 text-center" data-testid="circle-side">
      {user ? (
        <>
          <a href="/my/homepage" className="inline-block">
            <img src={img(user.avatar)} alt="" className="mx-auto h-16 w-16 rounded-full object-cover" />
            <p className="mt-2 text-[15px] font-600 text-ink">{user.nick_name}</p>
          </a>
          <p className="mt-1 text-xs">
            <a href="/my/homepage" className="text-ink-soft hover:text-brand">
              我的主页
            </a>
            <span className="mx-2 text-line">|</span>
            <a href="/my/friendscircle" className="text-ink-soft hover:text-brand">
              我的动态
            </a>
          </p>
          <a href="/firendscircle/publish" className="gf-btn-primary mt-4 block h-10 leading-10">
            <span className="i-ri-edit-2-line mr-1 align-[-2px]" />
            发布动态
          </a>
        </>
      ) : (
        <>
          <span className="i-ri-user-smile-line text-5xl text-placeholder-soft" />
          <p className="mt-2 text-sm text-ink-soft">登录后分享你的练功日常</p>
          <button type="button" disabled={!ready} className="gf-btn-primary mt-4 h-10 w-full" onClick={openLogin}>
            登录 / 注册
          </button>
        </>
      )}
    </div>
  );
}
