"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { SignOutButton } from "@/components/portal/sign-out-button";
import { buttonClass } from "@/components/ui/button";
import { loadAccount, useAccount } from "@/lib/portal/client/account-store";

const link =
  "rounded-md px-3 py-2 whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:font-semibold aria-[current=page]:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-[current=page]:text-white";
const signInLink = buttonClass({ tone: "indigo", size: "nav", className: "ml-auto whitespace-nowrap" });
const menuItem = "block w-full rounded-md px-3 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800";
const PORTAL_LINKS = [
  { href: "/portal/collections", label: "My collections" },
  { href: "/portal/insights", label: "Insights" },
  { href: "/portal/keys", label: "API keys" },
  { href: "/portal/webhooks", label: "Webhooks" },
  { href: "/portal/members", label: "Members" },
] as const;
// Pages where a signed-in partner is certain (the layout checked) or where nobody is.
const isSignedInPortalPage = (path: string) => path.startsWith("/portal/") && !/^\/portal\/sign-(in|up)/.test(path);

/**
 * The header's right end: "Partner sign-in", or the signed-in partner's portal links and account
 * menu, and neither while the browser does not yet know who is there. The page itself is the
 * same for everyone (no per-user server render of public pages): the browser asks the session
 * endpoint after hydration, and portal pages tell it directly.
 */
export function AccountNav() {
  const pathname = usePathname();
  const state = useAccount();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => void loadAccount(), []);
  // A followed menu link leaves the menu open on the next page otherwise.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  useEffect(() => {
    const close = (event: MouseEvent | KeyboardEvent) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);

  if (!state.known) {
    // Until the session answer arrives either link could be wrong, so show neither. A public page
    // keeps the sign-in link's place (an invisible copy of it) so the bar does not shift when the
    // answer is "nobody"; a portal page (always signed in) needs no place kept.
    if (isSignedInPortalPage(pathname)) return <span className="ml-auto" />;
    return (
      <span aria-hidden="true" data-account-pending="" className={`${signInLink} invisible`}>
        Partner sign-in
      </span>
    );
  }
  const account = state.account;
  if (!account) {
    return (
      <Link href="/portal" prefetch={false} className={`${signInLink} focus-visible:outline-offset-2`}>
        Partner sign-in
      </Link>
    );
  }
  return (
    <>
      <span className="ml-auto" />
      <PortalLinks pathname={pathname} className={`${link} max-md:hidden`} />
      <details ref={menu} className="relative">
        <summary
          aria-label={`Account: ${account.name || account.email}`}
          className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-2 py-1.5 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
        >
          <span
            aria-hidden="true"
            className="grid size-6 place-items-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100"
          >
            {(account.name || account.email).slice(0, 1).toUpperCase()}
          </span>
          <span aria-hidden="true" className="max-w-[7rem] truncate max-sm:hidden">
            {account.name || account.email}
          </span>
          <span aria-hidden="true" className="text-xs">
            ▾
          </span>
        </summary>
        <div className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <p className="px-3 py-2">
            <span className="block font-medium break-words">{account.name}</span>
            <span className="block text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">{account.email}</span>
          </p>
          <nav aria-label="Portal" className="border-t border-slate-200 pt-1 dark:border-slate-700">
            <PortalLinks pathname={pathname} className={menuItem} />
            <SignOutButton className={`${menuItem} font-medium disabled:opacity-60`} />
          </nav>
        </div>
      </details>
    </>
  );
}

/** The portal's pages, marked current where the partner is: in the bar on wide screens and in the menu. */
function PortalLinks({ pathname, className }: { pathname: string; className: string }) {
  return PORTAL_LINKS.map((item) => (
    <Link
      key={item.href}
      href={item.href}
      prefetch={false}
      aria-current={pathname === item.href ? "page" : undefined}
      className={className}
    >
      {item.label}
    </Link>
  ));
}
