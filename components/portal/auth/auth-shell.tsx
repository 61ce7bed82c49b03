import { panelClass } from "@/components/ui/panel";
import type { ReactNode } from "react";

/** The frame of the sign-in and sign-up pages: a narrow card under the site header. */
export function AuthShell({ title, intro, children, footer }: { title: string; intro: string; children: ReactNode; footer: ReactNode }) {
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12 sm:py-16">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{intro}</p>
      </div>
      <div className={panelClass("p-6 shadow-sm")}>{children}</div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{footer}</p>
    </main>
  );
}
