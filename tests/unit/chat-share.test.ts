import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageDraft } from '~/lib/chat/types';

/* The API client is replaced by a scripted server: `reply` answers each call, `calls` records them. */
const calls: { path: string; body: unknown }[] = [];
let reply: (path: string, body: Record<string, unknown>) => unknown = () => null;
vi.mock('~/lib/api/client', () => ({
  api: async (path: string, body: Record<string, unknown> = {}) => {
    calls.push({ path, body });
    return reply(path, body);
  },
  errorText: (err: unknown) => (err instanceof Error ? err.message : '服务器开小差了'),
}));

const { readCustom } = await import('~/lib/chat/custom');
const { InputError } = await import('~/lib/stores/action');
const { $session } = await import('~/lib/stores/session');
const { $dialog } = await import('~/lib/stores/ui');
const { coachShare, createGroupShare } = await import('~/lib/stores/chat/share');

type User = NonNullable<ReturnType<typeof $session.get>>;
const member = { user_id: 7, token: 'tok' } as User;
const card = coachShare({ id: 3, nick: '陈师傅', desc: '陈式太极拳第十二代传人', img: 'upload/coach/3.jpg' });

/** A chat that records what it was asked to send, failing the first `fail` sends. */
function chatSpy(fail = 0) {
  const sent: MessageDraft[] = [];
  let loads = 0;
  const sender = async () => {
    loads++;
    return async (d: MessageDraft) => {
      sent.push(d);
      if (fail-- > 0) throw new Error('网络连接失败');
      return { ID: 'm1' };
    };
  };
  return { sent, sender, loads: () => loads };
}

beforeEach(() => {
  calls.length = 0;
  reply = () => null;
  $session.set(member);
  $dialog.set('none');
});

describe('share a coach to a group chat (SPEC §2, §3)', () => {
  it('lists the viewer’s own groups through memberInGroup', async () => {
    const s = createGroupShare(card, chatSpy().sender);
    reply = () => ({ group_list: [{ GroupId: '@TGS#1', Name: '陈师傅太极交流群', FaceUrl: '' }] });
    const loading = s.load();
    expect(s.$groups.get()).toEqual({ phase: 'loading' });
    await loading;
    expect(calls).toEqual([{ path: '/public/memberInGroup', body: { uid: 7, is_owenr: 0, is_group: 1 } }]);
    expect(s.$groups.get()).toEqual({ phase: 'ready', list: [{ GroupId: '@TGS#1', Name: '陈师傅太极交流群', FaceUrl: '' }] });
  });

  it('an empty list is ready and empty (the dialog says 你还没有群聊), a refusal is an error with its text', async () => {
    const s = createGroupShare(card, chatSpy().sender);
    reply = () => ({ group_list: [] });
    await s.load();
    expect(s.$groups.get()).toEqual({ phase: 'ready', list: [] });
    reply = () => {
      throw new Error('服务器开小差了，请稍后再试');
    };
    await s.load();
    expect(s.$groups.get()).toEqual({ phase: 'error', error: '服务器开小差了，请稍后再试' });
  });

  it('sends the SPEC share payload as a custom message to GROUP{id}', async () => {
    const chat = chatSpy();
    const s = createGroupShare(card, chat.sender);
    expect(await s.shareTo('@TGS#1')).toBe(true);
    expect(chat.sent).toHaveLength(1);
    const d = chat.sent[0];
    expect(d?.conversationID).toBe('GROUP@TGS#1');
    expect(d?.type).toBe('TIMCustomElem');
    expect(readCustom(d?.type === 'TIMCustomElem' ? d.payload.data : '')).toEqual({
      businessID: 'share',
      id: 3,
      type: 'coach',
      title: '陈师傅',
      desc: '陈式太极拳第十二代传人',
      img: 'upload/coach/3.jpg',
    });
  });

  it('a failed send is 分享失败, and the retry reuses the clientID so the server stores it once', async () => {
    const chat = chatSpy(1);
    const s = createGroupShare(card, chat.sender);
    const err = await s.shareTo('@TGS#1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toBe('分享失败');
    expect(await s.shareTo('@TGS#1')).toBe(true);
    const [first, retry] = chat.sent.map((d) => d.clientID);
    expect(retry).toBe(first);
    // Another group is another message.
    await s.shareTo('@TGS#2');
    expect(chat.sent[2]?.clientID).not.toBe(first);
  });

  it('a guest gets the login dialog and nothing is loaded or sent', async () => {
    $session.set(null);
    const chat = chatSpy();
    const s = createGroupShare(card, chat.sender);
    await expect(s.load()).rejects.toThrow('请先登录');
    expect($dialog.get()).toBe('login');
    await expect(s.shareTo('@TGS#1')).rejects.toThrow('请先登录');
    expect(calls).toEqual([]);
    expect(chat.loads()).toBe(0);
  });
});
