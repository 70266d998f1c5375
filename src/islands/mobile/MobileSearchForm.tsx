import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import type { SearchKind } from '~/lib/rules/search';
import { createSuggest, rememberSearch, type SuggestRow } from '~/lib/stores/search-suggest';
import { SuggestList } from '../ui/SuggestList';

const SETTLE_MS = 120;

/**
 * /m/search's box: a plain GET form (it searches before and without JavaScript), with the
 * suggestions of the desktop box once hydrated — while typing, and recent and hot words when empty.
 */
export default function MobileSearchForm(props: { type: SearchKind; q: string; placeholder: string; autofocus: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [box] = useState(() => createSuggest({ type: props.type }));
  const s = useStore(box.$state);
  const [kind, setKind] = useState(props.type);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function pick(row: SuggestRow) {
    if (input.current) input.current.value = row.text;
    if (row.kind) setKind(row.kind);
    box.close();
    rememberSearch(row.text);
    // The hidden type field follows the pick before the form goes.
    queueMicrotask(() => form.current?.requestSubmit());
  }

  function key(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      box.move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      const row = box.picked();
      if (row) {
        e.preventDefault();
        pick(row);
      }
    }
  }

  const listId = 'm-search-suggest';
  return (
    <form
      ref={form}
      method="get"
      action={MOBILE_PATHS.search}
      role="search"
      className="relative flex items-center gap-1 py-1.5 pl-1 pr-3"
      onSubmit={() => rememberSearch(input.current?.value.trim() || props.placeholder)}
    >
      <a href={MOBILE_PATHS.home} className="flex h-11 w-10 shrink-0 items-center justify-center text-ink" aria-label="返回" data-back>
        <span className="i-ri-arrow-left-s-line text-2xl" aria-hidden="true"></span>
      </a>
      <input type="hidden" name="type" value={kind} />
      <label className="flex h-9 min-w-0 flex-1 items-center gap-2 rounded-full bg-surface-grey px-3">
        <span className="i-ri-search-line shrink-0 text-ink-mute" aria-hidden="true"></span>
        <input
          ref={input}
          type="search"
          name="q"
          role="combobox"
          defaultValue={props.q}
          placeholder={props.placeholder || '搜索课程、教练、商品'}
          aria-label="搜索关键字"
          aria-autocomplete="list"
          aria-expanded={s.open && s.rows.length > 0}
          aria-controls={listId}
          aria-activedescendant={s.open && s.active >= 0 ? `${listId}-${s.active}` : undefined}
          autoComplete="off"
          maxLength={30}
          enterKeyHint="search"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the search page opened without a key is for typing one
          autoFocus={props.autofocus}
          className="h-9 min-w-0 flex-1 bg-transparent text-base outline-none"
          data-testid="m-search-input"
          onInput={(e) => {
            const v = e.currentTarget.value;
            box.close();
            clearTimeout(timer.current);
            timer.current = setTimeout(() => void box.input(v), SETTLE_MS);
          }}
          onFocus={(e) => void box.input(e.currentTarget.value)}
          onBlur={() => box.close()}
          onKeyDown={key}
        />
      </label>
      <button type="submit" className="h-11 shrink-0 pl-3 text-[15px] text-brand">
        搜索
      </button>
      <SuggestList box={box} id={listId} onPick={pick} phone />
    </form>
  );
}
