import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { MessageItem, TipLine } from '~/islands/chat/MessageItem';
import { Notice } from '~/islands/chat/MessagePane';
import { messageMenu } from '~/islands/chat/messageMenu';
import { convName } from '~/islands/chat/names';
import { C2CHeaderActions } from '~/islands/chat/slots';
import { succeed } from '~/islands/chat/succeed';
import { usePaneScroll } from '~/islands/chat/usePaneScroll';
import { ActionSheet } from '~/islands/ui/mobile/Sheet';
import { useAction } from '~/islands/ui/useAction';
import { SYSTEM_CONVERSATION, type Message } from '~/lib/chat/types';
import { CHAT_REPORT_REASONS, CHAT_T, dayKey, dayLabel } from '~/lib/rules/chat';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { loadMoreHistory, openConversation, reportMessage, retrySend } from '~/lib/stores/chat/messages';
import {
  $chatUser,
  $currentConversation,
  $groups,
  $historyError,
  $historyLoading,
  $isCompleted,
  $messages,
  $progress,
} from '~/lib/stores/chat/state';
import { ChatGate, Centre } from './ChatGate';
import { conversationFromQuery } from './links';
import { MobileComposer } from './MobileComposer';

/**
 * /m/chat/thread?peer=<userId> | ?group=<groupID>: one conversation full-screen — history 15 at a
 * time scrolling up, bubbles with read receipts, a long press for 复制/撤回/删除, the input bar
 * above the keyboard, and the call buttons for a friend.
 */
export default function MobileChatThread() {
  const [cid] = useState(() => (typeof location === 'undefined' ? '' : conversationFromQuery(location.search)));
  const [openError, setOpenError] = useState('');
  const open = () => {
    setOpenError('');
    openConversation(cid).catch((err: unknown) => setOpenError(err instanceof Error ? err.message : String(err)));
  };
  return (
    <ChatGate onReady={cid ? open : undefined}>
      {!cid ? <Problem text="找不到这个会话" /> : openError ? <Problem text={openError} retry={open} /> : <Thread cid={cid} />}
    </ChatGate>
  );
}

function Problem(props: { text: string; retry?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 px-6 py-16 text-center" data-testid="m-thread-error">
      <span className="i-ri-chat-off-line text-5xl text-placeholder" aria-hidden="true" />
      <p className="text-sm text-ink" role="alert">
        {props.text}
      </p>
      {props.retry ? (
        <button type="button" className="gf-m-btn-primary w-40" onClick={props.retry}>
          重试
        </button>
      ) : (
        <a className="gf-m-btn-primary w-40" href={MOBILE_PATHS.chat}>
          返回消息
        </a>
      )}
    </div>
  );
}

/** The visual viewport (what the keyboard leaves): the thread fills it, the input bar at its bottom. */
function useViewport(): { top: number; height: number } | null {
  const [box, setBox] = useState<{ top: number; height: number } | null>(null);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    const on = () => setBox({ top: vv.offsetTop, height: vv.height });
    on();
    vv.addEventListener('resize', on);
    vv.addEventListener('scroll', on);
    return () => {
      vv.removeEventListener('resize', on);
      vv.removeEventListener('scroll', on);
    };
  }, []);
  return box;
}

function Thread(props: { cid: string }) {
  const conv = useStore($currentConversation);
  const messages = useStore($messages);
  const completed = useStore($isCompleted);
  const loading = useStore($historyLoading);
  const error = useStore($historyError);
  const progress = useStore($progress);
  const me = useStore($chatUser)?.userID ?? '';
  const groups = useStore($groups);
  const act = useAction();
  const box = useViewport();
  const { scroller, content, onScroll, stickToBottom } = usePaneScroll(messages, props.cid, { completed, loading });
  const [sheet, setSheet] = useState<{ m: Message; now: number } | null>(null);
  const [reporting, setReporting] = useState<Message | null>(null);
  const [view, setView] = useState('');
  const c2c = props.cid.startsWith('C2C');
  const isSystem = props.cid === SYSTEM_CONVERSATION;
  const group = props.cid.startsWith('GROUP') ? groups.find((g) => `GROUP${g.groupID}` === props.cid) : undefined;
  const title = conv && conv.conversationID === props.cid ? convName(conv) : '';

  // The page behind does not scroll while the thread covers it (iOS would move the fixed bar).
  useEffect(() => {
    const prev = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = prev;
    };
  }, []);

  return (
    <section
      className="fixed inset-x-0 top-0 z-30 flex h-[100dvh] flex-col bg-surface-pane"
      style={box ? { top: box.top, height: box.height } : undefined}
      aria-label={title ? `与${title}的会话` : '会话'}
      data-testid="m-thread"
    >
      <header className="flex h-12 shrink-0 items-center border-b border-line bg-white pt-[env(safe-area-inset-top)] box-content">
        <a
          href={MOBILE_PATHS.chat}
          className="flex h-12 w-12 shrink-0 items-center justify-center text-ink"
          aria-label="返回"
          onClick={(e) => {
            if (document.referrer && new URL(document.referrer).origin === location.origin && history.length > 1) {
              e.preventDefault();
              history.back();
            }
          }}
        >
          <span className="i-ri-arrow-left-s-line text-2xl" aria-hidden="true" />
        </a>
        <h1 className="min-w-0 flex-1 truncate text-center text-base font-600 text-ink" data-testid="chat-title">
          {title}
          {group && <span className="ml-1 font-400 text-ink-mute">（{group.memberCount}）</span>}
        </h1>
        <div className="flex min-w-12 shrink-0 items-center justify-end pr-1 [&_button]:(h-11 w-11)">
          {c2c && conv && conv.conversationID === props.cid && <C2CHeaderActions conversation={conv} />}
          {group && (
            <a
              href={`${MOBILE_PATHS.chatGroup}?id=${encodeURIComponent(group.groupID)}`}
              className="flex h-11 w-11 items-center justify-center text-ink"
              aria-label="群设置"
              data-testid="group-settings-open"
            >
              <span className="i-ri-more-fill text-2xl" aria-hidden="true" />
            </a>
          )}
        </div>
      </header>
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-2"
        data-testid="chat-messages"
      >
        <div ref={content}>
          <div className="py-1 text-center text-xs text-ink-mute">
            {loading ? (
              <Centre text="加载中…" />
            ) : error ? (
              <button type="button" className="min-h-11 text-danger" onClick={() => void loadMoreHistory().catch(() => undefined)}>
                {error}，点击重试
              </button>
            ) : completed ? (
              <span data-testid="no-more-history">{CHAT_T.noMoreHistory}</span>
            ) : (
              <button type="button" className="min-h-11" onClick={() => void loadMoreHistory().catch(() => undefined)}>
                查看更多消息
              </button>
            )}
          </div>
          {messages.map((m, i) => {
            const prev = messages[i - 1];
            const sep = !prev || dayKey(prev.time) !== dayKey(m.time) ? <TipLine>{dayLabel(m.time)}</TipLine> : null;
            return (
              <div key={m.clientID || m.ID}>
                {sep}
                {isSystem && m.type === 'TIMGroupSystemNoticeElem' ? (
                  <Notice m={m} me={me} />
                ) : (
                  <MessageItem
                    m={m}
                    me={me}
                    c2c={c2c}
                    progress={progress[m.clientID]}
                    onMenu={() => undefined}
                    onLongPress={(x) => setSheet({ m: x, now: Date.now() / 1000 })}
                    onRetry={(x) => void act.run(() => retrySend(x.clientID))}
                    onView={setView}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {!isSystem && <MobileComposer conversationID={props.cid} onSent={stickToBottom} />}
      <ActionSheet
        open={sheet !== null}
        onClose={() => setSheet(null)}
        actions={sheet ? messageMenu(sheet.m, sheet.now, { c2c, group, run: (fn) => void act.run(fn), onReport: setReporting }) : []}
      />
      <ActionSheet
        open={reporting !== null}
        onClose={() => setReporting(null)}
        actions={CHAT_REPORT_REASONS.map((reason) => ({
          label: reason,
          danger: true,
          onSelect: () => {
            const m = reporting;
            if (m) void act.run(() => succeed(reportMessage(m, reason)), { done: '举报已提交，我们会尽快处理' });
          },
        }))}
      />
      {view && (
        <button
          type="button"
          className="fixed inset-0 z-50 flex items-center justify-center bg-black"
          aria-label="关闭大图"
          onClick={() => setView('')}
        >
          <img src={view} alt="大图" className="max-h-full max-w-full object-contain" />
        </button>
      )}
    </section>
  );
}
