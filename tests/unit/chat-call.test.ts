import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatClient } from '../../src/lib/chat/client';
import { readCustom, type CustomData } from '../../src/lib/chat/custom';
import type { CallLinkEvents, CallLinkFactory } from '../../src/lib/chat/rtc';
import type { ChatEventName, ChatEvents, Message, MessageDraft } from '../../src/lib/chat/types';
import { CALL_END_T, CALL_T, CALL_TIMING, callDuration, callRecordText } from '../../src/lib/rules/call';
import { $call, CallEngine, bindCalls, isCallNegotiation, startCall, type CallState } from '../../src/lib/stores/chat/call';
import { $busy, $friends } from '../../src/lib/stores/chat/state';

type CallData = Extract<CustomData, { businessID: 'call' }>;
type Client = Pick<ChatClient, 'on' | 'sendMessage' | 'getUserProfile'>;

/**
 * A tiny in-memory IM: every tab of a user is a client; a stored message reaches the peer's tabs
 * (flow in) and the sender's other tabs (flow out), an online-only one the peer's tabs only.
 * Delivery is asynchronous and in send order, like a socket.
 */
class Hub {
  readonly stored: Message[] = [];
  private readonly tabs: { userID: string; emit: (list: Message[]) => void }[] = [];
  private seq = 0;

  client(userID: string): Client {
    const handlers = new Set<(list: Message[]) => void>();
    const tab = { userID, emit: (list: Message[]) => handlers.forEach((h) => h(list)) };
    this.tabs.push(tab);
    return {
      on<K extends ChatEventName>(event: K, handler: (data: ChatEvents[K]) => void) {
        if (event !== 'messageReceived') return () => undefined;
        const h = handler as (list: Message[]) => void;
        handlers.add(h);
        return () => handlers.delete(h);
      },
      sendMessage: async (draft: MessageDraft, opts?: { onlineUserOnly?: boolean }) => {
        if (draft.type !== 'TIMCustomElem') throw new Error('only custom messages here');
        const to = draft.conversationID.slice(3);
        const base = {
          ID: `m${++this.seq}`,
          clientID: draft.clientID,
          conversationType: 'C2C' as const,
          from: userID,
          to,
          time: Math.floor(Date.now() / 1000),
          sequence: opts?.onlineUserOnly ? 0 : this.seq,
          status: 'success' as const,
          isRevoked: false,
          isPeerRead: false,
          nick: `昵称${userID}`,
          avatar: `/a/${userID}.png`,
          cloudCustomData: '',
          type: 'TIMCustomElem' as const,
          payload: draft.payload,
        };
        const out: Message = { ...base, conversationID: `C2C${to}`, flow: 'out' };
        const inbound: Message = { ...base, conversationID: `C2C${userID}`, flow: 'in' };
        if (!opts?.onlineUserOnly) this.stored.push(out);
        await Promise.resolve();
        for (const t of this.tabs) {
          if (t.userID === to) t.emit([inbound]);
          else if (t.userID === userID && t !== tab && !opts?.onlineUserOnly) t.emit([out]);
        }
        return out;
      },
      getUserProfile: async ({ userIDList }) =>
        userIDList.map((id) => ({ userID: id, nick: `昵称${id}`, avatar: '', gender: 0 as const, selfSignature: '' })),
    };
  }

  /** The call records stored between two users, as the conversation shows them to `viewer`. */
  records(viewer: string): string[] {
    return this.stored.map((m) => {
      const c = readCustom(m.type === 'TIMCustomElem' ? m.payload.data : '') as CallData;
      return callRecordText(c, m.from === viewer ? 'out' : 'in') ?? '';
    });
  }

  /** Hands `m` to every tab of `userID` again, as a reconnect's replay would. */
  replay(userID: string, m: Message): void {
    for (const t of this.tabs) if (t.userID === userID) t.emit([m]);
  }

  actions(): string[] {
    return this.stored.map((m) => (readCustom(m.type === 'TIMCustomElem' ? m.payload.data : '') as CallData).action);
  }
}

/**
 * A fake media link with WebRTC's ordering: candidates appear once a local description is set and
 * are held until the remote one is; it connects once it has the remote description and a candidate.
 */
interface FakeLink {
  closed: boolean;
  opened: boolean;
  muted: boolean;
}
function fakeLinks(opts: { denied?: boolean; neverConnects?: boolean } = {}) {
  const made: FakeLink[] = [];
  const factory: CallLinkFactory = ({ on }) => {
    const st: FakeLink = { closed: false, opened: false, muted: false };
    made.push(st);
    let remote = false;
    let gotCandidate = false;
    const pending: string[] = [];
    const maybeConnect = (o: CallLinkEvents) => {
      if (remote && gotCandidate && !st.closed && !opts.neverConnects) o.connected();
    };
    return {
      async open() {
        if (opts.denied) throw new Error(CALL_T.noDevice);
        st.opened = true;
      },
      async offer() {
        on.candidate('{"candidate":"offerer"}');
        return 'sdp-offer';
      },
      async answer(sdp) {
        expect(sdp).toBe('sdp-offer');
        remote = true;
        gotCandidate = pending.length > 0;
        on.candidate('{"candidate":"answerer"}');
        maybeConnect(on);
        return 'sdp-answer';
      },
      async acceptAnswer(sdp) {
        expect(sdp).toBe('sdp-answer');
        remote = true;
        gotCandidate ||= pending.length > 0;
        maybeConnect(on);
      },
      async addCandidate(json) {
        pending.push(json);
        if (remote) {
          gotCandidate = true;
          maybeConnect(on);
        }
      },
      setMuted(m) {
        st.muted = m;
      },
      setCameraOff() {},
      close() {
        st.closed = true;
      },
    };
  };
  return { factory, made };
}

/** Lets queued deliveries and the handlers they start run to the end. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
}

const friendsOf: Record<string, string[]> = { '1': ['2', '3'], '2': ['1', '3'], '3': ['1', '2'], '9': ['1'] };
let ids = 0;

function engine(hub: Hub, userID: string, opts: Parameters<typeof fakeLinks>[0] = {}) {
  const links = fakeLinks(opts);
  const busy: boolean[] = [];
  const shown: string[] = [];
  const e = new CallEngine({
    onStored: (m) => shown.push(m.ID),
    client: hub.client(userID),
    isFriend: (id) => (friendsOf[userID] ?? []).includes(id),
    iceServers: async () => [],
    link: links.factory,
    newID: () => `id${++ids}`,
    onBusy: (b) => busy.push(b),
  });
  return { e, links, busy, shown, phase: (): CallState['phase'] => e.state.phase };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date('2026-11-23T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('call records and durations', () => {
  it('reads each stored signal the way the conversation shows it', () => {
    expect(callRecordText({ action: 'cancel', media: 'audio' }, 'out')).toBe('语音通话 已取消');
    expect(callRecordText({ action: 'cancel', media: 'audio' }, 'in')).toBe('对方已取消');
    expect(callRecordText({ action: 'hangup', media: 'video', duration: 83 }, 'in')).toBe('视频通话 通话时长 01:23');
    expect(callRecordText({ action: 'reject', media: 'video' }, 'in')).toBe('对方已拒绝');
    expect(callRecordText({ action: 'busy', media: 'video' }, 'in')).toBe('对方忙线中');
    expect(callRecordText({ action: 'timeout', media: 'audio' }, 'in')).toBe('未接听');
    expect(callRecordText({ action: 'timeout', media: 'audio' }, 'out')).toBe('对方无应答');
    expect(callRecordText({ action: 'candidate', media: 'audio' }, 'in')).toBeNull();
    expect(callDuration(0)).toBe('00:00');
    const msg = (action: string) =>
      ({
        type: 'TIMCustomElem',
        conversationType: 'C2C',
        payload: { data: JSON.stringify({ businessID: 'call', action, callID: 'c', media: 'audio' }), description: '', extension: '' },
      }) as Message;
    expect(isCallNegotiation(msg('candidate'))).toBe(true);
    expect(isCallNegotiation(msg('hangup'))).toBe(false);
    expect(callDuration(3723)).toBe('1:02:03');
  });
});

describe('CallEngine between two friends', () => {
  it('video call: rings, accepts, connects through trickled candidates, hang-up records the duration', async () => {
    const hub = new Hub();
    const a = engine(hub, '1');
    const b = engine(hub, '2');
    await a.e.start('2', 'video');
    expect(a.phase()).toBe('calling');
    await settle();
    expect(b.phase()).toBe('ringing');
    expect(b.e.state.peer).toEqual({ nick: '昵称1', avatar: '/a/1.png' });
    expect(b.e.state.media).toBe('video');
    expect(b.busy).toEqual([true]);

    await b.e.accept();
    await settle();
    expect(a.phase()).toBe('connected');
    expect(b.phase()).toBe('connected');

    a.e.toggleMute();
    expect(a.links.made[0]?.muted).toBe(true);
    expect(a.e.state.muted).toBe(true);

    vi.advanceTimersByTime(83_000);
    await a.e.hangUp();
    await settle();
    expect(a.e.state.endText).toBe(CALL_END_T.hungUp);
    expect(b.phase()).toBe('ended');
    expect(b.e.state.endText).toBe(CALL_END_T.peerHungUp);
    expect(a.links.made.every((l) => l.closed)).toBe(true);
    expect(b.links.made.every((l) => l.closed)).toBe(true);
    expect(hub.actions()).toEqual(['invite', 'accept', 'hangup']);
    expect(hub.records('2')).toEqual(['对方发起了视频通话', '已接听', '视频通话 通话时长 01:23']);
    expect(b.busy).toEqual([true, false]);
    // Each side shows the records it stored itself (the server echoes them to other tabs only).
    expect(a.shown).toEqual(hub.stored.filter((m) => m.from === '1').map((m) => m.ID));
    expect(b.shown).toEqual(hub.stored.filter((m) => m.from === '2').map((m) => m.ID));

    vi.advanceTimersByTime(CALL_TIMING.endedMs);
    expect(a.phase()).toBe('idle');
    expect(b.phase()).toBe('idle');
  });

  it('reject: the caller hears 对方已拒绝 and releases the camera', async () => {
    const hub = new Hub();
    const a = engine(hub, '1');
    const b = engine(hub, '2');
    await a.e.start('2', 'audio');
    await settle();
    await b.e.reject();
    await settle();
    expect(a.e.state.endText).toBe(CALL_END_T.peerRejected);
    expect(a.links.made[0]?.closed).toBe(true);
    expect(b.links.made).toHaveLength(0);
    expect(hub.actions()).toEqual(['invite', 'reject']);
  });

  it('cancel: the callee stops ringing; the record reads 语音通话 已取消', async () => {
    const hub = new Hub();
    const a = engine(hub, '1');
    const b = engine(hub, '2');
    await a.e.start('2', 'audio');
    await settle();
    await a.e.cancel();
    await settle();
    expect(b.phase()).toBe('ended');
    expect(b.e.state.endText).toBe(CALL_END_T.peerCancelled);
    expect(hub.records('1')).toEqual(['发起了语音通话', '语音通话 已取消']);
  });

  it('a cancel before the invite is stored sends nothing; one while it is on its way follows it', async () => {
    const hub = new Hub();
    const a = engine(hub, '1');
    const b = engine(hub, '2');
    const early = a.e.start('2', 'audio');
    await a.e.cancel();
    await early;
    await settle();
    expect(hub.actions()).toEqual([]);
    expect(b.phase()).toBe('idle');

    const inFlight = a.e.start('2', 'audio');
    while (!hub.stored.length) await Promise.resolve();
    await a.e.cancel();
    await inFlight;
    await settle();
    expect(hub.actions()).toEqual(['invite', 'cancel']);
    expect(b.e.state.endText).toBe(CALL_END_T.peerCancelled);
  });

  it('busy: an invite during a call is answered busy and the call goes on', async () => {
    const hub = new Hub();
    const a = engine(hub, '1');
    const b = engine(hub, '2');
    const c = engine(hub, '3');
    await c.e.start('2', 'audio');
    await settle();
    await b.e.accept();
    await settle();
    expect(b.phase()).toBe('connected');
    await a.e.start('2', 'video');
    await settle();
    expect(a.e.state.endText).toBe(CALL_END_T.peerBusy);
    expect(b.phase()).toBe('connected');
    expect(c.phase()).toBe('connected');
    await expect(b.e.start('1', 'audio')).rejects.toThrow(CALL_T.inCall);
  });

  it('timeout: 30 s without an answer, one timeout record, both sides stop', async () => {
    const hub = new Hub();
    const a = engine(hub, '1');
    const b = engine(hub, '2');
    await a.e.start('2', 'audio');
    await settle();
    vi.advanceTimersByTime(CALL_TIMING.ringMs - 1);
    expect(a.phase()).toBe('calling');
    vi.advanceTimersByTime(1);
    await settle();
    expect(a.e.state.endText).toBe(CALL_END_T.noAnswer);
    expect(b.e.state.endText).toBe(CALL_END_T.missed);
    expect(hub.records('2')).toEqual(['对方发起了语音通话', '未接听']);
  });

  it('multi-tab: accepting in one tab stops the other tab ringing', async () => {
    const hub = new Hub();
    const a = engine(hub, '1');
    const tab1 = engine(hub, '2');
    const tab2 = engine(hub, '2');
    await a.e.start('2', 'video');
    await settle();
    expect(tab1.phase()).toBe('ringing');
    expect(tab2.phase()).toBe('ringing');
    await tab1.e.accept();
    await settle();
    expect(tab2.phase()).toBe('ended');
    expect(tab2.e.state.endText).toBe(CALL_END_T.elsewhere);
    expect(tab1.phase()).toBe('connected');
    expect(a.phase()).toBe('connected');
  });

  it('only friends: the callee ignores a stranger, the caller cannot ring one', async () => {
    const hub = new Hub();
    const stranger = engine(hub, '9');
    const b = engine(hub, '2');
    await stranger.e.start('1', 'audio');
    // 9 lists 1 as a friend but 2 does not list 9: ring 2 through a forged friend check.
    const forged = new CallEngine({ client: hub.client('9'), isFriend: () => true, iceServers: async () => [], link: fakeLinks().factory });
    await forged.start('2', 'audio');
    await settle();
    expect(b.phase()).toBe('idle');
    await expect(b.e.start('9', 'audio')).rejects.toThrow(CALL_T.notFriend);
  });

  it('no microphone permission: the caller sees why and nothing is sent', async () => {
    const hub = new Hub();
    const a = engine(hub, '1', { denied: true });
    await a.e.start('2', 'audio');
    expect(a.e.state.endText).toBe(CALL_T.noDevice);
    expect(hub.stored).toHaveLength(0);
  });

  it('no camera permission on the callee: it refuses and the caller hears 对方已拒绝', async () => {
    const hub = new Hub();
    const a = engine(hub, '1');
    const b = engine(hub, '2', { denied: true });
    await a.e.start('2', 'video');
    await settle();
    await b.e.accept();
    await settle();
    expect(b.e.state.endText).toBe(CALL_T.noDevice);
    expect(a.e.state.endText).toBe(CALL_END_T.peerRejected);
  });

  it('media that never connects is hung up after 30 s with a clear reason', async () => {
    const hub = new Hub();
    const a = engine(hub, '1', { neverConnects: true });
    const b = engine(hub, '2', { neverConnects: true });
    await a.e.start('2', 'video');
    await settle();
    await b.e.accept();
    await settle();
    expect(a.phase()).toBe('connecting');
    vi.advanceTimersByTime(CALL_TIMING.connectMs);
    await settle();
    expect([a.e.state.endText, b.e.state.endText]).toContain(CALL_T.connectFailed);
    expect(a.phase()).toBe('ended');
    expect(b.phase()).toBe('ended');
    expect(hub.records('1').at(-1)).toBe('视频通话 通话时长 00:00');
  });

  it('an invite replayed long after it was sent does not ring; a fresh one does', async () => {
    const hub = new Hub();
    const a = engine(hub, '1');
    await a.e.start('2', 'audio');
    const invite = hub.stored[0];
    if (!invite) throw new Error('no invite stored');
    const asReceived: Message = { ...invite, conversationID: 'C2C1', flow: 'in' };
    vi.advanceTimersByTime(CALL_TIMING.ringMs + 1000);
    // A tab opened later gets the old invite again (a reconnect's replay).
    const late = engine(hub, '2');
    hub.replay('2', asReceived);
    await settle();
    expect(late.phase()).toBe('idle');
    hub.replay('2', { ...asReceived, time: Math.floor(Date.now() / 1000) });
    await settle();
    expect(late.phase()).toBe('ringing');
  });
});

describe('the tab engine (bindCalls)', () => {
  it('calls friends from the chat state only and raises the busy flag while a call is on', async () => {
    const hub = new Hub();
    const callee = engine(hub, '2');
    $friends.set([
      { userID: '2', remark: '', groupList: [], profile: { userID: '2', nick: '', avatar: '', gender: 0, selfSignature: '' } },
    ]);
    const unbind = bindCalls(hub.client('1'), async () => []);
    try {
      await expect(startCall('3', 'audio')).rejects.toThrow(CALL_T.notFriend);
      expect($busy.get()).toBe(false);
      // No media devices in node: the real WebRTC link refuses, and the flag drops again.
      const flags: boolean[] = [];
      const stop = $busy.listen((b) => flags.push(b));
      await startCall('2', 'audio');
      stop();
      expect(flags).toEqual([true, false]);
      expect($call.get().endText).toBe(CALL_T.unsupported);
      expect($busy.get()).toBe(false);
      expect(callee.phase()).toBe('idle');
    } finally {
      unbind();
      $friends.set([]);
    }
  });
});
