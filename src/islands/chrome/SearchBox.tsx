import { useRef, type SubmitEvent } from 'react';
import { searchContext, searchTarget, type PlaceholderKey } from '~/lib/rules/search';
import { toast } from '~/lib/toast';

/**
 * The section-aware search box (SPEC §2): the target and placeholder follow the current page;
 * an empty keyword searches the placeholder, or warns where the layout requires a keyword.
 * The input is uncontrolled: what was typed before the island hydrated (client:interact) is what
 * gets searched.
 */
export default function SearchBox(props: {
  pathname: string;
  currentType?: string | null;
  initial?: string;
  placeholders: Record<PlaceholderKey, string>;
  requireKeyword?: boolean;
}) {
  const context = searchContext(props.pathname, props.currentType);
  const placeholder = props.placeholders[context.placeholderKey] ?? '';
  const input = useRef<HTMLInputElement>(null);

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const keyword = input.current?.value ?? '';
    const res = searchTarget({ context, keyword, placeholder, requireKeyword: props.requireKeyword ?? false });
    if (!res.ok) return void toast.warning(res.error);
    location.assign(res.url);
  }

  return (
    <form
      role="search"
      onSubmit={submit}
      className="flex h-9 w-[300px] min-w-[180px] items-center overflow-hidden rounded-full border border-brand-accent bg-white"
    >
      <input
        ref={input}
        type="search"
        aria-label="搜索关键字"
        className="h-full min-w-0 flex-1 bg-transparent pl-4 text-sm outline-none"
        placeholder={placeholder}
        defaultValue={props.initial ?? ''}
        maxLength={50}
      />
      <button
        type="submit"
        aria-label="搜索"
        className="flex h-full w-12 items-center justify-center bg-brand text-white hover:bg-brand-dark"
      >
        <span className="i-ri-search-line" />
      </button>
    </form>
  );
}
