import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Message } from '~/lib/chat/types';
import { loadMoreHistory } from '~/lib/stores/chat/messages';

/**
 * The message pane's scrolling (desktop and phone): at the bottom for new messages, in place when
 * older ones are prepended, and scrolling near the top loads the next 15 (SPEC §4).
 */
export function usePaneScroll(messages: readonly Message[], conversationID: string, more: { completed: boolean; loading: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number; atBottom: boolean }>({ height: 0, top: 0, atBottom: true });

  // Keep the view where it was: at the bottom for new messages, in place when older ones are prepended.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const a = anchor.current;
    if (a.atBottom) el.scrollTop = el.scrollHeight;
    else if (el.scrollHeight !== a.height) el.scrollTop = a.top + (el.scrollHeight - a.height);
  }, [messages]);

  function remember() {
    const el = scroller.current;
    if (el)
      anchor.current = { height: el.scrollHeight, top: el.scrollTop, atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 40 };
  }

  useEffect(() => {
    anchor.current.atBottom = true;
  }, [conversationID]);

  // Pictures and videos take their height when they load, after the scroll above, and the pane
  // changes with the window (and the phone's keyboard): a reader at the bottom stays there; growth
  // above a reader of history is the browser's scroll anchoring.
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    const watch = new ResizeObserver(() => {
      if (anchor.current.atBottom) el.scrollTop = el.scrollHeight;
      remember();
    });
    watch.observe(inner);
    watch.observe(el);
    return () => watch.disconnect();
  }, []);

  function onScroll() {
    remember();
    const el = scroller.current;
    if (el && el.scrollTop < 60 && !more.completed && !more.loading) void loadMoreHistory().catch(() => undefined);
  }

  return {
    scroller,
    content,
    onScroll,
    /** The next change scrolls to the bottom (after sending). */
    stickToBottom: () => {
      anchor.current.atBottom = true;
    },
  };
}
