import { useState } from 'react';
import type { LiveLog } from '~/lib/api/contract/live-playback';
import { priceText, spanText } from '~/lib/format';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { deletePlaybacks, fetchLiveLogs, pinPlaybacks } from '~/lib/stores/live';
import { PagerButtons } from '../../ui/PagerButtons';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';

const PLAYBACK = { none: '未录制', recording: '生成中', ready: '可回放', failed: '录制失败', deleted: '已删除' } as const;

/** 直播记录 and playbacks: each broadcast's figures; pin or delete its playback. */
export default function PlaybackManager() {
  const [page, setPage] = useState(1);
  const logs = useLoad(() => fetchLiveLogs(page), page);
  const act = useAction();
  const run = (fn: () => Promise<unknown>, done: string) =>
    void act.run(
      async () => {
        await fn();
        logs.reload();
      },
      { done },
    );

  if (logs.error)
    return (
      <p role="alert" className="py-6 text-center text-sm text-danger">
        {logs.error}
      </p>
    );
  if (!logs.data) return <p className="py-6 text-center text-sm text-ink-mute">加载中…</p>;
  if (logs.data.list.length === 0)
    return <p className="py-6 text-center text-sm text-ink-mute">还没有直播记录，开播后每一场都会记在这里</p>;
  return (
    <div data-testid="live-logs">
      <table className="w-full text-sm">
        <thead className="bg-page text-left text-ink-soft">
          <tr>
            {['直播', '开播时间', '时长', '最高在线', '点赞', '礼物收入', '回放', '操作'].map((h) => (
              <th key={h} className="px-3 py-2 font-400">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {logs.data.list.map((l: LiveLog) => (
            <tr key={l.id} className="border-b border-line" data-testid="live-log-row">
              <td className="max-w-[200px] truncate px-3 py-2">
                {l.pinned ? <span className="mr-1 rounded bg-brand px-1 text-xs text-white">置顶</span> : null}
                {l.title}
              </td>
              <td className="px-3 py-2">{new Date(l.started_at).toLocaleString('zh-CN')}</td>
              <td className="px-3 py-2">{spanText(l.duration_s)}</td>
              <td className="px-3 py-2">{l.peak_viewers}</td>
              <td className="px-3 py-2">{l.likes}</td>
              <td className="px-3 py-2">
                {l.gift_coins} 币 / {priceText(l.income_fen, '¥0.00')}
              </td>
              <td className="px-3 py-2">
                {l.playback === 'ready' ? (
                  <a href={`/live/playback/${l.id}`} className="text-brand">
                    {PLAYBACK.ready}
                  </a>
                ) : (
                  PLAYBACK[l.playback]
                )}
              </td>
              <td className="space-x-3 px-3 py-2">
                {l.playback === 'ready' && (
                  <>
                    <button
                      type="button"
                      className="text-brand"
                      disabled={act.busy}
                      onClick={() => run(() => pinPlaybacks([l.id], l.pinned ? 0 : 1), l.pinned ? LIVE_TEXTS.unpinned : LIVE_TEXTS.pinned)}
                    >
                      {l.pinned ? '取消置顶' : '置顶'}
                    </button>
                    <button
                      type="button"
                      className="text-danger"
                      disabled={act.busy}
                      onClick={() =>
                        confirm('删除后观众将无法观看这场回放，确定删除？') &&
                        run(() => deletePlaybacks([l.id]), LIVE_TEXTS.playbackDeleted)
                      }
                    >
                      删除回放
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {logs.data.total > 10 && <PagerButtons page={page} total={logs.data.total} limit={10} onPage={setPage} />}
    </div>
  );
}
