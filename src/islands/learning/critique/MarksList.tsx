import type { CritiqueMark } from '~/lib/rules/critique';
import { TOOL_LABELS, timeChip } from '~/lib/stores/critique';

/** The pinned comments in time order; a chip seeks there (and shows that drawing). */
export function MarksList(props: {
  marks: readonly CritiqueMark[];
  active: number | null;
  onPick: (i: number) => void;
  onEdit?: (i: number) => void;
  onDelete?: (i: number) => void;
  phone?: boolean;
}) {
  if (props.marks.length === 0) return <p className="py-4 text-center text-sm text-ink-mute">还没有钉在时间点上的点评</p>;
  const chip = props.phone ? 'min-h-11 px-3' : 'h-7 px-2';
  return (
    <ol className="divide-y divide-line" aria-label="时间点点评" data-testid="critique-marks">
      {props.marks.map((m, i) => (
        <li key={`${m.at}-${i}`} className={`flex items-start gap-3 py-2 ${props.active === i ? 'bg-brand-light' : ''}`}>
          <button
            type="button"
            className={`${chip} shrink-0 rounded-full bg-shade text-xs font-600 text-white tabular-nums`}
            onClick={() => props.onPick(i)}
            aria-label={`跳到 ${timeChip(m.at)}`}
            data-testid="critique-chip"
          >
            {timeChip(m.at)}
          </button>
          <div className="min-w-0 flex-1 text-sm">
            {m.text && <p className="whitespace-pre-wrap break-words text-ink">{m.text}</p>}
            {m.shapes.length > 0 && (
              <p className="mt-0.5 text-xs text-ink-mute">画面标注：{[...new Set(m.shapes.map((s) => TOOL_LABELS[s.kind]))].join('、')}</p>
            )}
          </div>
          {props.onEdit && (
            <button type="button" className="text-sm text-brand hover:underline" onClick={() => props.onEdit?.(i)}>
              编辑
            </button>
          )}
          {props.onDelete && (
            <button type="button" className="text-sm text-danger-strong hover:underline" onClick={() => props.onDelete?.(i)}>
              删除
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
