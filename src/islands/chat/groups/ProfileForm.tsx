import { useState } from 'react';
import { IM_LIMITS } from '~/lib/chat/protocol';
import type { GroupProfile } from '~/lib/chat/types';
import { updateGroup } from '~/lib/stores/chat/contacts';
import { useAction } from '../../ui/useAction';
import { JoinOptionField } from './JoinOptionField';

export function ProfileForm(props: { g: GroupProfile; editable: boolean }) {
  const { g } = props;
  const act = useAction();
  const [form, setForm] = useState({ name: g.name, introduction: g.introduction, notification: g.notification, joinOption: g.joinOption });
  if (!props.editable)
    return (
      <section className="space-y-2">
        <p>
          <span className="text-ink-mute">群名称：</span>
          {g.name}
        </p>
        <p>
          <span className="text-ink-mute">群号：</span>
          {g.groupID}
        </p>
        <p className="whitespace-pre-wrap">
          <span className="text-ink-mute">群公告：</span>
          {g.notification || '暂无'}
        </p>
        <p className="whitespace-pre-wrap">
          <span className="text-ink-mute">群简介：</span>
          {g.introduction || '暂无'}
        </p>
      </section>
    );
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        const changed = Object.fromEntries(Object.entries(form).filter(([k, v]) => g[k as keyof typeof form] !== v));
        void act.run(() => updateGroup({ groupID: g.groupID, ...changed }), { done: '群资料已保存' });
      }}
    >
      <label className="block">
        <span className="text-ink-mute">群名称</span>
        <input
          value={form.name}
          maxLength={IM_LIMITS.groupNameMax}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          className="gf-input h-8"
        />
      </label>
      <label className="block">
        <span className="text-ink-mute">群公告</span>
        <textarea
          value={form.notification}
          maxLength={300}
          onChange={(e) => setForm({ ...form, notification: e.target.value })}
          className="gf-input h-16 py-1"
        />
      </label>
      <label className="block">
        <span className="text-ink-mute">群简介</span>
        <textarea
          value={form.introduction}
          maxLength={240}
          onChange={(e) => setForm({ ...form, introduction: e.target.value })}
          className="gf-input h-14 py-1"
        />
      </label>
      {g.type === 'Public' && (
        <JoinOptionField
          label={<span className="text-ink-mute">加群方式</span>}
          value={form.joinOption}
          onChange={(joinOption) => setForm({ ...form, joinOption })}
          className="gf-input h-8"
        />
      )}
      <div className="flex items-center gap-3 pt-1">
        <label className="flex flex-1 items-center gap-2">
          <input
            type="checkbox"
            checked={g.muteAllMembers}
            onChange={(e) =>
              void act.run(() => updateGroup({ groupID: g.groupID, muteAllMembers: e.target.checked }), {
                done: e.target.checked ? '已开启全员禁言' : '已关闭全员禁言',
              })
            }
          />
          全员禁言
        </label>
        <button type="submit" disabled={act.busy} className="gf-btn-primary h-8 px-4">
          保存
        </button>
      </div>
    </form>
  );
}
