import { atom, computed } from 'nanostores';
import type { GroupProfile } from '../../chat/types';
import { errorText } from '../../api/client';
import { loadContacts, loadGroups, setGroups } from './contacts';
import { ensureChat } from './ensure';
import { $chatUser, $groupApplications, $groups } from './state';

/** /coach/homepage/groupchat: loading the coach's chat lists through the page's chat connection. */
export const $coachGroupsLoad = atom<{ phase: 'loading' | 'ready' | 'error'; error: string }>({ phase: 'loading', error: '' });

/** The groups the coach owns, each with its pending join applications. */
export const $coachGroups = computed([$groups, $chatUser, $groupApplications], (groups, me, apps) =>
  groups
    .filter((g) => me && g.ownerID === me.userID)
    .map((group: GroupProfile) => ({ group, pending: apps.filter((a) => a.groupID === group.groupID).length })),
);

/**
 * Logs the page into chat and loads the groups, their applications and the friends (the create
 * dialog invites from them); the groups then follow groupListUpdated. Returns the unsubscribe.
 */
export async function openCoachGroups(): Promise<() => void> {
  $coachGroupsLoad.set({ phase: 'loading', error: '' });
  try {
    const client = await ensureChat();
    const off = client.on('groupListUpdated', setGroups);
    await Promise.all([loadGroups(), loadContacts()]);
    $coachGroupsLoad.set({ phase: 'ready', error: '' });
    return off;
  } catch (err) {
    $coachGroupsLoad.set({ phase: 'error', error: errorText(err) });
    return () => undefined;
  }
}
