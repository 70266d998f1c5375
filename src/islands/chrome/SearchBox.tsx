import { useEffect, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { searchContext, searchTarget, type PlaceholderKey, type SearchKind } from '~/lib/rules/search';
import { createSuggest, rememberSearch, type SuggestRow } from '~/lib/stores/search-suggest';
import { toast } from '~/lib/toast';
import { SuggestList } from '../ui/SuggestList';

/** Quiet time after a keystroke before asking for suggestions (typing fast asks once). */
const SETTLE_MS = 120;

/**
 * The section-aware search box (SPEC §2): the target and placeholder follow the current page;
 * an empty keyword searches the placeholder, or warns where the layout requires a keyword. While
 * typing it suggests titles of every kind (pinyin and initials too), the section's first; an empty
 * box offers this browser's recent searches and the console's hot words. The input is uncontrolled:
 * what was typed before the island hydrated (client:interact) is what gets searched.
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
  const [box] = useState(() => createSuggest({ type: context.type }));
  const s = useStore(box.$state);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function go(keyword: string, kind?: SearchKind) {
    const res = searchTarget({ context, keyword, placeholder, requireKeyword: props.requireKeyword ?? false, kind });
    if (!res.ok) return void toast.warning(res.error);
    rememberSearch(keyword.trim() || placeholder);
    box.close();
    location.assign(res.url);
  }

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const row = box.picked();
    if (row) return pick(row);
    go(input.current?.value ?? '');
  }

  function pick(row: SuggestRow) {
    if (input.current) input.current.value = row.text;
    go(row.text, row.kind);
  }

  function typed(value: string) {
    // What is listed answers the previous text: gone until the new answer comes.
    box.close();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void box.input(value), SETTLE_MS);
  }

  function key(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!s.open) void box.input(e.currentTarget.value);
      else box.move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Escape') box.close();
  }

  const listId = 'site-search-suggest';
  return (
    <form
      role="search"
      onSubmit={submit}
      className="relative flex h-9 w-[300px] min-w-[180px] items-center rounded-full border border-brand-accent bg-white"
    >
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="搜索关键字"
        aria-autocomplete="list"
        aria-expanded={s.open && s.rows.length > 0}
        aria-controls={listId}
        aria-activedescendant={s.open && s.active >= 0 ? `${listId}-${s.active}` : undefined}
        autoComplete="off"
        className="h-full min-w-0 flex-1 rounded-l-full bg-transparent pl-4 text-sm outline-none"
        placeholder={placeholder}
        defaultValue={props.initial ?? ''}
        maxLength={50}
        onInput={(e) => typed(e.currentTarget.value)}
        onFocus={(e) => void box.input(e.currentTarget.value)}
        onBlur={() => box.close()}
        onKeyDown={key}
      />
      <button
        type="submit"
        aria-label="搜索"
        className="flex h-full w-12 items-center justify-center rounded-r-full bg-brand text-white hover:bg-brand-dark"
      >
        <span className="i-ri-search-line" />
      </button>
      <SuggestList box={box} id={listId} onPick={pick} />
    </form>
  );
}
