import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalChatClient, type SocketLike } from '~/lib/chat/local';

/** A socket the test drives: it opens, answers and dies when told. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: { t: string }[] = [];
  closed: number | null = null;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { t: string });
  }
  close(code = 1000) {
    this.closed = code;
  }
  /** The server accepts the auth frame. */
  accept() {
    this.readyState = 1;
    this.onopen?.({});
    this.frame({ t: 'ready', userID: '1', serverTime: 0 });
  }
  frame(f: object) {
    this.onmessage?.({ data: JSON.stringify(f) });
  }
}

const last = () => FakeSocket.all.at(-1)!;

let client: LocalChatClient;
beforeEach(async () => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  client = new LocalChatClient({ url: 'ws://test/im', WebSocket: FakeSocket });
  const done = client.login({ userID: '1', userSig: 'sig' });
  last().accept();
  await done;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waking up (a phone back from sleep, online again, restored page)', () => {
  it('a socket that answers the ping is kept', () => {
    const ws = last();
    client.wake();
    expect(ws.sent.at(-1)?.t).toBe('ping');
    ws.frame({ t: 'pong' });
    vi.advanceTimersByTime(5000);
    expect(ws.closed).toBeNull();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('a silent socket (dead but looking open) is replaced and the client resumes', () => {
    const ws = last();
    client.wake();
    vi.advanceTimersByTime(3000);
    expect(ws.closed).toBe(4999);
    expect(client.isReady()).toBe(false);
    vi.advanceTimersByTime(600);
    expect(FakeSocket.all).toHaveLength(2);
    last().readyState = 1;
    last().onopen?.({});
    expect(last().sent[0]).toMatchObject({ t: 'auth', userID: '1' });
  });

  it('a client waiting out its backoff connects at once', () => {
    const ws = last();
    ws.onclose?.({ code: 1006, reason: '' });
    // Offline for a while: several failed attempts push the backoff up.
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(30_000);
      last().onclose?.({ code: 1006, reason: '' });
    }
    const before = FakeSocket.all.length;
    client.wake();
    expect(FakeSocket.all).toHaveLength(before + 1);
  });
});
