import Link from "next/link";
import { SignOutButton } from "./sign-out-button";

/** The signed-in partner's own navigation, under the site header. */
export function PortalNav({ email }: { email: string }) {
  return (
    <nav aria-label="Portal" className="mb-6 flex flex-wrap items-center gap-2 border-b border-slate-200 pb-3 text-sm dark:border-slate-800">
      <Link href="/portal/collections" className="rounded-md px-3 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800">
        My collections
      </Link>
      <Link href="/portal/keys" className="rounded-md px-3 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800">
        API keys
      </Link>
      <span className="ml-auto text-slate-600 dark:text-slate-400">{email}</span>
      <SignOutButton />
    </nav>
  );
}
