import Link from "next/link";
import type { ReactNode } from "react";
import { panelClass } from "@/components/ui/panel";
import { authPageHref } from "./switch-link";

type Props = {
  title: string;
  intro: string;
  /** The link to the other auth page, after its question: "New to the portal?" "Create an account". */
  switchTo: { page: "sign-in" | "sign-up"; next: string; question: string; label: string };
  children: ReactNode;
};

/** The frame of the sign-in and sign-up pages: a narrow card under the site header, and the way to the other page. */
export function AuthShell({ title, intro, switchTo, children }: Props) {
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12 sm:py-16">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{intro}</p>
      </div>
      <div className={panelClass("p-6 shadow-sm")}>{children}</div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {switchTo.question}{" "}
        <Link
          href={authPageHref(switchTo.page, switchTo.next)}
          className="font-medium text-indigo-700 underline hover:no-underline dark:text-indigo-300"
        >
          {switchTo.label}
        </Link>
      </p>
    </main>
  );
}
