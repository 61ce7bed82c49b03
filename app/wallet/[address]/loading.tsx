import { pulseClass } from "@/components/ui/query-states";

/** While the wallet's holdings are read (and an ENS name resolved): the page's shape, so nothing jumps. */
export default function WalletLoading() {
  return (
    <main id="main" className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12" aria-busy="true">
      <p role="status" className="text-slate-600 dark:text-slate-400">
        Reading this wallet&apos;s holdings…
      </p>
      <div className="grid gap-4" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className={pulseClass("h-32 rounded-xl")} />
        ))}
      </div>
    </main>
  );
}
