import { useStore } from '@nanostores/react';
import { CALL_T } from '~/lib/rules/call';
import { $call, startCall } from '~/lib/stores/chat/call';
import { useAction } from '~/islands/ui/useAction';

/** 语音通话 / 视频通话 in a C2C conversation's header; offered for friends only. */
export default function CallButtons(props: { peerID: string; isFriend: boolean }) {
  const call = useStore($call);
  const act = useAction();
  if (!props.isFriend) return null;
  const inCall = call.phase !== 'idle' && call.phase !== 'ended';
  const btn =
    'flex h-8 w-8 items-center justify-center rounded-md text-ink-soft hover:(bg-page text-brand) disabled:(opacity-50 cursor-not-allowed)';
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        title={CALL_T.audioCall}
        aria-label={CALL_T.audioCall}
        disabled={inCall || act.busy}
        className={btn}
        onClick={() => void act.run(() => startCall(props.peerID, 'audio'))}
      >
        <span className="i-ri-phone-line text-lg" />
      </button>
      <button
        type="button"
        title={CALL_T.videoCall}
        aria-label={CALL_T.videoCall}
        disabled={inCall || act.busy}
        className={btn}
        onClick={() => void act.run(() => startCall(props.peerID, 'video'))}
      >
        <span className="i-ri-vidicon-line text-lg" />
      </button>
    </div>
  );
}
