import { useState } from 'react';
import type { AdminVipPlan } from '~/lib/api/contract/vip';
import { formatDateTime } from '~/lib/format';
import { VIP_TEXTS } from '~/lib/rules/vip';
import { loadAdminVipPlans, planPriceFen, saveVipPlan } from '~/lib/stores/vip';
import { Badge } from '../../ui/Badge';
import { Table, td, Th } from '../../ui/Table';
import { primaryBtn } from '../../ui/buttons';
import { inputCls } from '../../ui/form';
import { Loading, LoadFailed } from '../../ui/states';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';

/**
 * /admin/marketing?tab=vip (finance): the two VIP plans — price in yuan and on/off sale. Orders already
 * placed pay the price they were placed at; the change is in the audit log.
 */
export default function VipPlansTab() {
  const q = useLoad(loadAdminVipPlans);
  if (q.error && !q.data) return <LoadFailed load={q} />;
  if (!q.data) return <Loading />;
  return (
    <div data-testid="vip-plans-tab">
      <p className="mb-4 text-sm text-ink-soft">
        当前有效VIP会员 <span className="font-600 text-ink">{q.data.active_members}</span>{' '}
        人。会员期按套餐天数从到期时间顺延；会员订单不支持退款。
      </p>
      <Table
        label="VIP套餐"
        head={
          <>
            <Th>套餐</Th>
            <Th>时长</Th>
            <Th>价格（元）</Th>
            <Th>在售</Th>
            <Th>状态</Th>
            <Th>更新时间</Th>
            <Th>操作</Th>
          </>
        }
      >
        {q.data.list.map((p) => (
          <PlanRow key={`${p.id}-${p.updated_at}`} plan={p} onSaved={q.reload} />
        ))}
      </Table>
    </div>
  );
}

function PlanRow(props: { plan: AdminVipPlan; onSaved: () => void }) {
  const { plan } = props;
  const [price, setPrice] = useState((plan.price / 100).toFixed(2));
  const [enabled, setEnabled] = useState(plan.enabled === 1);
  const save = useAction();
  const submit = () =>
    void save
      .run(
        () => {
          const fen = planPriceFen(price);
          if (fen === null) throw new Error('请填写正确的价格（元，最多两位小数）');
          return saveVipPlan({ id: plan.id, price: fen, enabled: enabled ? 1 : 0 });
        },
        { done: VIP_TEXTS.saved },
      )
      .then((r) => r && props.onSaved());
  return (
    <tr data-testid="vip-plan-row">
      <td className={td}>{plan.name}</td>
      <td className={td}>{plan.days} 天</td>
      <td className={td}>
        <input
          className={`${inputCls} w-32`}
          inputMode="decimal"
          aria-label={`${plan.name}价格（元）`}
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
      </td>
      <td className={td}>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" aria-label={`${plan.name}在售`} checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          在售
        </label>
      </td>
      <td className={td}>
        <Badge on={plan.enabled === 1} onText="在售" offText="停售" />
      </td>
      <td className={`${td} text-xs text-ink-soft`}>{formatDateTime(plan.updated_at)}</td>
      <td className={td}>
        <button type="button" className={primaryBtn} disabled={save.busy} onClick={submit}>
          保存
        </button>
      </td>
    </tr>
  );
}
