import { useState } from 'react';
import type { GroupRole, JoinOption } from '~/lib/chat/types';

/** Seconds now, read once per mount (mute marks need no live clock). */
export function useNow(): number {
  const [now] = useState(() => Date.now() / 1000);
  return now;
}

export type GroupView = { kind: 'none' } | { kind: 'group'; groupID: string } | { kind: 'applications' };

export const TYPE_NAME: Record<string, string> = { Work: '好友工作群', Public: '公开群', AVChatRoom: '直播群' };
export const ROLE_NAME: Record<GroupRole, string> = { Owner: '群主', Admin: '管理员', Member: '成员' };
export const JOIN_NAME: Record<JoinOption, string> = { FreeAccess: '自由加入', NeedPermission: '需要验证', DisableApply: '禁止加入' };
