import Link from "next/link";
import type { ReactNode } from "react";

/** An in-site text link in the pages' link colour (breadcrumbs, "view public page"). */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="text-indigo-700 hover:underline dark:text-indigo-300">
      {children}
    </Link>
  );
}
