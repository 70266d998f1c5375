import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime, positiveInt } from '~/lib/format';
import { toMobileHref } from '~/lib/rules/mobile-redirect';
import { createMobileNotices } from '~/lib/stores/mobile-my';
import {
  NOTICE_TABS,
  NOTICE_TEXTS,
  answerNotice,
  answeredText,
  deleteNotice,
  markAllRead,
  noticeKindFrom,
  openNotice,
  type NoticeItem,
  type NoticeKind,
} from '~/lib/stores/notice';
import { $unread, refreshUnread } from '~/lib/stores/unread';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { Sheet } from '~/islands/ui/mobile/Sheet';
import { useAction } from '~/islands/ui/useAction';
import { useLoad } from '~/islands/ui/useLoad';
import { CountBadge, Failed, Loading } from './parts';

/**
 * /m/my/notices?type=notice|comment|announce: the notices of one kind with the unread count of
 * each, opened in a sheet (the server marks them read), 全部已读, delete, and a consent to answer.
 */
export default function MyNotices() {
  return (
    <MemberGate text="登录后查看消息通知">
      <Notices />
    </MemberGate>
  );
}

function Notices() {
  const unread = useStore($unread);
  const [kind, setKind] = useState<NoticeKind>(() => noticeKindFrom(location.search));
  const list = useMemo(() => createMobileNotices(kind), []); // eslint-disable-line react-hooks/exhaustive-deps -- one list; tabs go through setQuery
  // A desktop notice link (/my/notice/detail?id=) arrives with the notice to open.
  const [open, setOpen] = useState<number | null>(() => positiveInt(new URLSearchParams(location.search).get('id')));
  const act = useAction();

  useEffect(() => {
    void refreshUnread();
  }, []);

  function switchTo(k: NoticeKind) {
    setKind(k);
    history.replaceState(null, '', `?type=${k}`);
    void list.setQuery(k);
  }

  return (
    <div className="pb-6">
      <div className="sticky top-0 z-20 flex bg-white" role="tablist" aria-label="消息类型">
        {NOTICE_TABS.map((t) => (
          <button
            key={t.kind}
            type="button"
            role="tab"
            aria-selected={kind === t.kind}
            onClick={() => switchTo(t.kind)}
            className={`flex min-h-11 flex-1 items-center justify-center gap-1 border-b-2 text-[15px] ${kind === t.kind ? 'border-brand-accent font-600 text-ink' : 'border-transparent text-ink-soft'}`}
          >
            {t.label}
            <CountBadge n={unread[t.kind]} label="条未读" testId={`m-notice-unread-${t.kind}`} />
          </button>
        ))}
      </div>
      <div className="flex justify-end px-3">
        <button
          type="button"
          className="min-h-11 px-2 text-sm text-brand disabled:text-ink-mute"
          disabled={act.busy || unread[kind] === 0}
          onClick={() => void act.run(() => markAllRead(kind).then(async (t) => (await list.refresh(), t)), { done: (t) => t })}
        >
          全部已读
        </button>
      </div>
      <InfiniteList
        list={list}
        keyOf={(n) => n.id}
        emptyText="暂无消息"
        emptyIcon="i-ri-notification-3-line"
        className="mx-3 divide-y divide-line overflow-hidden rounded-xl bg-white"
        item={(n) => <NoticeRow n={n} onOpen={() => setOpen(n.id)} />}
      />
      {open !== null && (
        <NoticeSheet
          id={open}
          onClose={() => setOpen(null)}
          onChanged={() => void list.refresh()}
          onDeleted={() => {
            setOpen(null);
            void list.refresh();
          }}
        />
      )}
    </div>
  );
}

function NoticeRow({ n, onOpen }: { n: NoticeItem; onOpen: () => void }) {
  return (
    <button type="button" className="flex w-full items-start gap-3 px-4 py-3 text-left" onClick={onOpen} data-testid="m-notice-row">
      <span
        className={`mt-2 h-2 w-2 shrink-0 rounded-full ${n.is_read ? 'bg-transparent' : 'bg-danger'}`}
        aria-label={n.is_read ? undefined : '未读'}
      />
      <span className="min-w-0 flex-1">
        <span className={`block truncate text-[15px] ${n.is_read ? 'text-ink-soft' : 'font-600 text-ink'}`}>{n.title}</span>
        {n.summary && <span className="mt-0.5 line-clamp-2 block text-sm text-ink-soft">{n.summary}</span>}
        <span className="mt-1 block text-xs text-ink-mute">
          {n.from_name ? `${n.from_name} · ` : ''}
          {formatDateTime(n.created_at)}
          {n.need_agree === 1 && n.is_agree !== 0 ? ` · ${answeredText(n.is_agree)}` : ''}
        </span>
      </span>
    </button>
  );
}

function NoticeSheet(props: { id: number; onClose: () => void; onChanged: () => void; onDeleted: () => void }) {
  // Opening asks the server for the message, which marks it read.
  const loaded = useLoad(() => openNotice(`?id=${props.id}`), props.id);
  const msg = loaded.data;
  const act = useAction();
  // The list (its dots and counts) refreshes once the server has marked the notice read.
  const changed = useEffectEvent(props.onChanged);
  const readId = msg?.id;
  useEffect(() => {
    if (readId) changed();
  }, [readId]);

  return (
    <Sheet open onClose={props.onClose} title="消息详情">
      {loaded.error && !msg ? (
        <Failed error={loaded.error} retry={loaded.reload} />
      ) : !msg ? (
        <Loading />
      ) : (
        <article className="flex flex-col gap-3" data-testid="m-notice-detail">
          <h3 className="text-base font-600">{msg.title}</h3>
          <p className="text-xs text-ink-mute">
            {msg.from_name ? `${msg.from_name} · ` : ''}
            {formatDateTime(msg.created_at)}
          </p>
          {/* The server sanitised it (noticeDetailSchema: 已净化的 HTML). */}
          <div className="break-words text-[15px] leading-7" dangerouslySetInnerHTML={{ __html: msg.content }} />
          {msg.link && (
            <a className="text-sm text-brand" href={toMobileHref(msg.link)}>
              查看详情
            </a>
          )}
          {msg.need_agree === 1 &&
            (msg.is_agree === 0 ? (
              <div className="flex gap-3">
                {([1, 2] as const).map((a) => (
                  <button
                    key={a}
                    type="button"
                    className={`${a === 1 ? 'gf-m-btn-primary' : 'gf-m-btn-ghost'} flex-1`}
                    disabled={act.busy}
                    onClick={() =>
                      void act.run(async () => {
                        loaded.set(await answerNotice(msg, a));
                        props.onChanged();
                      })
                    }
                  >
                    {a === 1 ? '同意' : '拒绝'}
                  </button>
                ))}
              </div>
            ) : (
              <p className="text-sm text-ink-soft">{answeredText(msg.is_agree)}</p>
            ))}
          <button
            type="button"
            className="gf-m-btn-ghost mt-2 w-full text-danger"
            disabled={act.busy}
            onClick={() => {
              if (!window.confirm(NOTICE_TEXTS.confirmDelete)) return;
              void act.run(() => deleteNotice(msg.id).then(props.onDeleted), { done: NOTICE_TEXTS.deleted });
            }}
          >
            删除
          </button>
        </article>
      )}
    </Sheet>
  );
}
