import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { describeNotice } from '~/lib/chat/describe';
import { SYSTEM_CONVERSATION, type Conversation, type Message } from '~/lib/chat/types';
import { CHAT_REPORT_REASONS, CHAT_T, dayKey, dayLabel } from '~/lib/rules/chat';
import { handleGroupApplication } from '~/lib/stores/chat/contacts';
import { loadMoreHistory, reportMessage, retrySend } from '~/lib/stores/chat/messages';
import { $chatUser, $groups, $historyError, $historyLoading, $isCompleted, $messages, $progress, nameOf } from '~/lib/stores/chat/state';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';
import { Composer } from './Composer';
import { succeed } from './succeed';
import { ContextMenu, type MenuItem } from './Menu';
import { MessageItem, TipLine } from './MessageItem';
import { C2CHeaderActions } from './slots';
import { convName } from './names';
import { usePaneScroll } from './usePaneScroll';
import { messageMenu } from './messageMenu';

/** The right side: header, history (scrolling up loads 15 more), bubbles and the composer. */
export function MessagePane(props: { conversation: Conversation; onSettings: (groupID: string) => void }) {
  const { conversation: conv } = props;
  const messages = useStore($messages);
  const completed = useStore($isCompleted);
  const loading = useStore($historyLoading);
  const error = useStore($historyError);
  const progress = useStore($progress);
  const me = useStore($chatUser)?.userID ?? '';
  const groups = useStore($groups);
  const act = useAction();
  const [menu, setMenu] = useState<{ x: number; y: number; m: Message; now: number } | null>(null);
  const [view, setView] = useState('');
  const [reporting, setReporting] = useState<Message | null>(null);
  const c2c = conv.type === 'C2C';
  const isSystem = conv.conversationID === SYSTEM_CONVERSATION;
  const group = conv.type === 'GROUP' ? groups.find((g) => `GROUP${g.groupID}` === conv.conversationID) : undefined;

  const { scroller, content, onScroll, stickToBottom } = usePaneScroll(messages, conv.conversationID, { completed, loading });

  function openMenu(e: React.MouseEvent, m: Message) {
    e.preventDefault();
    setMenu({ x: e.clientX, y: e.clientY, m, now: Date.now() / 1000 });
  }

  function menuItems(m: Message, now: number): MenuItem[] {
    return messageMenu(m, now, { c2c, group, run: (fn) => void act.run(fn), onReport: setReporting });
  }

  const title = convName(conv);
  return (
    <section className="flex min-w-0 flex-1 flex-col bg-surface-pane" aria-label={`与${title}的会话`}>
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-line bg-white px-5">
        <h2 className="min-w-0 flex-1 truncate text-base font-600 text-ink" data-testid="chat-title">
          {title}
          {group && <span className="ml-1 text-sm font-400 text-ink-mute">（{group.memberCount}）</span>}
        </h2>
        {c2c && <C2CHeaderActions conversation={conv} />}
        {group && (
          <button
            type="button"
            className="gf-btn-ghost h-8 px-3"
            onClick={() => props.onSettings(group.groupID)}
            data-testid="group-settings-open"
          >
            <span className="i-ri-settings-3-line" /> 群设置
          </button>
        )}
      </header>
      <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-5 py-3" data-testid="chat-messages">
        <div ref={content}>
          <div className="py-1 text-center text-xs text-ink-mute">
            {loading ? (
              <span>
                <span className="i-ri-loader-4-line animate-spin" /> 加载中…
              </span>
            ) : error ? (
              <button type="button" className="text-danger hover:underline" onClick={() => void loadMoreHistory().catch(() => undefined)}>
                {error}，点击重试
              </button>
            ) : completed ? (
              <span data-testid="no-more-history">{CHAT_T.noMoreHistory}</span>
            ) : (
              <button type="button" className="hover:text-brand" onClick={() => void loadMoreHistory().catch(() => undefined)}>
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
                    onMenu={openMenu}
                    onRetry={(x) => void act.run(() => retrySend(x.clientID))}
                    onView={setView}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {!isSystem && <Composer conversationID={conv.conversationID} onSent={stickToBottom} />}
      {menu && <ContextMenu x={menu.x} y={menu.y} items={menuItems(menu.m, menu.now)} onClose={() => setMenu(null)} />}
      <Modal open={Boolean(view)} title="查看图片" width={780} onClose={() => setView('')}>
        {view && <img src={view} alt="大图" className="mx-auto max-h-[70vh] max-w-full object-contain" />}
      </Modal>
      {reporting && <ReportDialog m={reporting} onClose={() => setReporting(null)} />}
    </section>
  );
}

function ReportDialog(props: { m: Message; onClose: () => void }) {
  const act = useAction();
  const [reason, setReason] = useState('');
  return (
    <Modal open title="举报消息" onClose={props.onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void act
            .run(() => succeed(reportMessage(props.m, reason)), { done: '举报已提交，我们会尽快处理' })
            .then((r) => r !== undefined && props.onClose());
        }}
      >
        <div className="mb-3 flex flex-wrap gap-2">
          {CHAT_REPORT_REASONS.map((r) => (
            <button
              key={r}
              type="button"
              onClick={() => setReason(r)}
              className={`rounded-full border px-3 py-1 text-sm ${reason === r ? 'border-brand-accent text-brand' : 'border-line text-ink-soft'}`}
            >
              {r}
            </button>
          ))}
        </div>
        <textarea
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          placeholder="请填写举报原因"
          className="gf-input h-24 py-2"
          aria-label="举报原因"
        />
        <button type="submit" disabled={act.busy} className="gf-btn-primary mt-4 w-full">
          提交举报
        </button>
      </form>
    </Modal>
  );
}

/** A group system notice; an application (type 1) can be agreed or refused right here. */
export function Notice(props: { m: Extract<Message, { type: 'TIMGroupSystemNoticeElem' }>; me: string }) {
  const p = props.m.payload;
  const act = useAction();
  const [done, setDone] = useState('');
  return (
    <div className="mx-auto my-3 max-w-[520px] rounded-lg bg-white px-4 py-3 text-sm text-ink shadow-sm" data-testid="system-notice">
      <p>{describeNotice(p, props.me, nameOf)}</p>
      {p.operationType === 1 && p.applicationID && (
        <div className="mt-2 flex justify-end gap-2">
          {done ? (
            <span className="text-xs text-ink-mute">{done}</span>
          ) : (
            <>
              <button
                type="button"
                disabled={act.busy}
                className="gf-btn-ghost h-8 px-3"
                onClick={() =>
                  void act
                    .run(() => succeed(handleGroupApplication(p.applicationID ?? '', false)))
                    .then((r) => r !== undefined && setDone('已拒绝'))
                }
              >
                拒绝
              </button>
              <button
                type="button"
                disabled={act.busy}
                className="gf-btn-primary h-8 px-3"
                onClick={() =>
                  void act
                    .run(() => succeed(handleGroupApplication(p.applicationID ?? '', true)))
                    .then((r) => r !== undefined && setDone('已同意'))
                }
              >
                同意
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
