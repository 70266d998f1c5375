import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { imBackend } from '~/server/providers/im';
import { userSig } from '~/server/providers/im/user-sig';
import { log } from '~/server/log';
import { findOp, registeredOps } from '~/server/modules/im/ops';
import { DEMO } from '../helpers/api';
import { startIm, type TestIm } from '../helpers/im';
import { numbersIn, setAt, showPath, unboundedNumbers, type Path } from '../helpers/schema-walk';

/**
 * The /im frame edge (NUL and lone surrogates must never reach the database, which answers 9002): every
 * op of the registry gets a valid call, then each of its fields set to NUL, a lone surrogate, deep
 * nesting, a huge string, out-of-range integers and wrong types. No op may answer 9002 (服务器繁忙)
 * or log an error; unstorable text is refused at the frame as a validation error (9001) in Chinese.
 */

const INTERNAL = 9002;
const BAD_INPUT = 9001;

let t: TestIm;
let me: number;
let friend: number;
let groupID: string;
let roomID: string;
const errors: string[] = [];

beforeAll(async () => {
  t = await startIm({ IM_SEND_BURST: '100000' });
  me = await t.makeUser('帧测试');
  friend = await t.idOf(DEMO.member);
  const { c } = await t.connect(me);
  await c.addFriend({ to: String(friend), wording: '你好' });
  const other = await t.connect(friend);
  await other.c.acceptFriendApplication({ userID: String(me) });
  groupID = (await c.createGroup({ type: 'Public', name: '帧测试群', memberList: [String(friend)] })).groupID;
  roomID = await imBackend().createLiveRoom({ ownerID: String(friend), name: '帧测试直播间' });
  // Anything the server logs at error level while frames are fuzzed is a failure (a database error above all).
  vi.spyOn(log, 'error').mockImplementation((msg, fields) => void errors.push(`${msg} ${JSON.stringify(fields ?? {}).slice(0, 300)}`));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.stop();
});

interface Res {
  t: string;
  id?: number;
  ok?: boolean;
  code?: number;
  msg?: string;
}

/** A logged-in raw socket: `call` sends one frame (text as is) and resolves its answer. */
async function socket(userId: number) {
  const token = await t.sessionToken(userId);
  const ws = new WebSocket(t.wsUrl);
  const waiting = new Map<number, (r: Res) => void>();
  const loose: Res[] = [];
  let closed: number | null = null;
  ws.on('message', (d) => {
    const f = JSON.parse(String(d)) as Res;
    if (f.t === 'res' && f.id !== undefined) waiting.get(f.id)?.(f);
    else if (f.t === 'error') loose.push(f);
  });
  ws.on('close', (code) => {
    closed = code;
    for (const w of waiting.values()) w({ t: 'closed', code });
  });
  await new Promise<void>((ok, fail) => {
    ws.once('error', fail);
    ws.on('message', (d) => String(d).includes('"t":"ready"') && ok());
    ws.on('open', () => ws.send(JSON.stringify({ t: 'auth', userID: String(userId), userSig: userSig(userId), token })));
  });
  let next = 1;
  return {
    ws,
    loose,
    closed: () => closed,
    send(frame: (id: number) => string): Promise<Res> {
      const id = next++;
      return new Promise((ok) => {
        waiting.set(id, (r) => (waiting.delete(id), ok(r)));
        ws.send(frame(id));
      });
    },
    call(op: string, args: unknown[]): Promise<Res> {
      return this.send((id) => JSON.stringify({ t: 'req', id, op, args }));
    },
  };
}

/** A valid call of every op (the fuzz changes one field at a time). */
function samples(): Record<string, unknown[]> {
  const c2c = `C2C${friend}`;
  const text = { conversationID: c2c, clientID: 'c-1', type: 'TIMTextElem', payload: { text: '你好' } };
  const u = String(friend);
  return {
    getConversationList: [],
    getConversationProfile: [c2c],
    deleteConversation: [`GROUP${groupID}`],
    pinConversation: [{ conversationID: c2c, isPinned: true }],
    setMessageRemindType: [{ conversationID: c2c, messageRemindType: 'AcceptNotNotify' }],
    setMessageRead: [{ conversationID: c2c }],
    getMessageList: [{ conversationID: c2c, nextReqMessageID: '1' }],
    sendMessage: [text, { onlineUserOnly: false }],
    revokeMessage: [{ conversationID: c2c, ID: '1' }],
    deleteMessage: [{ conversationID: c2c, IDList: ['1'] }],
    reportMessage: [{ conversationID: c2c, ID: '1', reason: '广告' }],
    getMyProfile: [],
    getUserProfile: [{ userIDList: [u] }],
    searchUser: [{ keyword: u }],
    getFriendList: [],
    addFriend: [{ to: u, wording: '你好', remark: '朋友', groupName: '同学' }],
    deleteFriend: [{ userIDList: ['2147483646'] }],
    updateFriend: [{ userID: u, remark: '老朋友' }],
    getFriendApplicationList: [],
    acceptFriendApplication: [{ userID: u, remark: '朋友' }],
    refuseFriendApplication: [{ userID: u }],
    getFriendGroupList: [],
    createFriendGroup: [{ name: '同学', userIDList: [u] }],
    deleteFriendGroup: [{ name: '旧分组' }],
    renameFriendGroup: [{ oldName: '同学', newName: '同窗' }],
    addToFriendGroup: [{ name: '同窗', userIDList: [u] }],
    removeFromFriendGroup: [{ name: '同窗', userIDList: [u] }],
    getBlacklist: [],
    addToBlacklist: [{ userIDList: ['2147483646'] }],
    removeFromBlacklist: [{ userIDList: ['2147483646'] }],
    getGroupList: [],
    getGroupProfile: [{ groupID }],
    searchGroupByID: [groupID],
    createGroup: [{ type: 'Work', name: '新群', avatar: '', introduction: '简介', joinOption: 'FreeAccess', memberList: [u] }],
    updateGroupProfile: [
      { groupID, name: '帧测试群', introduction: '简介', notification: '公告', joinOption: 'NeedPermission', muteAllMembers: false },
    ],
    joinGroup: [{ groupID: roomID, applyMessage: '进来看看' }],
    quitGroup: ['@GF#nosuchgroup0'],
    dismissGroup: ['@GF#nosuchgroup0'],
    changeGroupOwner: [{ groupID: '@GF#nosuchgroup0', newOwnerID: u }],
    getGroupMemberList: [{ groupID, offset: 0, count: 30 }],
    addGroupMember: [{ groupID, userIDList: [u] }],
    deleteGroupMember: [{ groupID, userIDList: ['2147483646'], reason: '离开' }],
    setGroupMemberRole: [{ groupID, userID: u, role: 'Member' }],
    setGroupMemberMuteTime: [{ groupID, userID: u, muteTime: 0 }],
    getGroupApplicationList: [],
    handleGroupApplication: [{ applicationID: '1', handleAction: 'Reject', handleMessage: '不行' }],
  };
}

/** Every leaf (string, number, boolean, null) of a sample, where it sits. */
function leaves(v: unknown, path: Path = []): Path[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, [...path, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leaves(x, [...path, k]));
  return [path];
}

const deep = (n: number): unknown => (n === 0 ? 'x' : [deep(n - 1)]);
const NASTY: unknown[] = [
  'a\u0000b',
  'x\ud800y',
  '\udfff',
  'y'.repeat(60_000),
  deep(40),
  2 ** 31,
  2 ** 53,
  -1,
  1e308,
  0.5,
  null,
  true,
  {},
  [],
  '1',
  '2147483648',
  'NaN',
];

describe('/im frames', () => {
  it('declare bounded numbers in every op', () => {
    expect(registeredOps().flatMap((op) => unboundedNumbers(op, findOp(op)!.args))).toEqual([]);
  });

  it('refuse NUL and lone surrogates in any field as a validation error, in Chinese', async () => {
    const s = await socket(me);
    const text = (v: string) => [
      { conversationID: `C2C${friend}`, clientID: `nul-${v.length}`, type: 'TIMTextElem', payload: { text: v } },
    ];
    const cases: [string, unknown[]][] = [
      ['sendMessage', text('a\u0000b')],
      ['sendMessage', text('x\ud800y')],
      ['sendMessage', [{ ...text('好')[0], cloudCustomData: 'c\u0000' }]],
      [
        'sendMessage',
        [
          {
            conversationID: `C2C${friend}`,
            clientID: 'cu',
            type: 'TIMCustomElem',
            payload: { data: 'd\ud800', description: '', extension: '' },
          },
        ],
      ],
      ['sendMessage', [{ conversationID: `GROUP${roomID}`, clientID: 'room', type: 'TIMTextElem', payload: { text: '弹幕\u0000' } }]],
      ['createGroup', [{ type: 'Work', name: '群\u0000' }]],
      ['getGroupProfile', [{ groupID: '@GF#\ud800' }]],
    ];
    for (const [op, args] of cases) {
      const r = await s.call(op, args);
      expect({ op, code: r.code, ok: r.ok }).toEqual({ op, code: BAD_INPUT, ok: false });
      expect(r.msg).toMatch(/含有无法识别的字符/);
    }
    // A key, the auth frame and nesting past the limit are refused the same way.
    expect(await s.send((id) => JSON.stringify({ t: 'req', id, op: 'getGroupProfile', args: [{ ['g\u0000']: 1 }] }))).toMatchObject({
      code: BAD_INPUT,
      msg: '参数名含有无法识别的字符',
    });
    expect(await s.call('getUserProfile', [deep(30)])).toMatchObject({ code: BAD_INPUT, msg: '请求数据层级过深' });
    s.ws.close();
    expect(errors).toEqual([]);
  });

  it(
    'answer every op × NUL, surrogate, nesting, huge string, out-of-range integer and wrong type without 9002 or a logged error',
    { timeout: 300_000 },
    async () => {
      const all = samples();
      expect(Object.keys(all).sort()).toEqual(registeredOps());
      const s = await socket(me);
      const internal: string[] = [];
      for (const op of registeredOps()) {
        const base = all[op]!;
        const valid = await s.call(op, base);
        if (valid.code === INTERNAL) internal.push(`${op} (valid call) → ${valid.msg}`);
        // Each leaf of the valid call, plus numbers the call leaves out (paging, optional counts).
        const paths = [...leaves(base), ...numbersIn(findOp(op)!.args).map((n) => n.path)];
        for (const path of paths)
          for (const v of NASTY) {
            const args = setAt(base, path, v) as unknown[];
            const r = await s.call(op, args);
            if (r.t === 'closed') throw new Error(`${op}${showPath(path)}: the socket closed (${r.code})`);
            if (r.code === INTERNAL) internal.push(`${op}${showPath(path)}=${JSON.stringify(v).slice(0, 40)} → ${r.msg}`);
          }
        // Wrong types for the whole argument list.
        for (const args of [[null], [1], ['x'], [[]], [{}], [base[0], base[0], base[0], base[0]]]) {
          const r = await s.call(op, args);
          if (r.code === INTERNAL) internal.push(`${op} ${JSON.stringify(args).slice(0, 40)} → ${r.msg}`);
        }
      }
      expect(s.closed()).toBeNull();
      s.ws.close();
      expect(internal).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it('bound the auth frame and its resume map too', async () => {
    const open = (frame: unknown) =>
      new Promise<{ frames: Res[]; code: number }>((ok) => {
        const ws = new WebSocket(t.wsUrl);
        const frames: Res[] = [];
        ws.on('open', () => ws.send(JSON.stringify(frame)));
        ws.on('message', (d) => {
          frames.push(JSON.parse(String(d)) as Res);
          if (frames.some((f) => f.t === 'ready' || f.t === 'error')) ws.close();
        });
        ws.on('close', (code) => ok({ frames, code }));
      });
    const sig = userSig(me);
    for (const resume of [{ [`C2C${friend}`]: 2 ** 31 }, { [`C2C${friend}`]: -1 }, { [`C2C${friend}`]: 0.5 }, { ['C2C\u0000']: 1 }]) {
      const r = await open({ t: 'auth', userID: String(me), userSig: sig, resume });
      expect(r.frames[0]).toMatchObject({ t: 'error', code: BAD_INPUT });
    }
    expect((await open({ t: 'auth', userID: '9999999999', userSig: sig })).frames[0]).toMatchObject({ t: 'error', code: BAD_INPUT });
    expect((await open({ t: 'auth', userID: String(me), userSig: `${sig}\u0000` })).frames[0]).toMatchObject({
      t: 'error',
      code: BAD_INPUT,
    });
    expect(errors).toEqual([]);
  });
});
