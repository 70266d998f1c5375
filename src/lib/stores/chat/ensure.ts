import type { ChatClient } from '../../chat/client';
import { connectChatBadge } from './badge';
import { $chatStatus, chat, hasClient } from './state';

/** Resolves once the chat login in progress ends; rejects with its reason when it failed. */
function loggedIn(): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = $chatStatus.subscribe((s) => {
      if (s.phase === 'connecting' || s.phase === 'idle') return;
      // subscribe calls back at once, before `stop` is assigned.
      queueMicrotask(() => stop());
      if (s.phase === 'ready') resolve();
      else reject(new Error(s.reason || '聊天未登录'));
    });
  });
}

/**
 * The page's logged-in chat client outside /chat: the toolbar badge's connection (one per page),
 * started now when the badge has not started it yet.
 */
export async function ensureChat(): Promise<ChatClient> {
  await connectChatBadge();
  if (!hasClient()) throw new Error('聊天未登录');
  await loggedIn();
  return chat();
}
