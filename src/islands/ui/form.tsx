import type { ReactNode } from 'react';

/* Form fields with their labels, hints and classes. */

/** The console's text input. */
export const inputCls = 'h-9 w-full rounded border border-line px-2 text-sm outline-none focus:border-brand-accent';

/** A labelled form row: label column of 100px on the left (member and seller forms). */
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

/** A field with its label above it, the whole block a `<label>` (the console's forms). */
export function StackField(props: { label: string; hint?: string; children: ReactNode }) {
  return (
    <label className="mb-4 block text-sm">
      <span className="mb-1 block text-ink-soft">{props.label}</span>
      {props.children}
      {props.hint && <span className="mt-1 block text-xs text-ink-mute">{props.hint}</span>}
    </label>
  );
}

/** A form's refusal or failure line under its fields. */
export function FieldError(props: { error: string; className?: string }) {
  if (!props.error) return null;
  return (
    <p role="alert" className={`text-sm text-danger-strong ${props.className ?? ''}`}>
      {props.error}
    </p>
  );
}
