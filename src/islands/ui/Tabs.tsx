/** Status filter tabs above a list (the console's queues, a member's lists). */
export function StatusTabs<T extends string>(props: { value: T; tabs: readonly (readonly [T, string])[]; onChange: (v: T) => void }) {
  return (
    <div role="tablist" aria-label="状态筛选" className="mb-4 flex gap-2 text-sm">
      {props.tabs.map(([v, label]) => (
        <button
          key={v || 'all'}
          type="button"
          role="tab"
          aria-selected={props.value === v}
          onClick={() => props.onChange(v)}
          className={`h-8 rounded px-4 ${props.value === v ? 'bg-brand text-white' : 'border border-line bg-white text-ink-soft hover:text-brand'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
