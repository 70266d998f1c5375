import type { Ref } from 'react';

/** The image types every upload takes (the server checks the bytes again). */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * The hidden file input behind an upload button (the button calls `ref.current.click()`). The
 * value is cleared after each pick, so choosing the same file again uploads it again.
 */
export function ImageFileInput({
  ref,
  ...props
}: {
  ref?: Ref<HTMLInputElement>;
  label?: string;
  testId?: string | undefined;
  multiple?: boolean | undefined;
  disabled?: boolean | undefined;
  onFiles: (files: File[]) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={IMAGE_TYPES}
      multiple={props.multiple}
      hidden
      disabled={props.disabled}
      aria-label={props.label}
      data-testid={props.testId}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        if (files.length) props.onFiles(files);
      }}
    />
  );
}
