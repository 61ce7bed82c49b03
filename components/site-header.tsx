import Link from "next/link";

// Prefetching is left to the browse link: the docs and the portal are other parts of the site,
// and prefetching them from every page would cost a server render each time.
const NAV = [
  { href: "/", label: "Browse", prefetch: undefined },
  { href: "/docs", label: "API docs", prefetch: false },
] as const;

/** The bar on every page: the product, the public pages and the way in for partners. */
export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight">
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-lg bg-indigo-600 text-sm text-white">
            U
          </span>
          <span>Utility Data Service</span>
        </Link>
        <nav aria-label="Main" className="flex flex-1 items-center gap-1 text-sm">
          {NAV.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              prefetch={item.prefetch}
              className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              {item.label}
            </Link>
          ))}
          <Link
            href="/portal"
            prefetch={false}
            className="ml-auto rounded-md bg-indigo-600 px-3 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline-offset-2"
          >
            Partner sign-in
          </Link>
        </nav>
      </div>
    </header>
  );
}
