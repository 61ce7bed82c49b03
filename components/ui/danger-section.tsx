import type { ReactNode } from "react";

/**
 * The red-bordered section that holds a page's one irreversible action (deleting a collection, a
 * team): a heading, what the action takes with it, and the control that opens its confirmation.
 */
export function DangerSection({ id, title, text, children }: { id: string; title: string; text: ReactNode; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-start gap-3 rounded-xl border border-red-200 p-4 sm:p-6 dark:border-red-900"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{text}</p>
      {children}
    </section>
  );
}
