import type { Metadata } from "next";
import type { ReactNode } from "react";
import { PortalNav } from "@/components/portal/portal-nav";
import { requireUser } from "@/lib/portal/require-user";

export const metadata: Metadata = { robots: { index: false } };

/** Every signed-in portal page: the session is checked on the server before anything renders. */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const user = await requireUser("/portal");
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PortalNav email={user.email} />
      {children}
    </div>
  );
}
