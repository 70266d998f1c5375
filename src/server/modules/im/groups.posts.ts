import type { GroupSystemNoticePayload, GroupSystemNoticeType, GroupTipPayload, GroupTipType, GroupType } from '~/lib/chat/types';
import { GROUP_NOTICE } from '~/lib/chat/types';
import { db, type Tx } from '../../db';
import { groupAvatar, loadGroup, type GroupRow } from './groups.store';
import { deliverMessage, ensureSystemThread, groupKey, postMessage, type MessageRow } from './threads';

/**
 * What group actions post: tips in the group's own thread and system notices in each concerned user's
 * @TIM#SYSTEM thread (types by name: GROUP_TIP, GROUP_NOTICE). Every action runs its writes in one
 * transaction, collects the messages it posted and delivers them after the commit (`flush`).
 */

/** What a run of group changes posts; delivered after the commit. */
export type Posted = MessageRow[];

export async function tip(
  tx: Tx,
  out: Posted,
  groupID: string,
  operator: number | null,
  operationType: GroupTipType,
  ids: number[],
  extra: Partial<GroupTipPayload> = {},
) {
  const payload: GroupTipPayload = {
    operationType,
    operatorID: operator == null ? '' : String(operator),
    userIDList: ids.map(String),
    ...extra,
  };
  const { row } = await postMessage(tx, { threadKey: groupKey(groupID), fromUser: null, type: 'TIMGroupTipElem', payload });
  out.push(row);
}

export async function notice(
  tx: Tx,
  out: Posted,
  to: number[],
  g: Pick<GroupRow, 'id' | 'name' | 'avatar' | 'type'>,
  operator: number | null,
  operationType: GroupSystemNoticeType,
  extra: { handleMessage?: string; applicationID?: string } = {},
) {
  const payload: GroupSystemNoticePayload = {
    operationType,
    operatorID: operator == null ? '' : String(operator),
    groupProfile: { groupID: g.id, name: g.name, avatar: groupAvatar(g.avatar), type: g.type as GroupType },
    handleMessage: extra.handleMessage ?? '',
    ...(extra.applicationID ? { applicationID: extra.applicationID } : {}),
  };
  for (const userId of new Set(to)) {
    const threadKey = await ensureSystemThread(tx, userId);
    const { row } = await postMessage(tx, { threadKey, fromUser: null, type: 'TIMGroupSystemNoticeElem', payload });
    out.push(row);
  }
}

export async function flush(out: Posted): Promise<void> {
  for (const row of out) await deliverMessage(row);
}

/** A custom notice (type 255) from the platform to these members of a group. */
export async function sendSystemNotice(groupID: string, to: number[], text: string): Promise<void> {
  const out: Posted = [];
  await db().transaction(async (tx) => {
    const g = await loadGroup(tx, groupID);
    await notice(tx, out, to, g, null, GROUP_NOTICE.custom, { handleMessage: text });
  });
  await flush(out);
}
