import { useState } from 'react';
import { inviteMembers } from '~/lib/stores/chat/contacts';
import { Modal } from '../../ui/Modal';
import { useAction } from '../../ui/useAction';
import { succeed } from '../succeed';
import { FriendPicker } from './FriendPicker';

export function InviteDialog(props: { groupID: string; exclude: string[]; onClose: () => void }) {
  const act = useAction();
  const [picked, setPicked] = useState<string[]>([]);
  return (
    <Modal
      open
      title="邀请好友入群"
      onClose={props.onClose}
      footer={
        <button
          type="button"
          disabled={act.busy}
          className="gf-btn-primary w-full"
          data-testid="invite-submit"
          onClick={() =>
            void act
              .run(() => succeed(inviteMembers(props.groupID, picked)), { done: '已邀请' })
              .then((r) => r !== undefined && props.onClose())
          }
        >
          邀请{picked.length ? `（${picked.length}）` : ''}
        </button>
      }
    >
      <FriendPicker picked={picked} onChange={setPicked} exclude={props.exclude} />
    </Modal>
  );
}
