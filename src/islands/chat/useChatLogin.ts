import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { dropChatClient, getChatClient } from '~/lib/chat/index';
import { CHAT_T } from '~/lib/rules/chat';
import { startChat } from '~/lib/stores/chat/connect';
import { $chatStatus } from '~/lib/stores/chat/state';
import { toast } from '~/lib/toast';
import { useSession } from '../chrome/useSession';

/**
 * The chat login of a chat page (desktop /chat and the phone's /m/chat pages): once the site session
 * is known, logs the page's chat client in (SPEC §4) and then calls `onReady` (open a conversation);
 * `retry` (重新连接) builds a fresh client and logs in again.
 */
export function useChatLogin(onReady?: (() => void) | undefined, opts: { greetOnce?: boolean } = {}) {
  const greetOnce = opts.greetOnce === true;
  const session = useSession();
  const status = useStore($chatStatus);
  const [round, setRound] = useState(0);
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  });
  const user = session.user;
  const userID = user ? String(user.user_id) : '';
  const userSig = user?.user_sig ?? '';

  useEffect(() => {
    if (!userID) return;
    let live = true;
    getChatClient()
      .then(({ client, config }) => {
        if (!live) return undefined;
        // The phone's chat is several pages, each logging in: 登录成功 once per visit, not on every page.
        const quiet = greetOnce && greeted();
        return startChat(client, { userID, userSig, sdkAppID: config.sdkAppID }, { quiet }).then(() => {
          if (greetOnce) markGreeted();
        });
      })
      .then(() => {
        if (live) ready.current?.();
      })
      .catch((err: unknown) => {
        // startChat has shown 登录失败：{reason}; a failure before it (config, adapter) is shown here.
        if ($chatStatus.get().phase !== 'failed') {
          const text = CHAT_T.loginFailed(err instanceof Error ? err.message : String(err));
          $chatStatus.set({ phase: 'failed', reason: text });
          toast.error(text);
        }
      });
    return () => {
      live = false;
    };
  }, [userID, userSig, round, greetOnce]);

  return {
    ready: session.ready,
    user,
    status,
    retry: () => {
      dropChatClient();
      setRound((r) => r + 1);
    },
  };
}

const GREETED = 'gf-chat-greeted';

function greeted(): boolean {
  try {
    return sessionStorage.getItem(GREETED) === '1';
  } catch {
    return false;
  }
}

function markGreeted(): void {
  try {
    sessionStorage.setItem(GREETED, '1');
  } catch {
    // Storage refused (private mode): the toast shows again next page, nothing worse.
  }
}
