import { useStore } from '@nanostores/react';
import { friendName } from '~/lib/stores/chat/contacts';
import { $friends } from '~/lib/stores/chat/state';
import { Avatar } from '../Avatar';

/** Friends to tick (create and invite). */
export function FriendPicker(props: { picked: string[]; onChange: (ids: string[]) => void; exclude?: string[] }) {
  const friends = useStore($friends).filter((f) => !props.exclude?.includes(f.userID));
  if (!friends.length)
    return <p className="py-4 text-center text-xs text-ink-mute">{props.exclude ? '好友都已在群里' : '还没有好友可以邀请'}</p>;
  return (
    <ul className="max-h-48 overflow-y-auto rounded-md border border-line">
      {friends.map((f) => (
        <li key={f.userID}>
          <label className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm hover:bg-surface-hover">
            <input
              type="checkbox"
              checked={props.picked.includes(f.userID)}
              onChange={(e) => props.onChange(e.target.checked ? [...props.picked, f.userID] : props.picked.filter((x) => x !== f.userID))}
            />
            <Avatar src={f.profile.avatar} name={friendName(f)} size={24} />
            {friendName(f)}
          </label>
        </li>
      ))}
    </ul>
  );
}
