import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { getChatClient } from '~/lib/chat';
import type { Conversation } from '~/lib/chat/types';
import { bindCalls } from '~/lib/stores/chat/call';
import { onMessagesReceived } from '~/lib/stores/chat/messages';
import { $chatStatus, $friends } from '~/lib/stores/chat/state';
import CallButtons from './call/CallButtons';
import CallView from './call/CallLayer';

/**
 * Mount points for the calling layer: the C2C conversation header's call buttons
 * (friends only) and one top-level layer in the app that binds the call engine once chat is ready.
 */
export function C2CHeaderActions(props: { conversation: Conversation }) {
  const friends = useStore($friends);
  const peerID = props.conversation.conversationID.slice(3);
  return <CallButtons peerID={peerID} isFriend={friends.some((f) => f.userID === peerID)} />;
}

export function CallLayer(props: { fullScreen?: boolean }) {
  const ready = useStore($chatStatus).phase === 'ready';
  useEffect(() => {
    if (!ready) return;
    let unbind: (() => void) | null = null;
    let gone = false;
    getChatClient().then(
      ({ client, config }) => {
        if (!gone)
          unbind = bindCalls(
            client,
            async () => config.iceServers,
            (m) => onMessagesReceived([m]),
          );
      },
      // The chat app already shows why the client is unavailable.
      () => undefined,
    );
    return () => {
      gone = true;
      unbind?.();
    };
  }, [ready]);
  return <CallView fullScreen={props.fullScreen === true} />;
}
