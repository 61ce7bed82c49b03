"use client";

import { Button } from "@/components/ui/button";

/** Shown instead of a page that failed to render (e.g. the database is unreachable). */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-slate-600 dark:text-slate-400">This page could not be loaded just now. Please try again in a moment.</p>
      <Button tone="indigo" size="md" onClick={reset}>
        Try again
      </Button>
    </main>
  );
}
