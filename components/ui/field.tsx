import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

/** `md` for the short account forms, `sm` for the editor's dense grids of fields. */
export type FieldSize = "md" | "sm";

const LOOKS = {
  md: {
    wrapper: "flex flex-col gap-1.5",
    label: "text-sm font-medium",
    control:
      "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:placeholder:text-slate-400 dark:aria-[invalid=true]:border-red-400",
    hint: "text-sm text-slate-600 dark:text-slate-400",
    note: "text-sm text-emerald-800 empty:hidden dark:text-emerald-300",
    error: "text-sm text-red-700 dark:text-red-300",
  },
  sm: {
    wrapper: "",
    label: "block text-sm font-medium",
    control: "ui-control-sm",
    hint: "mt-1 text-xs text-slate-600 dark:text-slate-400",
    note: "mt-1 text-xs text-emerald-800 empty:hidden dark:text-emerald-300",
    error: "mt-1 text-sm text-red-700 dark:text-red-400",
  },
} as const;

/** The classes of an input, select or textarea of the given size. */
export const controlClass = (size: FieldSize) => LOOKS[size].control;

/** The attributes that tie a control to its hint, note and error, for screen readers. */
export function describe(id: string, error?: string, hint?: string, note?: string) {
  const ids = [hint ? `${id}-hint` : "", note ? `${id}-note` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } as const;
}

type MessagesProps = { id: string; size: FieldSize; error?: string; hint?: string; note?: string };

export function FieldMessages({ id, size, error, hint, note }: MessagesProps) {
  const look = LOOKS[size];
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={look.hint}>
          {hint}
        </p>
      ) : null}
      {/* Always rendered, so screen readers announce the note when it appears. */}
      {note !== undefined ? (
        <p id={`${id}-note`} role="status" className={look.note}>
          {note}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={look.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

type ControlProps = ReturnType<typeof describe> & { className: string };

type FieldProps = {
  id: string;
  label: string;
  size?: FieldSize;
  hint?: string;
  /** A remark on what the field did to the value; a live region once defined, even empty. */
  note?: string;
  error?: string;
  /** Says "(required)" after the label. */
  requiredMark?: boolean;
  /** Hides the hint while there is an error, where both would state the same rule twice. */
  errorReplacesHint?: boolean;
  /** Of the wrapper, for its place in the surrounding layout. */
  className?: string;
  /** The control itself, given the attributes that label and describe it. */
  children: (control: ControlProps) => ReactNode;
};

/** A labelled control with its hint, note and error below it, all tied to it for screen readers. */
export function Field({
  id,
  label,
  size = "md",
  hint,
  note,
  error,
  requiredMark,
  errorReplacesHint = true,
  className,
  children,
}: FieldProps) {
  const look = LOOKS[size];
  const shownHint = errorReplacesHint && error ? undefined : hint;
  return (
    <div className={cn(look.wrapper, className) || undefined}>
      <label htmlFor={id} className={look.label}>
        {label}
        {requiredMark ? <span className="text-slate-600 dark:text-slate-400"> (required)</span> : null}
      </label>
      {children({ ...describe(id, error, shownHint, note || undefined), className: look.control })}
      <FieldMessages id={id} size={size} error={error} hint={shownHint} note={note} />
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<"input">, "size" | "className" | "children"> &
  Omit<FieldProps, "children"> & {
    /** A four-line textarea instead of an input. */
    multiline?: boolean;
  };

/** A labelled text input (or textarea) with its hint and error. */
export function TextField({
  id,
  label,
  size,
  hint,
  note,
  error,
  requiredMark,
  errorReplacesHint,
  className,
  multiline,
  ...input
}: TextFieldProps) {
  return (
    <Field {...{ id, label, size, hint, note, error, requiredMark, errorReplacesHint, className }}>
      {(control) =>
        multiline ? <textarea rows={4} {...control} {...(input as ComponentProps<"textarea">)} /> : <input {...control} {...input} />
      }
    </Field>
  );
}
