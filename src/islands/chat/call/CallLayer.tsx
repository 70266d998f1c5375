import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { imageUrl } from '~/lib/rules/image-url';
import { CALL_T, callDuration, mediaName } from '~/lib/rules/call';
import { $call, acceptCall, cancelCall, hangUpCall, leaveCall, rejectCall, toggleCamera, toggleMute } from '~/lib/stores/chat/call';
import { useAction } from '~/islands/ui/useAction';

/** Plays a MediaStream (srcObject cannot be set through a prop). */
function StreamView(props: { stream: MediaStream | null; kind: 'video' | 'audio'; muted?: boolean; className?: string; label: string }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && el.srcObject !== props.stream) el.srcObject = props.stream;
  }, [props.stream]);
  return props.kind === 'video' ? (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- live call media, no caption files
    <video ref={ref} autoPlay playsInline muted={props.muted} aria-label={props.label} className={props.className} />
  ) : (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- live call media, no caption files
    <audio ref={ref} autoPlay aria-label={props.label} />
  );
}

/** Seconds since `since` (ms), ticking once a second. */
function useElapsed(since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!since) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [since]);
  return since ? Math.max(0, Math.round((now - since) / 1000)) : 0;
}

function RoundButton(props: {
  label: string;
  icon: string;
  tone: 'red' | 'green' | 'grey' | 'on';
  onClick: () => void;
  disabled?: boolean;
}) {
  const tones = {
    red: 'bg-hangup hover:bg-hangup-hover text-white',
    green: 'bg-accept hover:bg-accept-hover text-white',
    grey: 'bg-white/15 hover:bg-white/25 text-white',
    on: 'bg-white text-ink hover:bg-white/90',
  };
  return (
    <button
      type="button"
      onClick={props.onClick}
      disabled={props.disabled}
      className="flex flex-col items-center gap-2 text-xs text-white disabled:opacity-60"
    >
      <span className={`flex h-14 w-14 items-center justify-center rounded-full transition-colors ${tones[props.tone]}`}>
        <span className={`${props.icon} text-2xl`} />
      </span>
      {props.label}
    </button>
  );
}

/**
 * The call layer of the chat app (mounted once): incoming call card, ringing view, in-call view and
 * the ended line. Renders $call and calls the call store's actions, nothing else.
 */
export default function CallLayer(props: { fullScreen?: boolean }) {
  const full = props.fullScreen === true;
  const s = useStore($call);
  const act = useAction();
  const elapsed = useElapsed(s.phase === 'connected' ? s.connectedAt : 0);

  // Closing the tab mid-call tells the peer (hang-up, cancel or reject as fits).
  useEffect(() => {
    const onHide = () => void leaveCall();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, []);

  if (s.phase === 'idle') return null;
  const name = s.peer.nick || s.peerID;
  const avatar = <img src={imageUrl(s.peer.avatar)} alt="" className="h-20 w-20 rounded-full object-cover" />;

  if (s.phase === 'ringing') {
    return (
      <div
        role="dialog"
        aria-label="来电"
        className={
          full
            ? 'fixed inset-x-2 top-2 z-1100 rounded-xl bg-night-call p-5 pt-[calc(1.25rem+env(safe-area-inset-top))] text-white shadow-2xl'
            : 'fixed bottom-6 right-6 z-1100 w-80 rounded-xl bg-night-call p-6 text-white shadow-2xl'
        }
      >
        <div className="flex items-center gap-4">
          <img src={imageUrl(s.peer.avatar)} alt="" className="h-14 w-14 rounded-full object-cover" />
          <div className="min-w-0">
            <div className="truncate text-base font-600">{name}</div>
            <div className="mt-1 text-sm text-white/70">{CALL_T.inviting(s.media)}</div>
          </div>
        </div>
        <div className="mt-6 flex justify-around">
          <RoundButton
            label={CALL_T.reject}
            icon="i-ri-phone-fill rotate-135"
            tone="red"
            disabled={act.busy}
            onClick={() => void act.run(rejectCall)}
          />
          <RoundButton
            label={CALL_T.accept}
            icon={s.media === 'video' ? 'i-ri-vidicon-fill' : 'i-ri-phone-fill'}
            tone="green"
            disabled={act.busy}
            onClick={() => void act.run(acceptCall)}
          />
        </div>
      </div>
    );
  }

  const video = s.media === 'video';
  const connected = s.phase === 'connected';
  const status =
    s.phase === 'calling'
      ? CALL_T.waiting
      : s.phase === 'connecting'
        ? CALL_T.connecting
        : s.phase === 'ended'
          ? s.endText
          : callDuration(elapsed);
  const showRemoteVideo = video && connected;

  return (
    <div role="presentation" className="fixed inset-0 z-1100 flex items-center justify-center bg-black/60">
      <section
        role="dialog"
        aria-modal="true"
        aria-label={mediaName(s.media)}
        data-call-phase={s.phase}
        // The phone (/m): the whole screen, above the home indicator; the desktop: a centred stage.
        className={`relative overflow-hidden bg-night-stage text-white shadow-2xl ${full ? 'h-full w-full pb-[env(safe-area-inset-bottom)] pt-[env(safe-area-inset-top)]' : `rounded-xl ${video ? 'h-[540px] w-[860px]' : 'h-[480px] w-[360px]'}`}`}
      >
        {showRemoteVideo ? (
          <StreamView stream={s.remote} kind="video" label="对方画面" className="absolute inset-0 h-full w-full bg-black object-cover" />
        ) : (
          <>
            {video && s.local && s.phase !== 'ended' && (
              <StreamView
                stream={s.local}
                kind="video"
                muted
                label="我的画面"
                className="absolute inset-0 h-full w-full object-cover opacity-35"
              />
            )}
            {connected && <StreamView stream={s.remote} kind="audio" label="对方声音" />}
          </>
        )}
        {showRemoteVideo && (
          <StreamView
            stream={s.local}
            kind="video"
            muted
            label="我的画面"
            className={`absolute right-4 top-4 ${full ? 'mt-[env(safe-area-inset-top)] h-[160px] w-[90px]' : 'h-[135px] w-[180px]'} rounded-lg bg-black object-cover shadow-lg ${s.cameraOff ? 'invisible' : ''}`}
          />
        )}

        <div
          className={`relative flex h-full flex-col items-center ${showRemoteVideo ? 'justify-end' : 'justify-between'} px-6 pb-8 pt-16`}
        >
          {!showRemoteVideo && (
            <div className="flex flex-col items-center gap-3">
              {avatar}
              <div className="text-lg font-600">{name}</div>
            </div>
          )}
          <div className="flex flex-col items-center gap-6">
            <div role="status" className={`rounded-full px-3 py-1 text-sm ${showRemoteVideo ? 'bg-black/40' : 'text-white/80'}`}>
              {showRemoteVideo ? `${name} · ${status}` : status}
            </div>
            {s.phase !== 'ended' && (
              <div className="flex gap-10">
                {(s.phase === 'connecting' || connected) && (
                  <RoundButton
                    label={s.muted ? CALL_T.unmute : CALL_T.mute}
                    icon={s.muted ? 'i-ri-mic-off-fill' : 'i-ri-mic-fill'}
                    tone={s.muted ? 'on' : 'grey'}
                    onClick={toggleMute}
                  />
                )}
                {s.phase === 'calling' ? (
                  <RoundButton
                    label={CALL_T.cancel}
                    icon="i-ri-phone-fill rotate-135"
                    tone="red"
                    onClick={() => void act.run(cancelCall)}
                  />
                ) : (
                  <RoundButton
                    label={CALL_T.hangup}
                    icon="i-ri-phone-fill rotate-135"
                    tone="red"
                    onClick={() => void act.run(hangUpCall)}
                  />
                )}
                {video && (s.phase === 'connecting' || connected) && (
                  <RoundButton
                    label={s.cameraOff ? CALL_T.cameraOn : CALL_T.cameraOff}
                    icon={s.cameraOff ? 'i-ri-camera-off-fill' : 'i-ri-camera-fill'}
                    tone={s.cameraOff ? 'on' : 'grey'}
                    onClick={toggleCamera}
                  />
                )}
              </div>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
