import { getChatClient } from '../../chat/index';
import { $session } from '../session';
import { startChat } from './connect';
import { hasClient } from './state';

let pending: Promise<void> | null = null;

/**
 * The toolbar's live chat unread on pages other than /chat: a quiet chat login (no toasts, no lists)
 * whose totalUnreadMessageCountUpdated feeds the badge. Loaded lazily, after the page is idle.
 * Callers at the same time (the toolbar, a share) share one login.
 */
export function connectChatBadge(): Promise<void> {
  pending ??= connect().finally(() => {
    pending = null;
  });
  return pending;
}

async function connect(): Promise<void> {
  const user = $session.get();
  if (!user?.user_sig || hasClient()) return;
  const { client, config } = await getChatClient();
  if (hasClient()) return;
  await startChat(
    client,
    { userID: String(user.user_id), userSig: user.user_sig, sdkAppID: config.sdkAppID },
    { quiet: true, full: false },
  );
}
