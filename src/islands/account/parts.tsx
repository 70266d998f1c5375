import type { ReactNode } from 'react';
import { openLogin } from '~/lib/stores/ui';
import type { Loaded } from '../ui/useLoad';
import { useSession } from '../chrome/useSession';

/** Renders its children for a logged-in member; a guest gets the login prompt (pages stay static). */
export function MemberOnly(props: { children: ReactNode }) {
  const { ready, user } = useSession();
  if (!ready) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  if (!user) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-ink-soft">
        <span className="i-ri-lock-2-line text-5xl text-ink-mute" />
        <p>登录后才能查看此页面</p>
        <button type="button" className="gf-btn-primary w-32" onClick={openLogin}>
          登录
        </button>
      </div>
    );
  }
  return <>{props.children}</>;
}

/**
 * What a page shows when its data could not be loaded: the message, 重试 only when asking again can
 * help (a network or server fault — `load.retryable`, or an explicit `retry`), and a way back
 * (`back`; the home page when there is nothing to retry) — a missing record or a refusal answers
 * the same however often it is asked.
 */
export function LoadFailed(
  props: ({ load: Pick<Loaded<unknown>, 'error' | 'retryable' | 'reload'> } | { error: string; retry?: (() => void) | undefined }) & {
    back?: readonly [label: string, href: string];
  },
) {
  const error = 'load' in props ? props.load.error : props.error;
  const retry = 'load' in props ? (props.load.retryable ? props.load.reload : undefined) : props.retry;
  const [label, href] = props.back ?? ['返回首页', '/'];
  return (
    <div className="py-16 text-center" data-testid="load-failed">
      <p role="alert" className="text-[#f56c6c]">
        {error}
      </p>
      <div className="mt-4 flex justify-center gap-3">
        {retry && (
          <button type="button" className="gf-btn-ghost" onClick={retry}>
            重试
          </button>
        )}
        {(props.back || !retry) && (
          <a className={retry ? 'gf-btn-ghost' : 'gf-btn-primary'} href={href}>
            {label}
          </a>
        )}
      </div>
    </div>
  );
}

/** A labelled form row (label column 100px, as in the account pages). */
export function Field(props: { label: string; children: ReactNode; hint?: string }) {
  return (
    <div className="flex items-start gap-4">
      <span className="w-[100px] shrink-0 pt-2.5 text-right text-sm text-ink-soft">{props.label}</span>
      <div className="flex-1">
        {props.children}
        {props.hint && <p className="mt-1 text-xs text-ink-mute">{props.hint}</p>}
      </div>
    </div>
  );
}

/** Page heading inside the account card. */
export function Heading(props: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-8 flex items-center justify-between border-b border-line pb-4">
      <h1 className="text-lg font-600 text-ink">{props.title}</h1>
      {props.children}
    </div>
  );
}
