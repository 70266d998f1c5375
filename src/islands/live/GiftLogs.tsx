import { useState } from 'react';
import { priceText } from '~/lib/format';
import { img } from '~/lib/media';
import { fetchGiftLogs } from '~/lib/stores/live';
import { useSession } from '../chrome/useSession';
import { PagerButtons } from '../ui/PagerButtons';
import { useLoad } from '../ui/useLoad';
import { MemberOnly } from '../ui/MemberOnly';
import { ListState } from '../ui/states';

const LIMIT = 15;

/**
 * /my/finance, 打赏流水: gifts the member sent in live rooms and, for coaches and shop owners, the
 * gifts they received with their share after the platform's (credited to the seller balance).
 */
export default function GiftLogs() {
  return (
    <MemberOnly>
      <Logs />
    </MemberOnly>
  );
}

function Logs() {
  const { user } = useSession();
  const anchor = user?.identity === 1 || user?.identity === 2;
  const [dir, setDir] = useState<'sent' | 'received'>('sent');
  const [page, setPage] = useState(1);
  const q = useLoad(() => fetchGiftLogs({ dir, page, limit: LIMIT }), `${dir}:${page}`);
  const d = q.data;

  return (
    <div className="gf-card p-6" data-testid="gift-logs">
      <h1 className="mb-4 border-b border-line pb-4 text-lg font-600">打赏流水</h1>
      <div className="mb-4 flex items-center gap-2">
        {([['sent', '送出的礼物'], ...(anchor ? ([['received', '收到的礼物']] as const) : [])] as const).map(([id, label]) => (
          <button
            key={id}
            type="button"
            className={`rounded-full px-4 py-1.5 text-sm ${dir === id ? 'bg-brand text-white' : 'bg-page text-ink-soft hover:text-brand'}`}
            onClick={() => {
              setDir(id);
              setPage(1);
            }}
            aria-pressed={dir === id}
          >
            {label}
          </button>
        ))}
        {d && (
          <span className="ml-auto text-sm text-ink-soft" data-testid="gift-logs-sum">
            {dir === 'sent'
              ? `累计送出 ${d.sum_coins} 功夫币`
              : `累计收到 ${d.sum_coins} 功夫币，到账 ${priceText(d.sum_income_fen, '¥0.00')}`}
          </span>
        )}
      </div>
      <ListState
        error={q.error}
        loading={!d}
        empty={d?.list.length === 0}
        emptyText={dir === 'sent' ? '还没有送出过礼物' : '还没有收到礼物'}
        {...(dir === 'sent' ? { emptyAction: ['去看直播', '/live'] as [string, string] } : {})}
      >
        <table className="w-full text-sm">
          <thead className="bg-page text-left text-ink-soft">
            <tr>
              <th className="px-3 py-2 font-400">礼物</th>
              <th className="px-3 py-2 font-400">{dir === 'sent' ? '送给' : '来自'}</th>
              <th className="px-3 py-2 font-400">功夫币</th>
              {dir === 'received' && <th className="px-3 py-2 font-400">到账（平台分成后）</th>}
              <th className="px-3 py-2 font-400">时间</th>
            </tr>
          </thead>
          <tbody>
            {d?.list.map((l) => (
              <tr key={l.id} className="border-b border-line" data-testid="gift-log-row">
                <td className="px-3 py-2">
                  <img src={img(l.gift_icon)} alt="" className="mr-2 inline h-6 w-6" />
                  {l.gift_name} ×{l.num}
                </td>
                <td className="px-3 py-2">
                  <a href={`/live/room/${l.room_id}`} className="hover:text-brand">
                    {l.peer.nick}
                  </a>
                </td>
                <td className="px-3 py-2">{dir === 'sent' ? `-${l.coins}` : l.coins}</td>
                {dir === 'received' && <td className="px-3 py-2 text-success">+{priceText(l.income_fen, '¥0.00')}</td>}
                <td className="px-3 py-2 text-ink-mute">{new Date(l.created_at).toLocaleString('zh-CN')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {d && d.total > LIMIT && <PagerButtons page={page} total={d.total} limit={LIMIT} onPage={setPage} />}
      </ListState>
    </div>
  );
}
