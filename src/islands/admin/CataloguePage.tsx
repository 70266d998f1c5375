import { useId, useState } from 'react';
import type { CatalogueRow } from '~/lib/api/contract/admin-content';
import { formatDateTime, priceText } from '~/lib/format';
import { CATALOGUE_KIND_TEXT, CATALOGUE_KINDS, type CatalogueKind } from '~/lib/rules/admin-content';
import { fetchCatalogue, putOnSale, takeOffSale } from '~/lib/stores/admin-catalogue';
import { Modal } from '../ui/Modal';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { Badge } from '../ui/Badge';
import { Table, td, Th } from '../ui/Table';
import { linkBtn, primaryBtn } from '../ui/buttons';
import { inputCls } from '../ui/form';
import { LoadedList } from '../ui/states';

const LIMIT = 15;
type Status = 'all' | 'on' | 'off' | 'held';

/** /admin/catalogue: courses, classes, goods and shops; take off sale (suspend a shop) with a reason, put back. */
export default function CataloguePage() {
  const [kind, setKind] = useState<CatalogueKind>('course');
  const [filter, setFilter] = useState({ keyword: '', owner: '', status: 'all' as Status });
  const [draft, setDraft] = useState(filter);
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<CatalogueRow | null>(null);
  const q = useLoad(() => fetchCatalogue({ kind, page, limit: LIMIT, ...filter }), JSON.stringify([kind, filter, page]));
  const act = useAction();
  const off = kind === 'shop' ? '暂停营业' : '下架';
  return (
    <div>
      <div role="tablist" className="mb-4 flex gap-6 border-b border-line text-sm">
        {CATALOGUE_KINDS.map((k) => (
          <button
            key={k}
            role="tab"
            type="button"
            aria-selected={k === kind}
            className={`-mb-px border-b-2 pb-2 ${k === kind ? 'border-brand-accent text-brand' : 'border-transparent text-ink-soft'}`}
            onClick={() => {
              setKind(k);
              setPage(1);
            }}
          >
            {CATALOGUE_KIND_TEXT[k]}
          </button>
        ))}
      </div>
      <form
        className="mb-4 flex items-center gap-3"
        aria-label="筛选"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setFilter(draft);
        }}
      >
        <input
          className={`${inputCls} w-48`}
          placeholder={kind === 'shop' ? '店铺名称' : '标题关键字'}
          aria-label="关键字"
          value={draft.keyword}
          onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
        />
        <input
          className={`${inputCls} w-48`}
          placeholder="所有者名称或手机号"
          aria-label="所有者"
          value={draft.owner}
          onChange={(e) => setDraft({ ...draft, owner: e.target.value })}
        />
        <select
          className={`${inputCls} w-32`}
          aria-label="状态"
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value as Status })}
        >
          <option value="all">全部状态</option>
          <option value="on">{kind === 'shop' ? '营业中' : '在售'}</option>
          <option value="off">{kind === 'shop' ? '已关闭' : '已下架'}</option>
          <option value="held">平台{off}</option>
        </select>
        <button type="submit" className={primaryBtn}>
          筛选
        </button>
      </form>
      <LoadedList q={q} empty="没有符合条件的内容">
        {(data) => (
          <Table
            label={`${CATALOGUE_KIND_TEXT[kind]}列表`}
            head={
              <>
                <Th>{kind === 'shop' ? '店铺' : '标题'}</Th>
                <Th>所有者</Th>
                {kind !== 'shop' && <Th>价格</Th>}
                <Th>状态</Th>
                <Th>创建时间</Th>
                <Th>操作</Th>
              </>
            }
          >
            {data.list.map((r) => (
              <tr key={r.id} data-row={`${r.kind}-${r.id}`}>
                <td className={`${td} max-w-[280px]`}>
                  <a href={r.path} target="_blank" rel="noopener" className="hover:text-brand">
                    {r.title}
                  </a>
                  {r.hold && (
                    <p className="mt-1 text-xs text-danger-strong">
                      平台{off}：{r.hold.reason}
                    </p>
                  )}
                </td>
                <td className={td}>
                  {r.owner_name}
                  <span className="ml-1 text-xs text-ink-mute">{r.owner_phone}</span>
                </td>
                {kind !== 'shop' && <td className={td}>{r.price === null ? '—' : priceText(r.price)}</td>}
                <td className={td}>
                  {r.hold ? (
                    <span className="rounded bg-danger-pale px-2 py-0.5 text-xs text-danger-strong">平台{off}</span>
                  ) : (
                    <Badge
                      on={r.status === 1}
                      onText={kind === 'shop' ? '营业中' : '在售'}
                      offText={kind === 'shop' ? '已关闭' : '已下架'}
                    />
                  )}
                </td>
                <td className={`${td} whitespace-nowrap text-ink-soft`}>{formatDateTime(r.created_at)}</td>
                <td className={`${td} whitespace-nowrap`}>
                  {r.hold ? (
                    <button
                      type="button"
                      className={linkBtn}
                      disabled={act.busy}
                      onClick={() => {
                        const note = prompt(kind === 'shop' ? '恢复营业的说明（可不填）' : '恢复上架的说明（可不填）', '');
                        if (note !== null)
                          void act
                            .run(() => putOnSale({ kind, id: r.id, note }), {
                              done: kind === 'shop' ? '已恢复营业' : '已恢复上架',
                            })
                            .then(q.reload);
                      }}
                    >
                      {kind === 'shop' ? '恢复营业' : '恢复上架'}
                    </button>
                  ) : (
                    <button type="button" className="text-sm text-danger-strong hover:underline" onClick={() => setTarget(r)}>
                      {off}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={page} total={q.data.total} limit={LIMIT} onPage={setPage} />}
      {target && <OffDialog row={target} onClose={() => setTarget(null)} onDone={() => (setTarget(null), q.reload())} />}
    </div>
  );
}

function OffDialog(props: { row: CatalogueRow; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const act = useAction();
  const formId = useId();
  const shop = props.row.kind === 'shop';
  return (
    <Modal
      open
      title={shop ? '暂停店铺营业' : `下架${CATALOGUE_KIND_TEXT[props.row.kind]}`}
      width={480}
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="gf-btn h-8 border border-line px-4 text-sm" onClick={props.onClose}>
            取消
          </button>
          <button
            type="submit"
            form={formId}
            className="gf-btn h-8 bg-danger-strong px-4 text-sm text-white disabled:opacity-60"
            disabled={act.busy}
          >
            确认{shop ? '暂停' : '下架'}
          </button>
        </>
      }
    >
      <p className="mb-3 text-sm text-ink-soft">
        「{props.row.title}」{shop ? '暂停后店铺及其在售商品、课程不再展示，店主不能自行恢复。' : '下架后所有者不能自行重新上架。'}
        原因会以系统通知发给 {props.row.owner_name}。
      </p>
      <form
        id={formId}
        onSubmit={(e) => {
          e.preventDefault();
          void act
            .run(() => takeOffSale({ kind: props.row.kind, id: props.row.id, reason }), { done: '已下架并通知所有者' })
            .then((r) => r !== undefined && props.onDone());
        }}
      >
        <label className="block text-sm">
          <span className="mb-1 block text-ink-soft">原因（2–200 字）</span>
          <textarea
            className="h-24 w-full rounded border border-line p-2 text-sm outline-none focus:border-brand-accent"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
      </form>
    </Modal>
  );
}
