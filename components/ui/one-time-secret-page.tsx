"use client";

import { useState, type ReactNode } from "react";
import { QueryStates, type QueryStatesProps } from "./query-states";

type Props<S, T> = {
  title: string;
  /** What the page is for, under its title. */
  intro: ReactNode;
  /** The form that makes the credential; it calls `onIssued` with the answer that holds it. */
  form: (onIssued: (issued: S) => void) => ReactNode;
  /** The credential's one appearance (a `OneTimeSecret`); `onDone` forgets it. */
  secret: (issued: S, onDone: () => void) => ReactNode;
  /** The list of what exists: its heading (focused after a removal, hence its id) and its loaded states. */
  list: { headingId: string; heading: string } & QueryStatesProps<T>;
  /** What the page adds after the list (a confirmation dialog). */
  children?: ReactNode;
};

/**
 * A portal page that hands out a credential shown once (API keys, webhook signing secrets): its
 * title and intro, the form, the just-issued credential until it is dismissed, and the list.
 */
export function OneTimeSecretPage<S, T>({ title, intro, form, secret, list, children }: Props<S, T>) {
  const { headingId, heading, ...states } = list;
  const [issued, setIssued] = useState<S | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {intro}
      </div>
      {form(setIssued)}
      {issued === null ? null : secret(issued, () => setIssued(null))}
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold outline-none">
          {heading}
        </h2>
        <QueryStates {...states} />
      </section>
      {children}
    </div>
  );
}

/** The paragraph under such a page's title. */
export const introClass = "mt-2 max-w-2xl text-slate-600 dark:text-slate-400";
