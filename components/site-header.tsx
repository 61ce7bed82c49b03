import Link from "next/link";
import { AccountNav } from "./account-nav";
import { PhoneMenu } from "./phone-menu";

// Prefetching is left to the browse link: the docs and the portal are other parts of the site,
// and prefetching them from every page would cost a server render each time.
// On phones the bar has no room for them beside the account: the Menu holds them all there.
const NAV = [
  { href: "/", label: "Browse", prefetch: undefined },
  { href: "/perks", label: "Perks", prefetch: false },
  { href: "/wallet", label: "Wallet", prefetch: false },
  { href: "/docs", label: "API docs", prefetch: false },
] as const;

/**
 * The one bar on every page: the product, the public pages and the partner's way in (or, signed
 * in, their portal and account). It fits one row at phone widths: the product name is the logo
 * there, and the links are in a menu.
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
        <PhoneMenu items={NAV} />
        <nav aria-label="Main" className="flex min-w-0 items-center gap-1 text-sm max-sm:hidden sm:flex-1">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} prefetch={item.prefetch} className="ui-nav-link">
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="flex min-w-0 flex-1 items-center justify-end gap-1 text-sm sm:flex-none">
          <AccountNav />
        </div>
      </div>
    </header>
  );
}
