import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { img } from '~/lib/media';
import type { LiveRoomStore } from '~/lib/stores/live-room';
import { openLogin } from '~/lib/stores/ui';
import { useAction } from '../../ui/useAction';

/** The room chat: everyone's lines, gifts and room notices; the input sends barrage. */
export default function RoomChat(props: { store: LiveRoomStore }) {
  const chat = useStore(props.store.$chat);
  const phase = useStore(props.store.$phase);
  const [text, setText] = useState('');
  const send = useAction();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [chat.length]);

  return (
    <section className="gf-card flex h-[420px] flex-col" aria-label="直播间聊天" data-testid="live-chat">
      <h2 className="border-b border-line px-4 py-2.5 text-[15px] font-600">聊天互动</h2>
      <ul ref={list} className="flex-1 space-y-1.5 overflow-y-auto px-4 py-3 text-sm" data-testid="live-chat-list">
        <li className="text-xs text-ink-mute">欢迎来到直播间，请文明发言，禁止发布违规内容。</li>
        {chat.map((l) =>
          l.kind === 'system' ? (
            <li key={l.id} className="text-xs text-ink-mute">
              {l.text}
            </li>
          ) : (
            <li key={l.id} className={l.kind === 'gift' ? 'text-warning' : ''} data-testid={l.kind === 'gift' ? 'chat-gift' : 'chat-line'}>
              <span className="mr-1 text-ink-mute">{l.nick}：</span>
              {l.gift?.gift.icon && <img src={img(l.gift.gift.icon)} alt="" className="mr-1 inline h-5 w-5" />}
              <span className="break-all">{l.text}</span>
            </li>
          ),
        )}
      </ul>
      <div className="border-t border-line p-3">
        {phase.phase === 'guest' ? (
          <button type="button" className="gf-btn-ghost w-full" onClick={openLogin} data-testid="live-chat-login">
            登录后参与聊天、发弹幕和送礼物
          </button>
        ) : phase.phase === 'kicked' ? (
          <p className="text-center text-sm text-danger" role="alert">
            {phase.error || '你已被移出直播间'}
          </p>
        ) : phase.phase === 'error' ? (
          <p className="text-center text-sm text-danger" role="alert">
            {phase.error}{' '}
            <button type="button" className="text-brand" onClick={() => void props.store.connect()}>
              重试
            </button>
          </p>
        ) : (
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void send.run(async () => {
                await props.store.say(text);
                setText('');
              });
            }}
          >
            <input
              className="gf-input h-9"
              maxLength={100}
              placeholder={phase.phase === 'connecting' ? '正在进入聊天…' : '发个弹幕和主播互动吧'}
              aria-label="弹幕内容"
              value={text}
              disabled={phase.phase !== 'ready'}
              onChange={(e) => setText(e.target.value)}
              data-testid="live-chat-input"
            />
            <button
              type="submit"
              className="gf-btn-primary h-9 shrink-0"
              disabled={phase.phase !== 'ready' || send.busy || !text.trim()}
              data-testid="live-chat-send"
            >
              发送
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
