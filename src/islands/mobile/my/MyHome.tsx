import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '~/lib/api/client';
import { img } from '~/lib/media';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { logout } from '~/lib/stores/account';
import { Identity } from '~/lib/rules/roles';
import { $session } from '~/lib/stores/session';
import { $chatUnread, $unread, refreshUnread } from '~/lib/stores/unread';
import { useSession } from '~/islands/chrome/useSession';
import { useAction } from '~/islands/ui/useAction';
import { useLoad } from '~/islands/ui/useLoad';
import { CountBadge, Row } from './parts';

const SHORTCUTS = [
  { label: '待付款', tab: 'unpaid', icon: 'i-ri-wallet-3-line' },
  { label: '待发货', tab: 'paid', icon: 'i-ri-inbox-archive-line' },
  { label: '待收货', tab: 'shipped', icon: 'i-ri-truck-line' },
  { label: '待评价', tab: 'done', icon: 'i-ri-chat-smile-2-line' },
] as const;

/**
 * /m/my (我的): signed out, 登录 and 注册; signed in, the avatar and nickname, coins and coupons, the
 * order shortcuts by kind, learning, addresses, the member centre's phone pages (notices with their
 * unread total, chat, wallet, follows, invite, feedback, applications, settings), a seller's day,
 * and 退出登录.
 */
export default function MyHome() {
  const { ready, user } = useSession();
  if (!ready) return <div className="h-40 bg-white" aria-busy="true" />;
  if (!user)
    return (
      <section className="flex flex-col items-center gap-4 bg-white px-4 py-10" data-testid="m-my-guest">
        <img src={img('')} width="72" height="72" alt="" className="h-18 w-18 rounded-full bg-surface-grey object-cover" />
        <p className="text-ink-soft">登录后查看订单、学习与钱包</p>
        <div className="flex w-full max-w-xs gap-3">
          <a className="gf-m-btn-primary flex-1" href={`${MOBILE_PATHS.login}?redirect=${encodeURIComponent(MOBILE_PATHS.my)}`}>
            登录
          </a>
          <a className="gf-m-btn-ghost flex-1" href={MOBILE_PATHS.register}>
            注册
          </a>
        </div>
      </section>
    );
  return <Member />;
}

function Member() {
  // The chat unread, kept live by the tab bar's quiet chat connection.
  const chat = useStore($chatUnread);
  const user = useStore($session);
  const wallet = useLoad(() => api('/member/wallet'));
  const unread = useStore($unread);
  const out = useAction();
  useEffect(() => {
    void refreshUnread();
  }, []);
  if (!user) return null;
  const notices = unread.announce + unread.comment + unread.notice;
  const seller = user.identity === Identity.COACH || user.identity === Identity.MECHANT || user.service_id > 0;
  const anchor = user.identity === Identity.COACH || user.identity === Identity.MECHANT;
  return (
    <div data-testid="m-my">
      <section className="flex items-center gap-3 bg-white px-4 py-5">
        <img
          src={img(user.avatar)}
          width="64"
          height="64"
          alt=""
          className="h-16 w-16 shrink-0 rounded-full bg-surface-grey object-cover"
        />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-600" data-testid="m-my-nick">
            {user.nick_name}
          </h2>
          <p className="text-xs text-ink-mute">{user.phone}</p>
        </div>
      </section>
      <section className="mt-px grid grid-cols-2 bg-white text-center">
        <a href={MOBILE_PATHS.wallet} className="flex min-h-16 flex-col items-center justify-center">
          <span className="text-lg font-600 text-brand" data-testid="m-my-coins">
            {wallet.data ? wallet.data.coins : '–'}
          </span>
          <span className="text-xs text-ink-soft">功夫币</span>
        </a>
        <a href={`${MOBILE_PATHS.wallet}?tab=coupons`} className="flex min-h-16 flex-col items-center justify-center">
          <span className="text-lg font-600 text-brand">{wallet.data ? wallet.data.coupons : '–'}</span>
          <span className="text-xs text-ink-soft">优惠券</span>
        </a>
      </section>
      {wallet.error && !wallet.data && (
        <button type="button" className="block min-h-11 w-full bg-white text-xs text-danger" onClick={wallet.reload}>
          {wallet.error}，点击重试
        </button>
      )}
      {(['goods', 'course', 'class'] as const).map((kind) => (
        <section key={kind} className="gf-m-card mx-3 mt-3">
          <a
            href={`${MOBILE_PATHS.orders}?kind=${kind}`}
            className="flex min-h-11 items-center justify-between border-b border-line px-4 text-[15px]"
          >
            <span className="font-500">{kind === 'goods' ? '商品订单' : kind === 'course' ? '课程订单' : '班级订单'}</span>
            <span className="text-xs text-ink-mute">
              全部订单
              <span className="i-ri-arrow-right-s-line align-middle" aria-hidden="true" />
            </span>
          </a>
          <nav className="grid grid-cols-4 py-1" aria-label={`${kind}订单`}>
            {SHORTCUTS.filter((x) => kind === 'goods' || (x.tab !== 'shipped' && x.tab !== 'paid')).map((x) => (
              <a
                key={x.tab}
                href={`${MOBILE_PATHS.orders}?kind=${kind}&tab=${x.tab}`}
                className="flex min-h-16 flex-col items-center justify-center gap-1 text-xs"
              >
                <span className={`${x.icon} text-2xl text-ink-soft`} aria-hidden="true" />
                {x.label}
              </a>
            ))}
          </nav>
        </section>
      ))}
      {seller && (
        <ul className="gf-m-card mx-3 mt-3 divide-y divide-line">
          <Row
            href={MOBILE_PATHS.seller}
            icon="i-ri-store-3-line"
            label={user.identity === Identity.COACH ? '教练中心' : user.identity === Identity.MECHANT ? '我的店铺' : '服务商中心'}
            value="今日数据"
          />
          {anchor && <Row href={MOBILE_PATHS.liveAnchor} icon="i-ri-live-line" label="手机开播" />}
        </ul>
      )}
      <ul className="gf-m-card mx-3 mt-3 divide-y divide-line">
        <Row
          href={MOBILE_PATHS.notices}
          icon="i-ri-notification-3-line"
          label="消息通知"
          badge={<CountBadge n={notices} label="条未读消息" testId="m-my-unread" />}
        />
        <Row
          href={MOBILE_PATHS.chat}
          icon="i-ri-message-3-line"
          label="消息与聊天"
          badge={<CountBadge n={chat} label="条未读聊天" testId="m-my-chat-badge" />}
        />
        <Row href={MOBILE_PATHS.circlePublish} icon="i-ri-quill-pen-line" label="发布功夫圈" />
      </ul>
      <ul className="gf-m-card mx-3 mt-3 divide-y divide-line">
        <Row href={`${MOBILE_PATHS.learning}?kind=course`} icon="i-ri-book-open-line" label="我的课程" />
        <Row href={`${MOBILE_PATHS.learning}?kind=class`} icon="i-ri-team-line" label="我的班级" />
        <Row href={MOBILE_PATHS.homework} icon="i-ri-video-upload-line" label="我的作业" />
        <Row href={MOBILE_PATHS.duan} icon="i-ri-award-line" label="我的段位" />
        <Row href={MOBILE_PATHS.vip} icon="i-ri-vip-crown-2-line" label="VIP会员" testId="m-my-vip" />
        <Row href={MOBILE_PATHS.groupBuys} icon="i-ri-group-line" label="我的拼团" />
        <Row href={MOBILE_PATHS.wallet} icon="i-ri-copper-coin-line" label="功夫币充值" />
        <Row href={`${MOBILE_PATHS.follows}?tab=follows`} icon="i-ri-heart-3-line" label="关注与收藏" />
        <Row href={MOBILE_PATHS.address} icon="i-ri-map-pin-line" label="收货地址" />
        <Row href={MOBILE_PATHS.coupon} icon="i-ri-coupon-3-line" label="领券中心" />
      </ul>
      <ul className="gf-m-card mx-3 mt-3 divide-y divide-line">
        <Row href={MOBILE_PATHS.points} icon="i-ri-calendar-check-line" label="我的积分" />
        <Row href={MOBILE_PATHS.invite} icon="i-ri-gift-line" label="推荐好友" />
        <Row href={MOBILE_PATHS.promotion} icon="i-ri-share-forward-line" label="推广中心" />
        <Row href={MOBILE_PATHS.apply} icon="i-ri-vip-crown-line" label="身份入驻申请" />
        <Row href={MOBILE_PATHS.feedback} icon="i-ri-feedback-line" label="意见反馈" />
        <Row href={MOBILE_PATHS.settings} icon="i-ri-settings-3-line" label="账号设置" testId="m-my-settings" />
      </ul>
      <div className="mx-3 mt-4">
        <button
          type="button"
          className="gf-m-btn-ghost w-full text-danger"
          disabled={out.busy}
          onClick={() => void out.run(() => logout('reload'))}
        >
          退出登录
        </button>
      </div>
    </div>
  );
}
