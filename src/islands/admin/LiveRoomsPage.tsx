import { useState } from 'react';
import { img } from '~/lib/media';
import { LIVE_TEXTS, type LiveStatus } from '~/lib/rules/live';
import { banLiveRoom, fetchLiveRooms, unbanLiveRoom } from '~/lib/stores/admin-live';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { DecisionDialog } from '../ui/DecisionDialog';
import { Table, td, Th } from '../ui/Table';
import { StatusTabs } from '../ui/Tabs';
import { linkBtn, primaryBtn } from '../ui/buttons';
import { inputCls } from '../ui/form';
import { LoadedList } from '../ui/states';

const TABS = [
  ['', '全部'],
  ['live', '直播中'],
  ['idle', '未开播'],
  ['banned', '已封禁'],
] as const;

/** /admin/live: every live room; watch one, take it down (the push is dropped at once) or restore it. */
export default function LiveRoomsPage() {
  const [status, setStatus] = useState<'' | LiveStatus>('');
  const [q, setQ] = useState('');
  const [key, setKey] = useState('');
  const [page, setPage] = useState(1);
  const rooms = useLoad(
    () => fetchLiveRooms({ page, limit: 20, ...(status ? { status } : {}), ...(key ? { q: key } : {}) }),
    `${status}:${key}:${page}`,
  );
  const [banning, setBanning] = useState<{ id: number; title: string } | null>(null);
  const act = useAction();
  return (
    <div>
      <div className="mb-4 flex items-center gap-4">
        <StatusTabs
          value={status}
          tabs={TABS}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <form
          className="ml-auto flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setKey(q.trim());
            setPage(1);
          }}
        >
          <input
            className={`${inputCls} w-56`}
            placeholder="标题或主播名"
            aria-label="搜索直播间"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <button type="submit" className={primaryBtn}>
            搜索
          </button>
        </form>
      </div>
      <LoadedList q={rooms} empty="没有符合条件的直播间">
        {(data) => (
          <>
            <Table
              label="直播间"
              head={
                <>
                  <Th>直播间</Th>
                  <Th>主播</Th>
                  <Th>状态</Th>
                  <Th>在线</Th>
                  <Th>更新时间</Th>
                  <Th>操作</Th>
                </>
              }
            >
              {data.list.map((r) => (
                <tr key={r.id} data-testid="admin-live-row">
                  <td className={td}>
                    <div className="flex items-center gap-2">
                      <img src={img(r.cover)} alt="" className="h-9 w-16 rounded object-cover" />
                      <span className="max-w-[220px] truncate">{r.title}</span>
                    </div>
                  </td>
                  <td className={td}>
                    {r.anchor.nick}
                    <span className="ml-1 text-xs text-ink-mute">{r.anchor.kind === 'coach' ? '教练' : '店铺'}</span>
                  </td>
                  <td className={td}>
                    {LIVE_TEXTS.statusLabel[r.status]}
                    {r.ban_reason && <span className="block text-xs text-ink-mute">{r.ban_reason}</span>}
                  </td>
                  <td className={td}>{r.viewers}</td>
                  <td className={td}>{new Date(r.updated_at).toLocaleString('zh-CN')}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <a href={`/live/room/${r.id}`} target="_blank" rel="noopener" className={`${linkBtn} mr-3`}>
                      查看
                    </a>
                    {r.status === 'banned' ? (
                      <button
                        type="button"
                        className={linkBtn}
                        disabled={act.busy}
                        onClick={() => void act.run(() => unbanLiveRoom({ id: r.id }), { done: LIVE_TEXTS.restored }).then(rooms.reload)}
                      >
                        解封
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="text-sm text-danger hover:underline"
                        onClick={() => setBanning({ id: r.id, title: r.title })}
                      >
                        封禁
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </Table>
            {data.total > 20 && <PagerButtons page={page} total={data.total} limit={20} onPage={setPage} />}
          </>
        )}
      </LoadedList>
      {banning && (
        <DecisionDialog
          title={`封禁直播间「${banning.title}」`}
          label="封禁原因（主播会看到）"
          confirm="封禁并断开推流"
          danger
          intro="封禁后推流立即断开，主播不能再开播，直播间从列表中隐藏。"
          onClose={() => setBanning(null)}
          onConfirm={async (reason) => {
            await banLiveRoom({ id: banning.id, reason });
            rooms.reload();
          }}
          done={LIVE_TEXTS.takenDown}
        />
      )}
    </div>
  );
}
