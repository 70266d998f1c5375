import { img } from '~/lib/media';
import { useSession } from '../chrome/useSession';

/** /login/wx/logininfo and /login/bind/qq/logininfo: the result of a third-party login. */
export default function OAuthLoginInfo(props: { kind: 'wx' | 'qq' }) {
  const { ready, user } = useSession();
  const name = props.kind === 'wx' ? '微信' : 'QQ';
  if (!ready) return <p className="py-20 text-center text-ink-mute">加载中…</p>;
  if (!user) {
    return (
      <div className="flex flex-col items-center gap-4 py-20 text-ink-soft">
        <p role="alert">{name}登录未完成，请重新登录</p>
        <a className="gf-btn-primary w-32" href="/">
          返回首页
        </a>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 py-16" data-testid="login-info">
      <img src={img(user.avatar)} width={88} height={88} alt="" className="h-22 w-22 rounded-full object-cover" />
      <p className="text-lg text-ink">
        <span className="i-ri-checkbox-circle-fill mr-1 text-success" />
        {name}登录成功，欢迎你，{user.nick_name}
      </p>
      <div className="flex gap-4">
        <a className="gf-btn-primary w-32" href="/">
          去首页
        </a>
        <a className="gf-btn-ghost w-32" href="/account/setting">
          完善资料
        </a>
      </div>
    </div>
  );
}
