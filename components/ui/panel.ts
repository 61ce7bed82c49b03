import { cn } from "./cn";

/** The card shell every boxed section shares: a rounded, bordered white (or dark) surface (`.ui-panel` in globals.css). */
const PANEL = "ui-panel";

/** The shell's classes with a box's own (padding, shadow, layout). */
export function panelClass(extra?: string): string {
  return cn(PANEL, extra);
}
