import type { ReactNode } from "react";
import { cn } from "./cn";

const ALERT_LOOKS = {
  /** A boxed message in a form or dialog. */
  box: "rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
  /** In place of content that could not be loaded. */
  panel:
    "rounded-xl border border-red-300 bg-red-50 px-6 py-8 text-center text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
  /** Red text beside the control it is about. */
  inline: "text-sm text-red-800 dark:text-red-300",
} as const;

const STATUS_LOOKS = {
  success: "text-sm text-emerald-800 empty:hidden dark:text-emerald-300",
  muted: "text-sm text-slate-600 dark:text-slate-400",
  plain: "text-sm",
} as const;

type AlertProps = { look?: keyof typeof ALERT_LOOKS; className?: string; children: ReactNode };

/**
 * Something went wrong. Rendered only when there is something to say: an element with
 * role="alert" is announced as soon as it is added to the page.
 */
export function Alert({ look = "box", className, children }: AlertProps) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <div role="alert" className={cn(ALERT_LOOKS[look], className)}>
      {children}
    </div>
  );
}

type StatusProps = { look?: keyof typeof STATUS_LOOKS; className?: string; children: ReactNode };

/**
 * A polite live region. Always rendered, even empty, so that text put into it later is announced;
 * the success look hides itself while empty.
 */
export function StatusMessage({ look = "success", className, children }: StatusProps) {
  return (
    <p role="status" className={cn(STATUS_LOOKS[look], className)}>
      {children}
    </p>
  );
}
