import { useEffect, useState } from 'react';
import { img } from '~/lib/media';
import { formatDateTime } from '~/lib/format';
import { copyInvite, fetchInviteInfo, fetchInviteList, inviteQr } from '~/lib/stores/referral';
import { PagerButtons } from '../ui/PagerButtons';
import { useLoad } from '../ui/useLoad';
import { MemberOnly } from '../ui/MemberOnly';
import { LoadFailed } from '../ui/states';

const VIA = { phone: '手机号注册', wx: '微信登录', qq: 'QQ 登录' } as const;

/** /my/order (推荐好友): the member's invitation link and QR code, the reward rule, and the friends it brought. */
export default function InvitePage() {
  return (
    <MemberOnly>
      <Invite />
    </MemberOnly>
  );
}

function Invite() {
  const info = useLoad(fetchInviteInfo);
  const [page, setPage] = useState(1);
  const list = useLoad(() => fetchInviteList(page), page);
  const [qr, setQr] = useState('');
  const link = info.data?.link ?? '';
  useEffect(() => {
    if (link) void inviteQr(link).then(setQr, () => setQr(''));
  }, [link]);

  if (info.error && !info.data) return <LoadFailed load={info} />;
  if (!info.data) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  const d = info.data;
  return (
    <div data-testid="invite-page">
      <h1 className="mb-5 border-b border-line pb-4 text-lg font-600">推荐好友</h1>
      <section className="flex gap-8 rounded-lg bg-gradient-to-r from-warning-note to-white p-6">
        <div className="flex-1">
          <p className="text-sm text-ink-soft">我的邀请码</p>
          <p className="mt-1 text-3xl font-700 tracking-widest text-brand" data-testid="invite-code">
            {d.code}
          </p>
          <p className="mt-4 text-sm text-ink-soft">邀请链接</p>
          <div className="mt-1 flex gap-2">
            <input
              readOnly
              aria-label="邀请链接"
              value={d.link}
              className="h-9 flex-1 rounded border border-line bg-white px-3 text-sm text-ink"
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className="gf-btn-primary h-9 px-5 text-sm" onClick={() => void copyInvite(d.link)}>
              复制链接
            </button>
          </div>
          <p className="mt-4 text-xs leading-6 text-ink-soft">{d.rule}</p>
        </div>
        <figure className="w-[180px] text-center">
          {qr ? (
            <img src={qr} alt="邀请二维码" width="160" height="160" className="mx-auto h-40 w-40 rounded bg-white p-1" />
          ) : (
            <div className="mx-auto h-40 w-40 animate-pulse rounded bg-white" />
          )}
          <figcaption className="mt-2 text-xs text-ink-mute">扫码注册，好友即归你邀请</figcaption>
        </figure>
      </section>
      <ul className="mt-5 grid grid-cols-3 gap-4 text-center" aria-label="邀请统计">
        {(
          [
            ['已邀请好友', d.invited, '人'],
            ['已完成首单', d.rewarded, '人'],
            ['累计奖励', d.coins_earned, '功夫币'],
          ] as const
        ).map(([label, n, unit]) => (
          <li key={label} className="rounded-lg border border-line py-4">
            <p className="text-2xl font-600 text-ink">
              {n}
              <span className="ml-1 text-xs font-400 text-ink-mute">{unit}</span>
            </p>
            <p className="mt-1 text-xs text-ink-soft">{label}</p>
          </li>
        ))}
      </ul>
      <h2 className="mb-2 mt-6 text-[15px] font-600">邀请记录</h2>
      {list.error && !list.data ? (
        <LoadFailed load={list} />
      ) : !list.data ? (
        <p className="py-10 text-center text-sm text-ink-mute">加载中…</p>
      ) : list.data.list.length === 0 ? (
        <p className="py-10 text-center text-sm text-ink-mute" data-testid="invite-empty">
          还没有通过你的推荐注册的好友，复制链接发给练友吧
        </p>
      ) : (
        <>
          <table className="w-full text-left text-sm" aria-label="邀请记录">
            <thead className="bg-surface-soft text-ink-soft">
              <tr>
                <th className="px-3 py-2 font-400">好友</th>
                <th className="px-3 py-2 font-400">注册方式</th>
                <th className="px-3 py-2 font-400">注册时间</th>
                <th className="px-3 py-2 font-400">奖励</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((f) => (
                <tr key={f.user_id} className="border-b border-line">
                  <td className="px-3 py-3">
                    <span className="flex items-center gap-2">
                      <img src={img(f.avatar)} alt="" className="h-7 w-7 rounded-full object-cover" />
                      {f.nick}
                    </span>
                  </td>
                  <td className="px-3 py-3 text-ink-soft">{VIA[f.via]}</td>
                  <td className="px-3 py-3 text-ink-soft">{formatDateTime(f.registered_at)}</td>
                  <td className="px-3 py-3">
                    {f.rewarded ? <span className="text-brand">+{f.coins} 功夫币</span> : <span className="text-ink-mute">待首单完成</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <PagerButtons page={page} total={list.data.total} limit={10} onPage={setPage} />
        </>
      )}
    </div>
  );
}
