import { cn } from "./cn";

/** The card shell every boxed section shares: a rounded, bordered white (or dark) surface. */
const PANEL = "rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";

/** The shell's classes with a box's own (padding, shadow, layout). */
export function panelClass(extra?: string): string {
  return cn(PANEL, extra);
}
