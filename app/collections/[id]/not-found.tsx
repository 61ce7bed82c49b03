import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

export default function CollectionNotFound() {
  return (
    <main id="main" className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-16 sm:px-6">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Collection not found</h1>
      <p className="text-slate-600 dark:text-slate-400">
        There is no collection at this address. It may have been removed, or the link may be mistyped.
      </p>
      <Link href="/" className={buttonClass({ tone: "indigo", size: "md" })}>
        Browse all collections
      </Link>
    </main>
  );
}
