import { useState } from 'react';
import type { AdminPointsItem } from '~/lib/api/contract/points';
import { formatDateTime } from '~/lib/format';
import { POINTS_ITEM_KINDS, POINTS_ITEM_KIND_TEXT, REDEMPTION_STATUS_TEXT, type PointsItemKind } from '~/lib/rules/points';
import {
  fetchAdminPointsItems,
  fetchAdminRedemptions,
  setPointsItemStatus,
  shipRedemption,
  wholeNumber,
  savePointsItem,
} from '~/lib/stores/points';
import { Badge } from '../../ui/Badge';
import { Modal } from '../../ui/Modal';
import { PagerButtons } from '../../ui/PagerButtons';
import { StatusTabs } from '../../ui/Tabs';
import { Table, td, Th } from '../../ui/Table';
import { linkBtn, primaryBtn } from '../../ui/buttons';
import { inputCls, StackField } from '../../ui/form';
import { LoadedList } from '../../ui/states';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';
import { MemberPoints, PointsRules } from './PointsRulesAdmin';

/** 积分商城 (finance): the shop's items, shipping redeemed goods, the points rules and a member's ledger. */
const SECTIONS = [
  ['items', '商品'],
  ['ship', '兑换发货'],
  ['rules', '积分规则'],
  ['member', '会员积分'],
] as const;
type Section = (typeof SECTIONS)[number][0];

export default function PointsShopAdmin() {
  const [section, setSection] = useState<Section>('items');
  return (
    <div data-testid="points-admin">
      <StatusTabs value={section} tabs={SECTIONS} onChange={setSection} />
      {section === 'items' && <Items />}
      {section === 'ship' && <Shipping />}
      {section === 'rules' && <PointsRules />}
      {section === 'member' && <MemberPoints />}
    </div>
  );
}

const blank = () => ({
  id: 0,
  kind: 'coupon' as PointsItemKind,
  title: '',
  target: '',
  course: '',
  points: '',
  stock: '100',
  per_member: '1',
});
type Draft = ReturnType<typeof blank>;

/** The item form's typed fields after 类型 (whole numbers but 名称); the target's words follow the kind. */
const ITEM_FIELDS: readonly {
  key: Exclude<keyof Draft, 'id' | 'kind'>;
  label: (kind: PointsItemKind) => string;
  hint?: (kind: PointsItemKind) => string;
  /** Only for some kinds (the course of a course discount). */
  only?: PointsItemKind;
}[] = [
  { key: 'title', label: () => '名称' },
  {
    key: 'target',
    label: (kind) => (kind === 'goods' ? '商品规格编号（SKU）' : '优惠券模板编号'),
    hint: (kind) =>
      kind === 'course' ? '须为「课程可用」的模板，保存后它只能用于下方课程' : kind === 'coupon' ? '见「优惠券模板」' : '实物由平台发货',
  },
  { key: 'course', label: () => '课程编号', hint: () => '须为在售课程；兑换的券只能用于该课程', only: 'course' },
  { key: 'points', label: () => '所需积分' },
  { key: 'stock', label: () => '库存（剩余可兑）' },
  { key: 'per_member', label: () => '每人限兑' },
];

function Items() {
  const [page, setPage] = useState(1);
  const q = useLoad(() => fetchAdminPointsItems(page), page);
  const act = useAction();
  const [edit, setEdit] = useState<Draft | null>(null);
  const open = (i: AdminPointsItem) =>
    setEdit({
      id: i.id,
      kind: i.kind,
      title: i.title,
      target: String(i.kind === 'goods' ? (i.sku_id ?? '') : (i.coupon_template_id ?? '')),
      course: String(i.course_id ?? ''),
      points: String(i.points),
      stock: String(i.stock),
      per_member: String(i.per_member),
    });
  return (
    <div>
      <div className="mb-4 flex">
        <button type="button" className={`${primaryBtn} ml-auto`} onClick={() => setEdit(blank())}>
          新增积分商品
        </button>
      </div>
      <LoadedList q={q} empty="积分商城还没有商品">
        {(data) => (
          <Table
            label="积分商品"
            head={
              <>
                <Th>名称</Th>
                <Th>类型</Th>
                <Th>内容</Th>
                <Th>所需积分</Th>
                <Th>剩余/已兑</Th>
                <Th>每人限兑</Th>
                <Th>状态</Th>
                <Th>操作</Th>
              </>
            }
          >
            {data.list.map((i) => (
              <tr key={i.id}>
                <td className={td}>{i.title}</td>
                <td className={td}>{POINTS_ITEM_KIND_TEXT[i.kind]}</td>
                <td className={`${td} text-xs text-ink-soft`}>{i.detail}</td>
                <td className={td}>{i.points}</td>
                <td className={td}>
                  {i.stock}/{i.redeemed}
                </td>
                <td className={td}>{i.per_member}</td>
                <td className={td}>
                  <Badge on={i.status === 1} onText="上架中" offText="已下架" />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <button type="button" className={`${linkBtn} mr-3`} onClick={() => open(i)}>
                    编辑
                  </button>
                  <button
                    type="button"
                    className={linkBtn}
                    disabled={act.busy}
                    onClick={() =>
                      void act
                        .run(() => setPointsItemStatus(i.id, i.status === 1 ? 0 : 1), { done: i.status === 1 ? '已下架' : '已上架' })
                        .then(q.reload)
                    }
                  >
                    {i.status === 1 ? '下架' : '上架'}
                  </button>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={page} total={q.data.total} limit={q.data.limit} onPage={setPage} />}
      {edit && (
        <Modal
          open
          title={edit.id ? '编辑积分商品' : '新增积分商品'}
          width={560}
          onClose={() => setEdit(null)}
          footer={
            <button type="submit" form="points-item-form" className={primaryBtn} disabled={act.busy}>
              保存
            </button>
          }
        >
          <form
            id="points-item-form"
            onSubmit={(e) => {
              e.preventDefault();
              const target = wholeNumber(edit.target);
              void act
                .run(
                  () =>
                    savePointsItem({
                      ...(edit.id ? { id: edit.id } : {}),
                      kind: edit.kind,
                      title: edit.title,
                      ...(edit.kind === 'goods' ? { sku_id: target } : { coupon_template_id: target }),
                      ...(edit.kind === 'course' && edit.course.trim() ? { course_id: wholeNumber(edit.course) } : {}),
                      points: wholeNumber(edit.points),
                      stock: wholeNumber(edit.stock),
                      per_member: wholeNumber(edit.per_member),
                    }),
                  { done: '积分商品已保存' },
                )
                .then((r) => r && (setEdit(null), q.reload()));
            }}
          >
            <div className="grid grid-cols-2 gap-x-3">
              <StackField label="类型">
                <select
                  className={inputCls}
                  value={edit.kind}
                  onChange={(e) => setEdit({ ...edit, kind: e.target.value as PointsItemKind })}
                >
                  {POINTS_ITEM_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {POINTS_ITEM_KIND_TEXT[k]}
                    </option>
                  ))}
                </select>
              </StackField>
              {ITEM_FIELDS.filter((f) => !f.only || f.only === edit.kind).map((f) => (
                <StackField key={f.key} label={f.label(edit.kind)} {...(f.hint ? { hint: f.hint(edit.kind) } : {})}>
                  <input
                    className={inputCls}
                    {...(f.key === 'title' ? { maxLength: 32 } : { inputMode: 'numeric' as const })}
                    value={edit[f.key]}
                    onChange={(e) => setEdit({ ...edit, [f.key]: e.target.value })}
                  />
                </StackField>
              ))}
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}

function Shipping() {
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<'1' | '0'>('1');
  const q = useLoad(() => fetchAdminRedemptions(page, pending === '1' ? 1 : 0), `${pending}:${page}`);
  const act = useAction();
  const [ship, setShip] = useState<{ id: number; company: string; no: string } | null>(null);
  return (
    <div>
      <StatusTabs
        value={pending}
        tabs={[
          ['1', '待发货'],
          ['0', '全部兑换'],
        ]}
        onChange={(v) => {
          setPending(v);
          setPage(1);
        }}
      />
      <LoadedList q={q} empty={pending === '1' ? '没有待发货的兑换' : '还没有兑换记录'}>
        {(data) => (
          <Table
            label="兑换记录"
            head={
              <>
                <Th>会员</Th>
                <Th>商品</Th>
                <Th>积分</Th>
                <Th>收货地址</Th>
                <Th>时间</Th>
                <Th>状态</Th>
                <Th>操作</Th>
              </>
            }
          >
            {data.list.map((r) => (
              <tr key={r.id}>
                <td className={td}>
                  {r.nick}
                  <span className="block text-xs text-ink-mute">{r.phone}</span>
                </td>
                <td className={td}>{r.title}</td>
                <td className={td}>{r.points}</td>
                <td className={`${td} text-xs`}>{r.address || '—'}</td>
                <td className={`${td} text-xs text-ink-soft`}>{formatDateTime(r.created_at)}</td>
                <td className={td}>
                  {REDEMPTION_STATUS_TEXT[r.status]}
                  {r.express_no && <span className="block text-xs text-ink-mute">{`${r.express_company} ${r.express_no}`}</span>}
                </td>
                <td className={td}>
                  {r.status === 'pending' && (
                    <button type="button" className={linkBtn} onClick={() => setShip({ id: r.id, company: '', no: '' })}>
                      发货
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </LoadedList>
      {q.data && <PagerButtons page={page} total={q.data.total} limit={q.data.limit} onPage={setPage} />}
      {ship && (
        <Modal
          open
          title="填写快递信息"
          width={420}
          onClose={() => setShip(null)}
          footer={
            <button
              type="button"
              className={primaryBtn}
              disabled={act.busy}
              onClick={() =>
                void act
                  .run(() => shipRedemption(ship.id, ship.company, ship.no), { done: '已发货' })
                  .then((r) => r !== undefined && (setShip(null), q.reload()))
              }
            >
              确认发货
            </button>
          }
        >
          <StackField label="快递公司">
            <input
              className={inputCls}
              maxLength={32}
              value={ship.company}
              onChange={(e) => setShip({ ...ship, company: e.target.value })}
            />
          </StackField>
          <StackField label="快递单号">
            <input className={inputCls} maxLength={40} value={ship.no} onChange={(e) => setShip({ ...ship, no: e.target.value })} />
          </StackField>
        </Modal>
      )}
    </div>
  );
}
