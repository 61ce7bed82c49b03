import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClaimsView } from "@/components/portal/claims/claims-view";
import { TextLink } from "@/components/text-link";
import { findManagedRecord } from "@/lib/portal/server/managed-record";
import { requireUser } from "@/lib/portal/server/require-user";

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Claims" };

/** The claims of one of the team's collections, and the form that redeems a code; anyone else's collection is a 404. */
export default async function CollectionClaimsPage({ params }: Props) {
  const { id } = await params;
  const user = await requireUser(`/portal/collections/${encodeURIComponent(id)}/claims`);
  const record = user.team ? await findManagedRecord(user.team.teamId, id) : null;
  if (!record) notFound();
  return (
    <main id="main" className="flex flex-col gap-6">
      <nav aria-label="Related pages" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <TextLink href={`/portal/collections/${encodeURIComponent(id)}`}>← Edit collection</TextLink>
      </nav>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Claims: {record.nftData.Title || "Untitled collection"}</h1>
        <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
          Holders who signed in with their wallet claim your perks here and get a code. Check a code where the perk is given: it is redeemed
          once.
        </p>
      </div>
      <ClaimsView id={id} role={user.team?.role} />
    </main>
  );
}
