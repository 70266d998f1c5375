import { useMemo, useState } from 'react';
import { api } from '~/lib/api/client';
import { formatDateTime } from '~/lib/format';
import { img } from '~/lib/media';
import { runtime } from '~/lib/runtime';
import { createInfiniteList } from '~/lib/stores/infinite';
import { fetchInviteInfo } from '~/lib/stores/referral';
import { copyLink } from '~/lib/stores/share';
import { $session } from '~/lib/stores/session';
import { toast } from '~/lib/toast';
import type { ApiOutput } from '~/lib/api/types';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { Sheet } from '~/islands/ui/mobile/Sheet';
import { useLoad } from '~/islands/ui/useLoad';
import { Failed, Loading } from './parts';

type Friend = ApiOutput<'/member/inviteList'>['list'][number];

const VIA = { phone: '手机号注册', wx: '微信登录', qq: 'QQ 登录' } as const;
/** Ours (as the share sheet's): a drawing that failed. */
const POSTER_FAILED = '海报生成失败，请重试';

/**
 * /m/my/invite (推荐好友): the invitation code and link (复制链接), a poster with the link's QR code
 * to long-press and send (the share sheet's poster), the reward rule and figures, and the friends.
 */
export default function MyInvite() {
  return (
    <MemberGate text="登录后邀请好友">
      <Invite />
    </MemberGate>
  );
}

function Invite() {
  const info = useLoad(fetchInviteInfo);
  const friends = useMemo(() => createInfiniteList<Friend, null>((_q, page) => api('/member/inviteList', { page, limit: 10 }), null), []);
  const [poster, setPoster] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  if (info.error && !info.data) return <Failed error={info.error} retry={info.reload} />;
  if (!info.data) return <Loading />;
  const d = info.data;

  async function makePoster() {
    if (drawing) return;
    setDrawing(true);
    try {
      const { drawPoster } = await import('~/lib/stores/poster');
      const site = runtime().siteName;
      const nick = $session.get()?.nick_name ?? '';
      setPoster(await drawPoster({ title: `${nick}邀请你加入${site}，一起习武`, price: `邀请码 ${d.code}`, link: d.link, siteName: site }));
    } catch {
      toast.error(POSTER_FAILED);
    } finally {
      setDrawing(false);
    }
  }

  return (
    <div className="pb-6" data-testid="m-invite">
      <section className="mx-3 mt-3 rounded-xl bg-brand px-5 py-5 text-white">
        <p className="text-sm opacity-85">我的邀请码</p>
        <p className="mt-1 text-3xl font-700 tracking-widest" data-testid="m-invite-code">
          {d.code}
        </p>
        <p className="mt-3 text-xs leading-5 opacity-90">{d.rule}</p>
      </section>
      <section className="gf-m-card mx-3 mt-3 p-4">
        <label className="text-sm text-ink-soft" htmlFor="m-invite-link">
          邀请链接
        </label>
        <input id="m-invite-link" readOnly value={d.link} className="gf-m-input mt-1 text-sm text-ink" onFocus={(e) => e.target.select()} />
        <div className="mt-3 flex gap-3">
          <button type="button" className="gf-m-btn-primary flex-1" onClick={() => void copyLink(d.link)}>
            复制链接
          </button>
          <button type="button" className="gf-m-btn-ghost flex-1" disabled={drawing} onClick={() => void makePoster()}>
            {drawing ? '生成中…' : '生成海报'}
          </button>
        </div>
      </section>
      <ul className="gf-m-card mx-3 mt-3 grid grid-cols-3 divide-x divide-line text-center" aria-label="邀请统计">
        {(
          [
            ['已邀请好友', d.invited, '人'],
            ['已完成首单', d.rewarded, '人'],
            ['累计奖励', d.coins_earned, '功夫币'],
          ] as const
        ).map(([label, n, unit]) => (
          <li key={label} className="py-3">
            <p className="text-xl font-600">
              {n}
              <span className="ml-0.5 text-xs font-400 text-ink-mute">{unit}</span>
            </p>
            <p className="text-xs text-ink-soft">{label}</p>
          </li>
        ))}
      </ul>
      <h2 className="mx-4 mb-2 mt-4 text-[15px] font-600">邀请记录</h2>
      <InfiniteList
        list={friends}
        keyOf={(f) => f.user_id}
        emptyText="还没有通过你的推荐注册的好友，复制链接发给练友吧"
        emptyIcon="i-ri-user-add-line"
        className="mx-3 divide-y divide-line overflow-hidden rounded-xl bg-white"
        item={(f) => (
          <div className="flex items-center gap-3 px-4 py-3">
            <img src={img(f.avatar)} alt="" width="40" height="40" className="h-10 w-10 rounded-full bg-surface-grey object-cover" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-[15px]">{f.nick}</p>
              <p className="text-xs text-ink-mute">
                {VIA[f.via]} · {formatDateTime(f.registered_at)}
              </p>
            </div>
            {f.rewarded ? (
              <span className="text-sm text-brand">+{f.coins} 功夫币</span>
            ) : (
              <span className="text-xs text-ink-mute">待首单完成</span>
            )}
          </div>
        )}
      />
      <Sheet open={poster !== null} onClose={() => setPoster(null)} title="邀请海报">
        {poster && (
          <figure className="flex flex-col items-center">
            <img src={poster} alt="邀请海报" className="w-full max-w-[320px] rounded-lg shadow" data-testid="m-invite-poster" />
            <figcaption className="mt-2 text-xs text-ink-mute">长按图片保存或发送给朋友</figcaption>
          </figure>
        )}
      </Sheet>
    </div>
  );
}
