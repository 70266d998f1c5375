import { useState, type ReactNode, type SubmitEvent } from 'react';
import { docImg, img } from '~/lib/media';
import { formatDateTime } from '~/lib/format';
import { APPLICATION_STATE_TEXT, APPLY_LIMITS as L, type ApplicationKind, type ApplicationState } from '~/lib/rules/applications';
import {
  REVIEW_LIMIT,
  REVIEW_TABS,
  approveReview,
  loadReview,
  loadReviews,
  refuseReview,
  revealIdNumber,
  totalOf,
  type ReviewDetail,
} from '~/lib/stores/admin-applications';
import { Modal } from '../ui/Modal';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

const KIND_TABS: [ApplicationKind, string][] = [
  ['coach', '教练入驻'],
  ['shop', '店主入驻'],
];

const TONE: Record<ApplicationState, string> = {
  pending: 'bg-warning-note text-warning-strong',
  approved: 'bg-info-light text-info',
  refused: 'bg-danger-light text-danger',
  settled: 'bg-success-light text-success',
  closed: 'bg-surface-grey text-ink-mute',
};

/** /admin/applications: coach | shop tabs, status filters with counts, a paged list and the detail with the decision. */
export default function ApplicationReview(props: { kind: ApplicationKind }) {
  const [kind, setKind] = useState(props.kind);
  const [status, setStatus] = useState<ApplicationState | 'all'>('pending');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useLoad(() => loadReviews(kind, status, q, page), JSON.stringify([kind, status, q, page]));
  const counts = list.data?.counts;

  function search(e: SubmitEvent) {
    e.preventDefault();
    setPage(1);
    setQ(draft);
  }

  return (
    <div>
      <div className="mb-4 flex gap-6 border-b border-line" role="tablist" aria-label="申请类型">
        {KIND_TABS.map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            onClick={() => {
              setKind(k);
              setPage(1);
            }}
            className={`-mb-px border-b-2 px-1 pb-2 text-[15px] ${kind === k ? 'border-brand-accent font-600 text-brand' : 'border-transparent text-ink-soft'}`}
          >
            {label}
          </button>
        ))}
        <a href="/admin/providers" className="mb-2 ml-auto self-end text-sm text-ink-soft hover:text-brand">
          服务商申请 →
        </a>
      </div>
      <div className="mb-4 flex items-center gap-2">
        {REVIEW_TABS.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
            className={`rounded-full border px-3 py-1 text-sm ${status === s ? 'border-brand-accent bg-brand text-white' : 'border-line text-ink-soft hover:text-brand'}`}
          >
            {s === 'all' ? '全部' : APPLICATION_STATE_TEXT[s]}
            {counts && <span className="ml-1 text-xs opacity-80">{s === 'all' ? totalOf(counts) : counts[s]}</span>}
          </button>
        ))}
        <form onSubmit={search} className="ml-auto flex gap-2" aria-label="搜索申请">
          <input
            className="h-8 w-[220px] rounded border border-line px-2 text-sm outline-none focus:border-brand-accent"
            placeholder="姓名 / 店铺名 / 手机号 / 昵称"
            aria-label="搜索关键字"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="gf-btn h-8 bg-brand px-4 text-white">
            搜索
          </button>
        </form>
      </div>
      {list.error && (
        <p role="alert" className="mb-3 text-sm text-danger-strong">
          {list.error}
          {list.retryable && (
            <button type="button" className="ml-3 text-brand" onClick={list.reload}>
              重试
            </button>
          )}
        </p>
      )}
      {!list.data ? (
        !list.error && <p className="py-10 text-center text-ink-mute">正在加载…</p>
      ) : list.data.list.length === 0 ? (
        <p className="py-10 text-center text-ink-soft">没有符合条件的申请</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="application-table">
          <thead className="bg-surface-head text-ink-soft">
            <tr>
              <th className="px-3 py-2 font-500">编号</th>
              <th className="px-3 py-2 font-500">{kind === 'coach' ? '真实姓名' : '店铺名称'}</th>
              <th className="px-3 py-2 font-500">申请人</th>
              <th className="px-3 py-2 font-500">提交时间</th>
              <th className="px-3 py-2 font-500">状态</th>
              <th className="px-3 py-2 font-500" />
            </tr>
          </thead>
          <tbody>
            {list.data.list.map((r) => (
              <tr key={r.id} className="border-b border-line">
                <td className="px-3 py-2 text-ink-soft">#{r.id}</td>
                <td className="px-3 py-2 font-500">{r.title}</td>
                <td className="px-3 py-2">
                  {r.nick_name}
                  <span className="ml-2 text-xs text-ink-mute">
                    {r.phone} · ID {r.user_id}
                  </span>
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-ink-soft">{formatDateTime(r.created_at)}</td>
                <td className="px-3 py-2">
                  <span className={`rounded px-2 py-0.5 text-xs ${TONE[r.status]}`}>{r.status_text}</span>
                </td>
                <td className="px-3 py-2 text-right">
                  <button type="button" className="text-brand" onClick={() => setOpen(r.id)}>
                    {r.status === 'pending' ? '审核' : '查看'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && <PagerButtons page={page} total={list.data.total} limit={REVIEW_LIMIT} onPage={setPage} />}
      {open !== null && <DetailDialog id={open} onClose={() => setOpen(null)} onDecided={list.reload} />}
    </div>
  );
}

function Row(props: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 py-1.5 text-sm">
      <span className="w-[90px] shrink-0 text-right text-ink-soft">{props.label}</span>
      <div className="min-w-0 flex-1 break-words">{props.children}</div>
    </div>
  );
}

/** A photo of the application; `urls` holds the signed URLs of its private documents (made when the detail loaded). */
function Photo(props: { src: string; label: string; urls?: Readonly<Record<string, string>> }) {
  if (!props.src) return <span className="text-ink-mute">未上传</span>;
  const url = props.urls ? docImg(props.src, props.urls) : img(props.src);
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="inline-block">
      <img src={url} alt={props.label} className="h-[90px] max-w-[150px] rounded border border-line object-cover" />
    </a>
  );
}

/** The application in a dialog; a pending one is decided with the buttons of its footer, always in view. */
function DetailDialog(props: { id: number; onClose: () => void; onDecided: () => void }) {
  const d = useLoad(() => loadReview(props.id), props.id);
  const [text, setText] = useState('');
  const act = useAction();
  const pending = d.data?.status === 'pending';
  const run = (fn: () => Promise<ReviewDetail>, done: string) =>
    void act.run(fn, { done }).then((next) => {
      if (!next) return;
      d.set(next);
      props.onDecided();
    });
  let body;
  if (d.error && !d.data)
    body = (
      <p role="alert" className="py-6 text-center text-danger-strong">
        {d.error}
      </p>
    );
  else if (!d.data) body = <p className="py-10 text-center text-ink-mute">正在加载…</p>;
  else
    body = (
      <>
        <DetailView detail={d.data} />
        {pending && (
          <div className="mt-4 border-t border-line pt-4">
            <label className="block text-sm text-ink-soft" htmlFor="review-text">
              审核意见（通过时为备注，可不填；拒绝时必填，会通知申请人）
            </label>
            <textarea
              id="review-text"
              className="mt-2 h-20 w-full rounded border border-line p-2 text-sm outline-none focus:border-brand-accent"
              maxLength={Math.max(L.note, L.reason)}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
        )}
      </>
    );
  const footer = pending ? (
    <>
      <button
        type="button"
        disabled={act.busy}
        className="gf-btn h-9 border border-danger px-5 text-danger"
        onClick={() => run(() => refuseReview(props.id, text), '已拒绝，已通知申请人')}
      >
        拒绝
      </button>
      <button
        type="button"
        disabled={act.busy}
        className="gf-btn h-9 bg-brand px-5 text-white"
        onClick={() => run(() => approveReview(props.id, text), '已通过，已通知申请人')}
      >
        通过
      </button>
    </>
  ) : undefined;
  return (
    <Modal open title="入驻申请详情" width={760} onClose={props.onClose} footer={footer}>
      {body}
    </Modal>
  );
}

function IdNumber(props: { id: number; mask: string }) {
  const [plain, setPlain] = useState('');
  const show = useAction();
  return (
    <span className="flex items-center gap-3">
      <span className="font-mono" data-testid="id-number">
        {plain || props.mask}
      </span>
      {!plain && (
        <button
          type="button"
          className="text-xs text-brand"
          disabled={show.busy}
          onClick={() => void show.run(async () => setPlain(await revealIdNumber(props.id)))}
        >
          显示完整号码（将记入操作日志）
        </button>
      )}
    </span>
  );
}

function DetailView(props: { detail: ReviewDetail }) {
  const { detail } = props;
  const c = detail.coach;
  const s = detail.shop;
  return (
    <div data-testid="application-detail">
      <Row label="状态">
        <span className={`rounded px-2 py-0.5 text-xs ${TONE[detail.status]}`}>{detail.status_text}</span>
        <span className="ml-3 text-xs text-ink-mute">提交于 {formatDateTime(detail.created_at)}</span>
      </Row>
      <Row label="申请人">
        {detail.nick_name}（{detail.phone}，ID {detail.user_id}）
      </Row>
      {c && (
        <>
          <Row label="真实姓名">{c.real_name}</Row>
          <Row label="身份证号">
            <IdNumber id={detail.id} mask={c.id_number_mask} />
          </Row>
          <Row label="身份证照片">
            <div className="flex gap-3">
              <Photo src={c.id_front} label="身份证人像面" urls={detail.doc_urls} />
              <Photo src={c.id_back} label="身份证国徽面" urls={detail.doc_urls} />
            </div>
          </Row>
          <Row label="联系电话">{c.phone}</Row>
          <Row label="所在城市">
            {c.province} {c.city}
          </Row>
          <Row label="擅长拳种">{c.labels.join('、')}</Row>
          <Row label="个人简介">
            <p className="whitespace-pre-wrap">{c.intro}</p>
          </Row>
          <Row label="资质证书">
            {c.certificates.length ? (
              <div className="flex flex-wrap gap-3">
                {c.certificates.map((p, i) => (
                  <Photo key={p} src={p} label={`证书 ${i + 1}`} urls={detail.doc_urls} />
                ))}
              </div>
            ) : (
              <span className="text-ink-mute">未上传</span>
            )}
          </Row>
        </>
      )}
      {s && (
        <>
          <Row label="店铺名称">{s.shop_name}</Row>
          <Row label="店铺 Logo">
            <Photo src={s.logo} label="店铺 Logo" />
          </Row>
          <Row label="信用代码">
            <span className="font-mono">{s.licence_no}</span>
          </Row>
          <Row label="营业执照">
            <Photo src={s.licence_image} label="营业执照" urls={detail.doc_urls} />
          </Row>
          <Row label="经营地址">
            {s.province} {s.city} {s.district} {s.address}
          </Row>
          <Row label="联系人">
            {s.contact_name} {s.contact_phone}
          </Row>
        </>
      )}
      {detail.refuse_reason && <Row label="拒绝原因">{detail.refuse_reason}</Row>}
      {detail.review_note && <Row label="审核备注">{detail.review_note}</Row>}
      {detail.reviewed_at && <Row label="审核时间">{formatDateTime(detail.reviewed_at)}</Row>}
      {detail.settled_at && (
        <Row label="入驻时间">
          {formatDateTime(detail.settled_at)}（入驻费 {(detail.fee / 100).toFixed(2)} 元）
        </Row>
      )}
    </div>
  );
}
