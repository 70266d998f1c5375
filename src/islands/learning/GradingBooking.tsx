import { useState } from 'react';
import { bookAction, bookSeat, handsInVideo, idFromSearch, loadSession, sessionTitle, STATE_TEXT, whereText } from '~/lib/stores/grading';
import { openLogin } from '~/lib/stores/ui';
import { priceText } from '~/lib/format';
import { GRADING_MODE_TEXT } from '~/lib/rules/grading';
import { toast } from '~/lib/toast';
import { useSession } from '../chrome/useSession';
import { LoadFailed, Loading } from '../ui/states';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { GradingVideoPanel } from './GradingVideo';

/**
 * /duan/grading?id= (and /m/duan/grading): one 考评 — details, seats left, 报名 → the normal pay step
 * of the new order (`pay` is the phone's pay page on /m). Guests are asked to log in. A candidate of
 * an online 考评 hands in their grading video here (`phone`: filmed with the camera).
 */
export default function GradingBooking(props: { pay?: string; list?: string; phone?: boolean }) {
  const [id] = useState(() => (typeof location === 'undefined' ? null : idFromSearch(location.search)));
  const { ready, user } = useSession();
  const load = useLoad(() => (id ? loadSession(id) : Promise.reject(new Error('考评不存在或已取消'))), `${id}:${user?.user_id ?? 0}`);
  const act = useAction();
  const pay = props.pay ?? '/order/middle';
  if (load.error) return <LoadFailed load={load} back={['查看其他考评', props.list ?? '/duan']} />;
  const d = load.data;
  if (!d || !ready) return <Loading />;
  const action = bookAction(d, pay);
  const book = () =>
    void act.run(async () => {
      const next = await bookSeat(d.id, pay);
      if (next) location.assign(next);
      else {
        toast.success('报名成功');
        load.reload();
      }
    });
  return (
    <article className="gf-card space-y-4 p-5" data-testid="grading-booking">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold text-ink">{sessionTitle(d)}</h1>
        <span className="rounded bg-brand-light px-2 py-0.5 text-xs text-brand" data-testid="grading-state">
          {STATE_TEXT[d.state]}
        </span>
      </header>
      <dl className="grid grid-cols-[5em_1fr] gap-x-3 gap-y-2 text-sm">
        <dt className="text-ink-mute">考评员</dt>
        <dd>{d.examiner.name}</dd>
        <dt className="text-ink-mute">方式</dt>
        <dd>{GRADING_MODE_TEXT[d.mode]}</dd>
        <dt className="text-ink-mute">时间地点</dt>
        <dd>{whereText(d)}</dd>
        <dt className="text-ink-mute">名额</dt>
        <dd data-testid="seats-left">
          剩余 {d.seats_left} / {d.seats}
        </dd>
        <dt className="text-ink-mute">报名费</dt>
        <dd className="text-price font-bold">{priceText(d.price)}</dd>
      </dl>
      {d.intro && <p className="whitespace-pre-wrap text-sm text-ink-soft">{d.intro}</p>}
      <div>
        {!user && action.kind === 'book' ? (
          <button type="button" className="gf-btn-primary w-40" onClick={openLogin}>
            登录后报名
          </button>
        ) : action.kind === 'book' ? (
          <button type="button" className="gf-btn-primary w-40" disabled={act.busy} onClick={book}>
            {act.busy ? '提交中…' : '报名'}
          </button>
        ) : action.kind === 'none' ? (
          <p className="text-sm text-ink-mute">{action.text}</p>
        ) : (
          <a className="gf-btn-primary inline-block w-40 text-center" href={action.href}>
            {action.kind === 'pay' ? '去支付' : '查看我的证书'}
          </a>
        )}
      </div>
      {handsInVideo(d) && (
        <GradingVideoPanel sessionId={d.id} video={d.mine?.video ?? null} phone={props.phone ?? false} onSaved={load.reload} />
      )}
    </article>
  );
}
