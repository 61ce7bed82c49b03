import Link from "next/link";
import { AccountNav } from "./account-nav";

// Prefetching is left to the browse link: the docs and the portal are other parts of the site,
// and prefetching them from every page would cost a server render each time.
// The wallet lookup gives way on phones, where the bar has room for one row of four items; the
// perks page links to it there.
const NAV = [
  { href: "/", label: "Browse", prefetch: undefined, phone: true },
  { href: "/perks", label: "Perks", prefetch: false, phone: true },
  { href: "/wallet", label: "Wallet", prefetch: false, phone: false },
  { href: "/docs", label: "API docs", prefetch: false, phone: true },
] as const;

/**
 * The one bar on every page: the product, the public pages and the partner's way in (or, signed
 * in, their portal and account). It fits one row at phone widths: the product name is the logo there.
 */
export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex max-w-6xl items-center gap-x-2 px-3 py-2 sm:gap-x-6 sm:px-6 sm:py-3">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight">
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-lg bg-indigo-600 text-sm text-white">
            U
          </span>
          <span className="max-sm:sr-only">Utility Data Service</span>
        </Link>
        <nav aria-label="Main" className="flex min-w-0 flex-1 items-center gap-1 text-sm">
          {NAV.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              prefetch={item.prefetch}
              className={`${item.phone ? "" : "max-sm:hidden "}rounded-md px-2 py-2 whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:px-3 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white`}
            >
              {item.label}
            </Link>
          ))}
          <AccountNav />
        </nav>
      </div>
    </header>
  );
}
