import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { formatDate } from '~/lib/format';
import { img } from '~/lib/media';
import { createTeamList, inviteCoach, removeMember, type TeamFilter, type TeamMember } from '~/lib/stores/provider';
import { Modal } from '../ui/Modal';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { ProviderOnly } from './ProviderOnly';
import { PageHead } from '../ui/PageHead';
import { ListState } from '../ui/states';

/** /my/service_identity/list: the team — invite a coach by phone, open invitations, remove. */
export default function TeamList() {
  return (
    <ProviderOnly>
      <Team />
    </ProviderOnly>
  );
}

const TABS: [TeamFilter, string][] = [
  ['all', '全部'],
  ['active', '已加入'],
  ['invited', '邀请中'],
];

function Team() {
  const [team] = useState(createTeamList);
  const { data, error, query } = useStore(team.$list);
  const [phone, setPhone] = useState('');
  const [confirm, setConfirm] = useState<TeamMember | null>(null);
  const send = useAction();
  const del = useAction();

  useEffect(() => {
    void team.load();
  }, [team]);

  function invite(e: SubmitEvent) {
    e.preventDefault();
    void send.run(
      async () => {
        await inviteCoach(phone);
        setPhone('');
        await team.setQuery(query);
      },
      { done: '邀请已发送，教练同意后加入团队' },
    );
  }

  function remove(m: TeamMember) {
    void del.run(
      async () => {
        await removeMember(m.id);
        setConfirm(null);
        await team.load();
      },
      { done: '已移出团队' },
    );
  }

  return (
    <>
      <PageHead title="教练列表" sub="一名教练只能加入一个服务商团队；教练在消息中心同意邀请后加入" />
      <form onSubmit={invite} noValidate className="mb-5 flex items-center gap-3 rounded-lg bg-page px-5 py-4" aria-label="邀请教练">
        <span className="text-sm text-ink-soft">邀请教练</span>
        <input
          className="gf-input h-9 w-[240px]"
          aria-label="教练手机号"
          placeholder="输入教练注册手机号"
          inputMode="tel"
          maxLength={11}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <button type="submit" className="gf-btn-primary" disabled={send.busy}>
          {send.busy ? '发送中…' : '发送邀请'}
        </button>
      </form>
      <div className="mb-4 flex gap-6 border-b border-line" role="tablist">
        {TABS.map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={query === k}
            onClick={() => void team.setQuery(k)}
            className={`-mb-px border-b-2 px-1 pb-2.5 text-[15px] ${query === k ? 'border-brand-accent font-600 text-brand' : 'border-transparent text-ink-soft hover:text-ink'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <ListState error={error} loading={!data} empty={data?.list.length === 0} emptyText="团队还没有教练，输入手机号邀请教练加入吧">
        <table className="w-full text-sm" data-testid="team-list">
          <thead>
            <tr className="bg-page text-left text-ink-soft">
              <th className="px-4 py-2.5 font-400">教练</th>
              <th className="px-4 py-2.5 font-400">手机号</th>
              <th className="px-4 py-2.5 font-400">在售课程</th>
              <th className="px-4 py-2.5 font-400">状态</th>
              <th className="px-4 py-2.5 font-400">时间</th>
              <th className="px-4 py-2.5 text-right font-400">操作</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((m) => (
              <tr key={m.id} className="border-b border-line" data-testid="team-row">
                <td className="px-4 py-3">
                  <span className="flex items-center gap-3">
                    <img src={img(m.avatar)} alt="" className="h-9 w-9 rounded-full object-cover" />
                    <span>
                      <span className="block text-ink">{m.name}</span>
                      <span className="block text-xs text-ink-mute">{m.title}</span>
                    </span>
                  </span>
                </td>
                <td className="px-4 py-3 text-ink-soft">{m.phone}</td>
                <td className="px-4 py-3">{m.courses}</td>
                <td className="px-4 py-3">
                  <span className={m.status === 'active' ? 'text-success' : 'text-brand'}>{m.status_text}</span>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-ink-soft">
                  {m.joined_at ? `${formatDate(m.joined_at)} 加入` : `${formatDate(m.created_at)} 邀请`}
                </td>
                <td className="px-4 py-3 text-right">
                  {m.status === 'active' ? (
                    <button type="button" className="gf-link text-danger" onClick={() => setConfirm(m)}>
                      移出团队
                    </button>
                  ) : (
                    <span className="text-xs text-ink-mute">等待教练回复</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void team.setPage(p)} />}
      {confirm && (
        <Modal open title="移出团队" onClose={() => setConfirm(null)}>
          <p className="py-4 text-sm text-ink-soft">确定将 {confirm.name} 移出团队吗？移出后其新订单不再计佣金，已产生的佣金不受影响。</p>
          <div className="flex justify-end gap-3">
            <button type="button" className="gf-btn-ghost" onClick={() => setConfirm(null)}>
              取消
            </button>
            <button type="button" className="gf-btn-primary" disabled={del.busy} onClick={() => remove(confirm)}>
              确定移出
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
