import { img } from '~/lib/media';
import { ImageFileInput } from './ImageFileInput';

/**
 * Uploaded pictures as square tiles with × to remove, and a tile to add more (hidden once `max` are
 * there). The island uploads what is picked (`onPick`) and owns the list.
 */
export function ImageTiles(props: {
  paths: string[];
  max: number;
  busy: boolean;
  onPick: (files: File[]) => void;
  onRemove: (path: string) => void;
  /** What each tile shows (a thumbnail of the path); the path itself by default. */
  thumb?: (path: string) => string;
  /** The add tile's words when not busy. */
  addText: string;
  multiple?: boolean;
  size?: 'sm' | 'md';
  label?: string;
  inputTestId?: string;
}) {
  const box = props.size === 'sm' ? 'h-16 w-16' : 'h-24 w-24';
  return (
    <ul className="flex flex-wrap gap-2" aria-label={props.label ?? '图片'}>
      {props.paths.map((p, i) => (
        <li key={p} className="relative">
          <img src={img(props.thumb ? props.thumb(p) : p)} alt={`第 ${i + 1} 张`} className={`${box} rounded object-cover`} />
          <button
            type="button"
            aria-label={`移除第 ${i + 1} 张图片`}
            className="absolute -right-2 -top-2 h-5 w-5 rounded-full bg-black/60 text-xs text-white"
            onClick={() => props.onRemove(p)}
          >
            ×
          </button>
        </li>
      ))}
      {props.paths.length < props.max && (
        <li>
          <label
            className={`${box} flex cursor-pointer flex-col items-center justify-center rounded border border-dashed border-line text-ink-mute hover:border-brand-accent hover:text-brand`}
          >
            <span className={props.busy ? 'i-ri-loader-4-line animate-spin text-2xl' : 'i-ri-image-add-line text-2xl'} />
            <span className="mt-1 text-xs">{props.busy ? '上传中…' : props.addText}</span>
            <ImageFileInput multiple={props.multiple} disabled={props.busy} testId={props.inputTestId} onFiles={props.onPick} />
          </label>
        </li>
      )}
    </ul>
  );
}
