import { atom, type WritableAtom } from 'nanostores';
import type { ChatClient } from '../../chat/client';
import { readCustom, type CallAction, type CustomData } from '../../chat/custom';
import { createRtcLink, type CallLink, type CallLinkFactory } from '../../chat/rtc';
import type { Message } from '../../chat/types';
import { CALL_END_T, CALL_T, CALL_TIMING, isNegotiation, type CallMedia } from '../../rules/call';
import { $busy, $friends } from './state';

/**
 * 1:1 calls over the ChatClient. Signalling is a TIMCustomElem with businessID 'call':
 * invite/accept/reject/busy/cancel/hangup/timeout are stored (they are the call record in the
 * conversation and reach the user's other tabs, which stop ringing on an accept/reject/busy echo);
 * offer/answer/candidate go online-only. Only the caller stores `timeout`, so a missed call has one
 * record. Invites from non-friends are ignored on the callee (the UI offers the button to friends only).
 */

export type CallPhase = 'idle' | 'calling' | 'ringing' | 'connecting' | 'connected' | 'ended';
type CallData = Extract<CustomData, { businessID: 'call' }>;

export interface CallState {
  phase: CallPhase;
  callID: string;
  peerID: string;
  peer: { nick: string; avatar: string };
  media: CallMedia;
  direction: 'out' | 'in';
  /** ms since the epoch when media connected; 0 before. */
  connectedAt: number;
  /** The ended view's line (对方已拒绝, 通话结束…) or an error. */
  endText: string;
  muted: boolean;
  cameraOff: boolean;
  local: MediaStream | null;
  remote: MediaStream | null;
}

export const IDLE: CallState = {
  phase: 'idle',
  callID: '',
  peerID: '',
  peer: { nick: '', avatar: '' },
  media: 'audio',
  direction: 'out',
  connectedAt: 0,
  endText: '',
  muted: false,
  cameraOff: false,
  local: null,
  remote: null,
};

export interface CallDeps {
  client: Pick<ChatClient, 'on' | 'sendMessage' | 'getUserProfile'>;
  /** The callee side ignores invites from anyone else. */
  isFriend(userID: string): boolean;
  iceServers(): Promise<RTCIceServer[]>;
  link?: CallLinkFactory;
  now?: () => number;
  newID?: () => string;
  /** Called with true while a call is under way (SPEC chat state's busy flag). */
  onBusy?: (busy: boolean) => void;
  /** A call record this tab stored (the server echoes it to the other tabs only): show it here too. */
  onStored?: ((m: Message) => void) | undefined;
}

/** Our signal inside a message, or null for anything else. */
export function callOf(m: Message): CallData | null {
  if (m.type !== 'TIMCustomElem' || m.conversationType !== 'C2C') return null;
  const c = readCustom(m.payload.data);
  return c && c.businessID === 'call' && typeof c.callID === 'string' ? c : null;
}

/** Online-only offer/answer/candidate: call plumbing the message pane must not show. */
export function isCallNegotiation(m: Message): boolean {
  const c = callOf(m);
  return c !== null && isNegotiation(c.action);
}

const ACTIVE: readonly CallPhase[] = ['calling', 'ringing', 'connecting', 'connected'];

function randomID(): string {
  const b = new Uint8Array(12);
  globalThis.crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export class CallEngine {
  private link: CallLink | null = null;
  /** The call whose invite is stored (a cancel before that point has nothing to cancel yet). */
  private invited = '';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private endTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly off: () => void;
  private readonly now: () => number;
  private readonly newID: () => string;

  constructor(
    private readonly deps: CallDeps,
    readonly $state: WritableAtom<CallState> = atom<CallState>(IDLE),
  ) {
    this.now = deps.now ?? Date.now;
    this.newID = deps.newID ?? randomID;
    this.off = deps.client.on('messageReceived', (list) => {
      for (const m of list) void this.onMessage(m);
    });
  }

  get state(): CallState {
    return this.$state.get();
  }

  get busy(): boolean {
    return ACTIVE.includes(this.state.phase);
  }

  /** Rings a friend; refuses while another call is under way. */
  async start(peerID: string, media: CallMedia): Promise<void> {
    if (this.busy) throw new Error(CALL_T.inCall);
    if (!this.deps.isFriend(peerID)) throw new Error(CALL_T.notFriend);
    const callID = this.newID();
    this.begin({ ...IDLE, phase: 'calling', callID, peerID, media, direction: 'out' });
    try {
      await this.openLink(callID, media);
      if (!this.current(callID)) return;
      await this.send(peerID, { action: 'invite', callID, media });
      this.invited = callID;
    } catch (err) {
      if (this.current(callID)) this.end(err instanceof Error ? err.message : CALL_T.connectFailed);
      return;
    }
    // Cancelled while the invite was on its way: tell the peer so it stops ringing.
    if (!this.current(callID)) {
      await this.send(peerID, { action: 'cancel', callID, media }).catch(() => undefined);
      return;
    }
    this.arm(CALL_TIMING.ringMs, () => this.giveUp(callID));
  }

  async accept(): Promise<void> {
    const s = this.state;
    if (s.phase !== 'ringing') return;
    const { callID, peerID, media } = s;
    this.patch({ phase: 'connecting' });
    this.disarm();
    try {
      await this.openLink(callID, media);
      if (!this.current(callID)) return;
      await this.send(peerID, { action: 'accept', callID, media });
    } catch (err) {
      if (!this.current(callID)) return;
      await this.send(peerID, { action: 'reject', callID, media }).catch(() => undefined);
      this.end(err instanceof Error ? err.message : CALL_T.connectFailed);
      return;
    }
    // Media may already flow by now (the offer raced the accept's answer).
    if (this.current(callID) && this.state.phase === 'connecting')
      this.arm(CALL_TIMING.connectMs, () => void this.hangUp(CALL_T.connectFailed));
  }

  async reject(): Promise<void> {
    const s = this.state;
    if (s.phase !== 'ringing') return;
    this.end(CALL_END_T.rejected);
    await this.send(s.peerID, { action: 'reject', callID: s.callID, media: s.media }).catch(() => undefined);
  }

  async cancel(): Promise<void> {
    const s = this.state;
    if (s.phase !== 'calling') return;
    this.end(CALL_END_T.cancelled);
    // While the invite is on its way, start() sends the cancel once it is stored.
    if (this.invited !== s.callID) return;
    await this.send(s.peerID, { action: 'cancel', callID: s.callID, media: s.media }).catch(() => undefined);
  }

  /** Ends a call that was accepted; the record carries how long media flowed. */
  async hangUp(reason: string = CALL_END_T.hungUp): Promise<void> {
    const s = this.state;
    if (s.phase !== 'connecting' && s.phase !== 'connected') return;
    const duration = s.connectedAt ? Math.round((this.now() - s.connectedAt) / 1000) : 0;
    this.end(reason);
    await this.send(s.peerID, { action: 'hangup', callID: s.callID, media: s.media, duration }).catch(() => undefined);
  }

  /** Whatever the phase: leave it (page closing, logout). */
  async leave(): Promise<void> {
    if (this.state.phase === 'calling') await this.cancel();
    else if (this.state.phase === 'ringing') await this.reject();
    else await this.hangUp();
  }

  toggleMute(): void {
    const muted = !this.state.muted;
    this.link?.setMuted(muted);
    this.patch({ muted });
  }

  toggleCamera(): void {
    const cameraOff = !this.state.cameraOff;
    this.link?.setCameraOff(cameraOff);
    this.patch({ cameraOff });
  }

  dispose(): void {
    this.off();
    if (this.busy) void this.leave();
    this.teardown();
    if (this.endTimer) clearTimeout(this.endTimer);
    this.$state.set(IDLE);
  }

  // ---- incoming signals ----

  private async onMessage(m: Message): Promise<void> {
    const c = callOf(m);
    if (!c) return;
    const s = this.state;
    const mine = s.callID === c.callID && this.busy;
    if (m.flow === 'out') {
      // My other tab answered, refused or was busy: stop ringing here.
      if (mine && s.phase === 'ringing' && (c.action === 'accept' || c.action === 'reject' || c.action === 'busy'))
        this.end(CALL_END_T.elsewhere);
      return;
    }
    if (c.action === 'invite') return this.onInvite(m, c);
    if (!mine || m.from !== s.peerID) return;
    try {
      switch (c.action) {
        case 'accept':
          if (s.phase !== 'calling' || !this.link) return;
          this.patch({ phase: 'connecting' });
          this.arm(CALL_TIMING.connectMs, () => void this.hangUp(CALL_T.connectFailed));
          await this.signal({ action: 'offer', sdp: await this.link.offer() });
          return;
        case 'offer':
          if (s.direction !== 'in' || !this.link || !c.sdp) return;
          await this.signal({ action: 'answer', sdp: await this.link.answer(c.sdp) });
          return;
        case 'answer':
          if (s.direction === 'out' && c.sdp) await this.link?.acceptAnswer(c.sdp);
          return;
        case 'candidate':
          if (c.candidate) await this.link?.addCandidate(c.candidate);
          return;
        case 'reject':
          return this.end(CALL_END_T.peerRejected);
        case 'busy':
          return this.end(CALL_END_T.peerBusy);
        case 'cancel':
          return this.end(CALL_END_T.peerCancelled);
        case 'timeout':
          return this.end(CALL_END_T.missed);
        case 'hangup':
          return this.end(CALL_END_T.peerHungUp);
      }
    } catch {
      if (this.current(c.callID)) await this.hangUp(CALL_T.connectFailed);
    }
  }

  private async onInvite(m: Message, c: CallData): Promise<void> {
    // A replayed invite (reconnect, history) from a call long over must not ring.
    if (m.time * 1000 < this.now() - CALL_TIMING.ringMs) return;
    if (!this.deps.isFriend(m.from)) return;
    if (this.state.callID === c.callID) return;
    if (this.busy) {
      await this.send(m.from, { action: 'busy', callID: c.callID, media: c.media }).catch(() => undefined);
      return;
    }
    this.begin({
      ...IDLE,
      phase: 'ringing',
      callID: c.callID,
      peerID: m.from,
      peer: { nick: m.nick, avatar: m.avatar },
      media: c.media === 'video' ? 'video' : 'audio',
      direction: 'in',
    });
    // The caller stores the timeout; this only stops ringing if that message never arrives.
    this.arm(CALL_TIMING.ringMs + 5_000, () => {
      if (this.current(c.callID) && this.state.phase === 'ringing') this.end(CALL_END_T.missed);
    });
  }

  // ---- internals ----

  private begin(s: CallState): void {
    if (this.endTimer) clearTimeout(this.endTimer);
    this.teardown();
    this.$state.set(s);
    this.deps.onBusy?.(true);
    if (!s.peer.nick) void this.loadPeer(s.callID, s.peerID);
  }

  private async loadPeer(callID: string, peerID: string): Promise<void> {
    try {
      const [p] = await this.deps.client.getUserProfile({ userIDList: [peerID] });
      if (p && this.current(callID)) this.patch({ peer: { nick: p.nick || peerID, avatar: p.avatar } });
    } catch {
      if (this.current(callID)) this.patch({ peer: { nick: peerID, avatar: '' } });
    }
  }

  private async openLink(callID: string, media: CallMedia): Promise<void> {
    const iceServers = await this.deps.iceServers();
    if (!this.current(callID)) return;
    const link = (this.deps.link ?? createRtcLink)({
      media,
      iceServers,
      on: {
        candidate: (candidate) => {
          if (this.current(callID)) void this.signal({ action: 'candidate', candidate }).catch(() => undefined);
        },
        connected: () => {
          if (!this.current(callID)) return;
          this.disarm();
          this.patch({ phase: 'connected', connectedAt: this.now() });
        },
        failed: () => {
          if (this.current(callID)) void this.hangUp(CALL_T.dropped);
        },
        streams: (local, remote) => {
          if (this.current(callID)) this.patch({ local, remote });
        },
      },
    });
    this.link = link;
    try {
      await link.open();
    } catch (err) {
      link.close();
      if (this.link === link) this.link = null;
      throw err;
    }
  }

  private giveUp(callID: string): void {
    const s = this.state;
    if (!this.current(callID) || s.phase !== 'calling') return;
    this.end(CALL_END_T.noAnswer);
    void this.send(s.peerID, { action: 'timeout', callID, media: s.media }).catch(() => undefined);
  }

  /** A call this engine still holds (not ended, not replaced by another). */
  private current(callID: string): boolean {
    return this.state.callID === callID && this.busy;
  }

  private end(endText: string): void {
    this.teardown();
    this.$state.set({ ...this.state, phase: 'ended', endText, local: null, remote: null });
    this.deps.onBusy?.(false);
    const callID = this.state.callID;
    this.endTimer = setTimeout(() => {
      if (this.state.callID === callID && this.state.phase === 'ended') this.$state.set(IDLE);
    }, CALL_TIMING.endedMs);
  }

  private teardown(): void {
    this.disarm();
    this.link?.close();
    this.link = null;
  }

  private arm(ms: number, fn: () => void): void {
    this.disarm();
    this.timer = setTimeout(fn, ms);
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private patch(p: Partial<CallState>): void {
    this.$state.set({ ...this.state, ...p });
  }

  /** Online-only negotiation for the current call. */
  private async signal(p: {
    action: Extract<CallAction, 'offer' | 'answer' | 'candidate'>;
    sdp?: string;
    candidate?: string;
  }): Promise<void> {
    const s = this.state;
    await this.send(s.peerID, { ...p, callID: s.callID, media: s.media }, true);
  }

  private async send(peerID: string, data: Omit<CallData, 'businessID'>, onlineUserOnly = false): Promise<void> {
    const body: CallData = { businessID: 'call', ...data };
    const sent = await this.deps.client.sendMessage(
      {
        conversationID: `C2C${peerID}`,
        clientID: this.newID(),
        type: 'TIMCustomElem',
        payload: { data: JSON.stringify(body), description: '', extension: '' },
      },
      onlineUserOnly ? { onlineUserOnly: true } : undefined,
    );
    if (!onlineUserOnly) this.deps.onStored?.(sent);
  }
}

// ---- the tab's one engine, for the islands ----

/** The call the islands render. */
export const $call = atom<CallState>(IDLE);
let engine: CallEngine | null = null;

/**
 * Bound by the chat app once its client is logged in (after startChat); returns the unbinding.
 * Friends come from the chat state's friend list and the call sets its busy flag.
 */
export function bindCalls(client: CallDeps['client'], iceServers: CallDeps['iceServers'], onStored?: CallDeps['onStored']): () => void {
  engine?.dispose();
  const e = new CallEngine(
    { client, iceServers, onStored, isFriend: (id) => $friends.get().some((f) => f.userID === id), onBusy: (b) => $busy.set(b) },
    $call,
  );
  engine = e;
  return () => {
    if (engine === e) engine = null;
    e.dispose();
    $busy.set(false);
  };
}

function live(): CallEngine {
  if (!engine) throw new Error('聊天服务未连接，请稍后重试');
  return engine;
}

export const startCall = (peerID: string, media: CallMedia) => live().start(peerID, media);
export const acceptCall = () => live().accept();
export const rejectCall = () => live().reject();
export const cancelCall = () => live().cancel();
export const hangUpCall = () => live().hangUp();
export const leaveCall = () => engine?.leave() ?? Promise.resolve();
export const toggleMute = () => live().toggleMute();
export const toggleCamera = () => live().toggleCamera();
