import { describe, expect, it } from 'vitest';
import { describeNotice, describeRecall, describeShort, describeTip } from '~/lib/chat/describe';
import type { GroupSystemNoticeType, GroupTipType, Message } from '~/lib/chat/types';
import { dayLabel, formatSize, listTime, mayRecall } from '~/lib/rules/chat';

const names: Record<string, string> = { '1': '我自己', '2': '张教练', '3': '李四', '4': '王五' };
const nameOf = (id: string) => names[id] ?? id;

describe('group tips (types 1–7)', () => {
  const tip = (operationType: GroupTipType, extra: object = {}) =>
    describeTip({ operationType, operatorID: '2', userIDList: ['3', '4'], ...extra }, '1', nameOf);
  it('says who did what, the viewer as 你', () => {
    expect(tip(1)).toBe('张教练邀请李四、王五加入了群聊');
    expect(describeTip({ operationType: 1, operatorID: '3', userIDList: ['3'] }, '1', nameOf)).toBe('李四加入了群聊');
    expect(tip(2)).toBe('李四、王五退出了群聊');
    expect(tip(3)).toBe('李四、王五被张教练移出了群聊');
    expect(describeTip({ operationType: 4, operatorID: '2', userIDList: ['1'] }, '1', nameOf)).toBe('你被设为管理员');
    expect(tip(5)).toBe('李四、王五被取消了管理员');
    expect(tip(6, { newGroupProfile: { name: '早课群' } })).toBe('张教练将群名称修改为“早课群”');
    expect(tip(6, { newGroupProfile: { muteAllMembers: true } })).toBe('张教练开启了全员禁言');
    expect(tip(6, { newGroupProfile: { notification: 'x' } })).toBe('张教练修改了群公告');
    expect(tip(6, { newGroupProfile: { ownerID: '3' } })).toBe('李四成为新群主');
    expect(tip(7, { muteTime: 600 })).toBe('李四、王五被禁言10分钟');
    expect(tip(7, { muteTime: 0 })).toBe('李四、王五被解除禁言');
  });
});

describe('group system notices (1–10, 255)', () => {
  const n = (operationType: GroupSystemNoticeType, handleMessage = '') =>
    describeNotice(
      { operationType, operatorID: '2', groupProfile: { groupID: 'g1', name: '太极群', avatar: '', type: 'Public' }, handleMessage },
      '1',
      nameOf,
    );
  it('reads as one Chinese sentence per type', () => {
    expect(n(1, '想学太极')).toBe('张教练申请加入群聊“太极群”：想学太极');
    expect(n(2)).toBe('张教练同意了你加入群聊“太极群”的申请');
    expect(n(3, '人满了')).toBe('张教练拒绝了你加入群聊“太极群”的申请：人满了');
    expect(n(4)).toBe('你被张教练移出了群聊“太极群”');
    expect(n(5)).toBe('群聊“太极群”已被张教练解散');
    expect(n(6)).toBe('你创建了群聊“太极群”');
    expect(n(7)).toBe('张教练邀请你加入了群聊“太极群”');
    expect(n(8)).toBe('你退出了群聊“太极群”');
    expect(n(9)).toBe('张教练将你设为群聊“太极群”的管理员');
    expect(n(10)).toBe('张教练取消了你在群聊“太极群”的管理员身份');
    expect(n(255, '明早 7 点集合')).toBe('明早 7 点集合');
  });
});

describe('recalls and previews', () => {
  it('你撤回了一条消息 for own, {nick}撤回了一条消息 for others', () => {
    expect(describeRecall({ flow: 'out', nick: '', from: '1' }, nameOf)).toBe('你撤回了一条消息');
    expect(describeRecall({ flow: 'in', nick: '', from: '3' }, nameOf)).toBe('李四撤回了一条消息');
  });
  it('cards and media read as tags', () => {
    const m = {
      type: 'TIMCustomElem',
      payload: {
        data: JSON.stringify({ businessID: 'share', id: 5, type: 'coach', title: '张教练', desc: '', img: '' }),
        description: '',
        extension: '',
      },
      isRevoked: false,
    } as Message;
    expect(describeShort(m, '1', nameOf)).toBe('[分享] 张教练');
    expect(describeShort({ ...m, type: 'TIMImageElem', payload: { imageFormat: 'png', imageInfoArray: [] } } as Message, '1', nameOf)).toBe(
      '[图片]',
    );
  });
});

describe('chat rules', () => {
  const now = new Date(2026, 10, 23, 15, 0, 0);
  const sec = (d: Date) => Math.floor(d.getTime() / 1000);
  it('formats list times and day separators', () => {
    expect(listTime(sec(new Date(2026, 10, 23, 9, 5)), now)).toBe('09:05');
    expect(listTime(sec(new Date(2026, 10, 22, 23, 0)), now)).toBe('昨天');
    expect(listTime(sec(new Date(2026, 0, 2)), now)).toBe('01-02');
    expect(listTime(sec(new Date(2025, 0, 2)), now)).toBe('2025-01-02');
    expect(dayLabel(sec(new Date(2026, 10, 23, 1)), now)).toBe('今天');
    expect(dayLabel(sec(new Date(2025, 0, 2)), now)).toBe('2025年1月2日');
  });
  it('formats sizes', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(3500)).toBe('3.4 KB');
    expect(formatSize(12 * 1024 * 1024)).toBe('12.0 MB');
  });
  it('offers recall for own sent messages within 2 minutes only', () => {
    const m = { flow: 'out' as const, time: 1000, status: 'success', isRevoked: false };
    expect(mayRecall(m, 1119)).toBe(true);
    expect(mayRecall(m, 1120)).toBe(false);
    expect(mayRecall({ ...m, flow: 'in' }, 1001)).toBe(false);
  });
});
