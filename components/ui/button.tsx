import type { ComponentProps } from "react";
import { cn } from "./cn";

const SIZES = {
  md: "rounded-lg px-4 py-2 font-medium",
  sm: "rounded-lg px-4 py-2 text-sm font-medium",
  xs: "rounded-lg px-3 py-1.5 text-sm font-medium",
  /** The header's sign-in link: as tall as the header's other links. */
  nav: "rounded-md px-3 py-2 font-medium",
} as const;

/*
 * One tone per role: tones a shade apart (a deeper hover, a dark-scheme border) were merged, so a
 * new button picks by meaning (primary, secondary, danger, indigo, red, outline), not by shade.
 */
const TONES = {
  /** The editor's: lighter colours in the dark scheme. */
  primary: "bg-indigo-600 text-white hover:bg-indigo-500 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300",
  secondary:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  danger: "bg-red-700 text-white hover:bg-red-600 dark:bg-red-400 dark:text-slate-950 dark:hover:bg-red-300",
  /** The same colours in both schemes. */
  indigo: "bg-indigo-600 text-white hover:bg-indigo-500",
  red: "bg-red-700 text-white hover:bg-red-600",
  outline: "border border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800",
} as const;

/**
 * How a button shows that it cannot be pressed now: `wait` while its own request runs (the editor
 * marks a busy button with aria-disabled alone, so that variant counts too), `dim` otherwise.
 */
const STATES = {
  none: "",
  wait: "aria-disabled:cursor-wait aria-disabled:opacity-70",
  "wait-disabled": "disabled:cursor-wait disabled:opacity-70",
  dim: "disabled:opacity-70",
  "dim-more": "disabled:opacity-60",
} as const;

export type ButtonTone = keyof typeof TONES;
export type ButtonSize = keyof typeof SIZES;
export type ButtonLook = { tone: ButtonTone; size?: ButtonSize; state?: keyof typeof STATES; className?: string };

/** The classes of a button look, for a link that looks like a button. */
export function buttonClass({ tone, size = "sm", state = "none", className }: ButtonLook): string {
  return cn("inline-flex items-center justify-center", SIZES[size], TONES[tone], STATES[state], className);
}

type ButtonProps = Omit<ComponentProps<"button">, "className"> &
  ButtonLook & {
    /** The request behind the button is running: it cannot be pressed again, and says so. */
    busy?: boolean;
    /** Show a spinner while busy. */
    spinner?: boolean;
  };

export function Button({ tone, size, state, className, busy, spinner, type = "button", children, ...button }: ButtonProps) {
  const busyProps = busy === undefined ? {} : { disabled: busy, "aria-disabled": busy };
  return (
    <button
      type={type}
      {...busyProps}
      {...button}
      className={buttonClass({ tone, size, state, className: spinner ? `gap-2 ${className ?? ""}`.trim() : className })}
    >
      {spinner && busy ? <Spinner /> : null}
      {children}
    </button>
  );
}

export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
    />
  );
}

/** A form's main button; while the request runs it says so and cannot be pressed twice. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ComponentProps<"button">["children"];
}) {
  return (
    <Button type="submit" tone="indigo" size="md" state="wait-disabled" busy={pending} spinner>
      {pending ? pendingLabel : children}
    </Button>
  );
}
