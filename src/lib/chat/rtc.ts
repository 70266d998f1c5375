import { CALL_T, type CallMedia } from '../rules/call';

/**
 * One call's media: local capture and a peer connection, negotiated through the chat signalling
 * (the call store carries offer/answer/candidate as online-only custom messages). The call store
 * only sees this interface, so its unit tests drive a fake and the browser this WebRTC one.
 */
export interface CallLink {
  /** Captures microphone (and camera); rejects with CALL_T.noDevice when refused. */
  open(): Promise<void>;
  /** Caller: the offer to send. */
  offer(): Promise<string>;
  /** Callee: applies the caller's offer and returns the answer to send. */
  answer(sdp: string): Promise<string>;
  acceptAnswer(sdp: string): Promise<void>;
  /** A peer's ICE candidate (JSON of RTCIceCandidateInit); kept until the remote description is set. */
  addCandidate(json: string): Promise<void>;
  setMuted(muted: boolean): void;
  setCameraOff(off: boolean): void;
  /** Stops every track and closes the connection; safe to call twice. */
  close(): void;
}

export interface CallLinkEvents {
  candidate(json: string): void;
  /** Media flows (ICE connected). */
  connected(): void;
  /** The connection failed or dropped for good. */
  failed(): void;
  streams(local: MediaStream | null, remote: MediaStream | null): void;
}

export type CallLinkFactory = (p: { media: CallMedia; iceServers: RTCIceServer[]; on: CallLinkEvents }) => CallLink;

/** Inbound bytes by kind, for the e2e check that frames flow (harmless in production). */
export interface CallStats {
  audioBytes: number;
  videoBytes: number;
  state: RTCPeerConnectionState;
}
declare global {
  interface Window {
    __gongfuCall?: { stats(): Promise<CallStats> };
  }
}

/** The browser's WebRTC link. */
export const createRtcLink: CallLinkFactory = ({ media, iceServers, on }) => {
  let pc: RTCPeerConnection | null = null;
  let local: MediaStream | null = null;
  const remote = typeof MediaStream === 'function' ? new MediaStream() : null;
  const pending: RTCIceCandidateInit[] = [];
  let closed = false;
  let wasConnected = false;

  function conn(): RTCPeerConnection {
    if (!pc) throw new Error(CALL_T.connectFailed);
    return pc;
  }

  async function flushCandidates(): Promise<void> {
    const p = conn();
    for (const c of pending.splice(0)) await p.addIceCandidate(c).catch(() => undefined);
  }

  return {
    async open() {
      if (typeof RTCPeerConnection !== 'function' || !navigator.mediaDevices?.getUserMedia) throw new Error(CALL_T.unsupported);
      try {
        local = await navigator.mediaDevices.getUserMedia({ audio: true, video: media === 'video' });
      } catch {
        throw new Error(CALL_T.noDevice);
      }
      if (closed) {
        local.getTracks().forEach((t) => t.stop());
        return;
      }
      pc = new RTCPeerConnection({ iceServers });
      for (const t of local.getTracks()) pc.addTrack(t, local);
      pc.onicecandidate = (e) => {
        if (e.candidate) on.candidate(JSON.stringify(e.candidate.toJSON()));
      };
      pc.ontrack = (e) => {
        if (remote && !remote.getTracks().includes(e.track)) remote.addTrack(e.track);
        on.streams(local, remote);
      };
      pc.onconnectionstatechange = () => {
        const s = conn().connectionState;
        if (s === 'connected' && !wasConnected) {
          wasConnected = true;
          on.connected();
        } else if (s === 'failed' || (s === 'closed' && !closed)) {
          on.failed();
        }
      };
      const p = pc;
      window.__gongfuCall = {
        async stats() {
          let audioBytes = 0;
          let videoBytes = 0;
          (await p.getStats()).forEach((r: { type?: string; kind?: string; bytesReceived?: number }) => {
            if (r.type !== 'inbound-rtp') return;
            if (r.kind === 'audio') audioBytes += r.bytesReceived ?? 0;
            if (r.kind === 'video') videoBytes += r.bytesReceived ?? 0;
          });
          return { audioBytes, videoBytes, state: p.connectionState };
        },
      };
      on.streams(local, remote);
    },
    async offer() {
      const p = conn();
      const o = await p.createOffer();
      await p.setLocalDescription(o);
      return o.sdp ?? '';
    },
    async answer(sdp) {
      const p = conn();
      await p.setRemoteDescription({ type: 'offer', sdp });
      await flushCandidates();
      const a = await p.createAnswer();
      await p.setLocalDescription(a);
      return a.sdp ?? '';
    },
    async acceptAnswer(sdp) {
      const p = conn();
      if (p.signalingState !== 'have-local-offer') return;
      await p.setRemoteDescription({ type: 'answer', sdp });
      await flushCandidates();
    },
    async addCandidate(json) {
      let c: RTCIceCandidateInit;
      try {
        c = JSON.parse(json) as RTCIceCandidateInit;
      } catch {
        return;
      }
      if (!pc?.remoteDescription) pending.push(c);
      else await pc.addIceCandidate(c).catch(() => undefined);
    },
    setMuted(muted) {
      local?.getAudioTracks().forEach((t) => (t.enabled = !muted));
    },
    setCameraOff(off) {
      local?.getVideoTracks().forEach((t) => (t.enabled = !off));
    },
    close() {
      if (closed) return;
      closed = true;
      local?.getTracks().forEach((t) => t.stop());
      remote?.getTracks().forEach((t) => t.stop());
      if (pc) {
        pc.onicecandidate = null;
        pc.ontrack = null;
        pc.onconnectionstatechange = null;
        pc.close();
      }
      pc = null;
      local = null;
      if (typeof window !== 'undefined') delete window.__gongfuCall;
    },
  };
};
