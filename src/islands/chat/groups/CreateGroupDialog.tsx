import { useState } from 'react';
import { IM_LIMITS } from '~/lib/chat/protocol';
import type { JoinOption } from '~/lib/chat/types';
import { createGroup } from '~/lib/stores/chat/contacts';
import { Modal } from '../../ui/Modal';
import { useAction } from '../../ui/useAction';
import { FriendPicker } from './FriendPicker';
import { JoinOptionField } from './JoinOptionField';
import { TYPE_NAME } from './labels';

export function CreateGroupDialog(props: { onClose: () => void; onCreated: (cid: string) => void; publicOnly?: boolean }) {
  const act = useAction();
  const [form, setForm] = useState({
    type: (props.publicOnly ? 'Public' : 'Work') as 'Work' | 'Public',
    name: '',
    introduction: '',
    joinOption: 'NeedPermission' as JoinOption,
  });
  const [picked, setPicked] = useState<string[]>([]);
  return (
    <Modal
      open
      title="创建群聊"
      width={480}
      onClose={props.onClose}
      footer={
        <button
          type="submit"
          form="create-group-form"
          disabled={act.busy}
          className="gf-btn-primary w-full"
          data-testid="create-group-submit"
        >
          创建
        </button>
      }
    >
      <form
        id="create-group-form"
        className="space-y-3 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          void act
            .run(() => createGroup({ ...form, memberList: picked }), { done: '群聊已创建' })
            .then((g) => {
              if (g) {
                props.onClose();
                props.onCreated(`GROUP${g.groupID}`);
              }
            });
        }}
      >
        {!props.publicOnly && (
          <div className="flex gap-4">
            {(['Work', 'Public'] as const).map((t) => (
              <label key={t} className="flex items-center gap-1">
                <input type="radio" name="gtype" checked={form.type === t} onChange={() => setForm({ ...form, type: t })} />
                {TYPE_NAME[t]}
              </label>
            ))}
          </div>
        )}
        <label className="block">
          <span className="mb-1 block text-ink-soft">群名称</span>
          <input
            value={form.name}
            maxLength={IM_LIMITS.groupNameMax}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            className="gf-input"
            data-testid="group-name"
          />
        </label>
        <label className="block">
          <span className="mb-1 block text-ink-soft">群简介</span>
          <textarea
            value={form.introduction}
            maxLength={240}
            onChange={(e) => setForm({ ...form, introduction: e.target.value })}
            className="gf-input h-16 py-2"
          />
        </label>
        {form.type === 'Public' && (
          <JoinOptionField
            label={<span className="mb-1 block text-ink-soft">加群方式</span>}
            value={form.joinOption}
            onChange={(joinOption) => setForm({ ...form, joinOption })}
            className="gf-input"
          />
        )}
        <div>
          <span className="mb-1 block text-ink-soft">邀请好友{picked.length ? `（已选 ${picked.length}）` : ''}</span>
          <FriendPicker picked={picked} onChange={setPicked} />
        </div>
      </form>
    </Modal>
  );
}
