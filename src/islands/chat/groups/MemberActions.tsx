import { useState } from 'react';
import type { GroupMember, GroupProfile, GroupRole } from '~/lib/chat/types';
import { kickMember, muteMember, setMemberRole } from '~/lib/stores/chat/contacts';
import { useAction } from '../../ui/useAction';
import { useNow } from './labels';

export function MemberActions(props: { g: GroupProfile; m: GroupMember; viewerRole: GroupRole; onTransfer: () => void }) {
  const { g, m } = props;
  const act = useAction();
  const [open, setOpen] = useState(false);
  const muted = m.muteUntil > useNow();
  const items: [string, () => Promise<void>, string][] = [
    muted
      ? ['解除禁言', () => muteMember(g.groupID, m.userID, 0), '已解除禁言']
      : ['禁言 10 分钟', () => muteMember(g.groupID, m.userID, 600), '已禁言'],
    ['移出群聊', () => kickMember(g.groupID, m.userID), '已移出'],
  ];
  if (props.viewerRole === 'Owner') {
    items.unshift(
      m.role === 'Admin'
        ? ['取消管理员', () => setMemberRole(g.groupID, m.userID, 'Member'), '已取消管理员']
        : ['设为管理员', () => setMemberRole(g.groupID, m.userID, 'Admin'), '已设为管理员'],
    );
    items.push(['转让群主', async () => props.onTransfer(), '']);
  }
  return (
    <span className="relative">
      <button
        type="button"
        aria-label="成员操作"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex h-11 w-11 items-center justify-center rounded text-ink-mute hover:text-brand sm:(inline h-auto w-auto p-0.5)"
      >
        <span className="i-ri-more-2-fill" />
      </button>
      {open && (
        <span
          className="absolute right-0 top-11 z-10 block w-28 rounded-md border border-line bg-white py-1 shadow-lg sm:top-6"
          role="menu"
        >
          {items.map(([label, fn, done]) => (
            <button
              key={label}
              type="button"
              role="menuitem"
              disabled={act.busy}
              className="block min-h-11 w-full px-3 py-1 text-left hover:bg-brand-light sm:min-h-0"
              onClick={() => {
                setOpen(false);
                void act.run(fn, done ? { done } : {});
              }}
            >
              {label}
            </button>
          ))}
        </span>
      )}
    </span>
  );
}
