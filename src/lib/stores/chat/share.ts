import { atom } from 'nanostores';
import { api, errorText } from '../../api/client';
import type { CustomData } from '../../chat/custom';
import type { MessageDraft } from '../../chat/types';
import { T } from '../../texts';
import { InputError } from '../action';
import { requireLogin } from '../guard';

/** SPEC §3 share payload for a coach: id, type coach, title (nickname), desc, img. */
export type ShareData = Extract<CustomData, { businessID: 'share' }>;

/** One of the viewer's groups, as memberInGroup answers it. */
export interface ShareGroup {
  GroupId: string;
  Name: string;
  FaceUrl: string;
}

export type ShareGroupsState = { phase: 'idle' | 'loading' } | { phase: 'ready'; list: ShareGroup[] } | { phase: 'error'; error: string };

/** The coach profile's share payload. */
export function coachShare(c: { id: number; nick: string; desc: string; img: string }): ShareData {
  return { businessID: 'share', id: c.id, type: 'coach', title: c.nick, desc: c.desc, img: c.img };
}

/** The custom message a share sends to a group (TIMCustomElem, data as custom.ts reads it). */
export function shareDraft(groupID: string, data: ShareData, clientID: string): MessageDraft {
  return {
    conversationID: `GROUP${groupID}`,
    clientID,
    type: 'TIMCustomElem',
    payload: { data: JSON.stringify(data), description: data.title, extension: '' },
  };
}

/** Sends a draft through the page's chat client. */
export type ShareSender = (draft: MessageDraft) => Promise<unknown>;

/** The chat code loads on the first share only: content pages ship none of it up front. */
async function chatSender(): Promise<ShareSender> {
  const { ensureChat } = await import('./ensure');
  return async (draft) => (await ensureChat()).sendMessage(draft);
}

/**
 * 分享到群聊 of a profile page: the viewer's groups (memberInGroup, every group they are in), and
 * sending the share card to one of them. One store per dialog.
 */
export function createGroupShare(data: ShareData, send: () => Promise<ShareSender> = chatSender) {
  const $groups = atom<ShareGroupsState>({ phase: 'idle' });
  // One clientID per (dialog, group): a double click or a retry after a lost answer is stored once.
  const clientIDs = new Map<string, string>();

  async function load(): Promise<void> {
    const user = requireLogin();
    $groups.set({ phase: 'loading' });
    try {
      const { group_list } = await api('/public/memberInGroup', { uid: user.user_id, is_owenr: 0, is_group: 1 });
      $groups.set({ phase: 'ready', list: group_list });
    } catch (err) {
      $groups.set({ phase: 'error', error: errorText(err) });
    }
  }

  /** Sends the card (true when sent); any failure is SPEC §8 分享失败 (the reason goes to the console). */
  async function shareTo(groupID: string): Promise<true> {
    requireLogin();
    let clientID = clientIDs.get(groupID);
    if (!clientID) {
      clientID = crypto.randomUUID();
      clientIDs.set(groupID, clientID);
    }
    try {
      const sender = await send();
      await sender(shareDraft(groupID, data, clientID));
      return true;
    } catch (err) {
      console.warn('share to group failed:', errorText(err));
      throw new InputError(T.shareFailed);
    }
  }

  return { $groups, load, shareTo };
}
