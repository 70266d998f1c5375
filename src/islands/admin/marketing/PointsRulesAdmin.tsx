import { useState } from 'react';
import type { PointsConfig } from '~/lib/rules/points';
import { POINTS_CONFIG_FIELDS } from '~/lib/rules/points';
import { formatDateTime } from '~/lib/format';
import { fetchMemberPoints, fetchPointsConfig, savePointsConfig, wholeNumber } from '~/lib/stores/points';
import { PagerButtons } from '../../ui/PagerButtons';
import { Table, td, Th } from '../../ui/Table';
import { primaryBtn } from '../../ui/buttons';
import { inputCls, StackField } from '../../ui/form';
import { LoadFailed, Loading } from '../../ui/states';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';

/** 积分规则: how many points each action earns, the streak bonus and the yearly expiry. */
export function PointsRules() {
  const q = useLoad(fetchPointsConfig);
  if (q.error && !q.data) return <LoadFailed load={q} back={['返回后台首页', '/admin']} />;
  if (!q.data) return <Loading />;
  return <RulesForm initial={q.data} />;
}

function RulesForm(props: { initial: PointsConfig }) {
  const [form, setForm] = useState<Record<keyof PointsConfig, string>>(
    () => Object.fromEntries(POINTS_CONFIG_FIELDS.map((f) => [f.key, String(props.initial[f.key])])) as Record<keyof PointsConfig, string>,
  );
  const act = useAction();
  return (
    <form
      className="max-w-[640px]"
      data-testid="points-rules"
      onSubmit={(e) => {
        e.preventDefault();
        const values = { ...props.initial };
        for (const f of POINTS_CONFIG_FIELDS) values[f.key] = wholeNumber(form[f.key]);
        void act.run(() => savePointsConfig(values), { done: '积分规则已保存' });
      }}
    >
      <div className="grid grid-cols-2 gap-x-4">
        {POINTS_CONFIG_FIELDS.map((f) => (
          <StackField key={f.key} label={f.label} {...(f.hint ? { hint: `${f.hint}（0–${f.max}）` } : { hint: `0–${f.max}` })}>
            <input
              className={inputCls}
              inputMode="numeric"
              value={form[f.key]}
              onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
            />
          </StackField>
        ))}
      </div>
      <button type="submit" className={`${primaryBtn} mt-2`} disabled={act.busy}>
        保存规则
      </button>
    </form>
  );
}

/** 会员积分: one member's balance and ledger, by member id (as shown in 会员管理). */
export function MemberPoints() {
  const [typed, setTyped] = useState('');
  const [id, setId] = useState(0);
  const [page, setPage] = useState(1);
  return (
    <div>
      <form
        className="mb-4 flex max-w-[420px] gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const n = wholeNumber(typed);
          if (n > 0) {
            setId(n);
            setPage(1);
          }
        }}
      >
        <input
          className={inputCls}
          inputMode="numeric"
          placeholder="会员编号"
          aria-label="会员编号"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className={primaryBtn}>
          查询
        </button>
      </form>
      {id > 0 ? (
        <Ledger id={id} page={page} onPage={setPage} />
      ) : (
        <p className="text-sm text-ink-mute">输入会员编号查看其积分余额和明细。</p>
      )}
    </div>
  );
}

function Ledger(props: { id: number; page: number; onPage: (p: number) => void }) {
  const q = useLoad(() => fetchMemberPoints(props.id, props.page), `${props.id}:${props.page}`);
  if (q.error && !q.data)
    return (
      <p role="alert" className="py-6 text-sm text-danger">
        {q.error}
      </p>
    );
  if (!q.data) return <Loading />;
  const d = q.data;
  return (
    <div>
      <p className="mb-3 text-sm">
        {d.nick} · 当前积分 <b className="text-lg">{d.balance}</b>
      </p>
      {d.list.length === 0 ? (
        <p className="text-sm text-ink-soft">还没有积分记录</p>
      ) : (
        <Table
          label="积分明细"
          head={
            <>
              <Th>时间</Th>
              <Th>事项</Th>
              <Th>变动</Th>
              <Th>余额</Th>
            </>
          }
        >
          {d.list.map((r) => (
            <tr key={r.id}>
              <td className={`${td} text-xs text-ink-soft`}>{formatDateTime(r.created_at)}</td>
              <td className={td}>
                {r.reason_text}
                {r.note && <span className="ml-2 text-xs text-ink-mute">{r.note}</span>}
              </td>
              <td className={td}>{r.delta > 0 ? `+${r.delta}` : r.delta}</td>
              <td className={td}>{r.balance_after}</td>
            </tr>
          ))}
        </Table>
      )}
      <PagerButtons page={d.page} total={d.total} limit={d.limit} onPage={props.onPage} />
    </div>
  );
}
