import { RoleGate } from "@/components/portal/team/role-gate";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CollectionEditor } from "@/components/portal/editor/collection-editor";
import { CollectionGone } from "@/components/portal/editor/collection-gone";
import { findDeletedByTeam } from "@/lib/portal/server/deleted-record";
import { SyncPanel } from "@/components/portal/editor/sync-panel";
import { findManagedRecord } from "@/lib/portal/server/managed-record";
import { requireUser } from "@/lib/portal/server/require-user";
import { TextLink } from "@/components/text-link";

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Edit collection" };

/**
 * A collection of the partner's current team, read on the server; anyone else's is the same 404
 * as none. One the team deleted says so, without a form.
 * The editor writes the heading: the collection's title, which a save may change.
 */
export default async function EditCollectionPage({ params }: Props) {
  const { id } = await params;
  const user = await requireUser(`/portal/collections/${encodeURIComponent(id)}`);
  const teamId = user.team?.teamId;
  const record = teamId ? await findManagedRecord(teamId, id) : null;
  if (!record) {
    const gone = teamId ? await findDeletedByTeam(teamId, id) : null;
    if (!gone) notFound();
    return (
      <main id="main" className="flex flex-col gap-6">
        <CollectionGone title={gone.title} perks={gone.perks} />
      </main>
    );
  }
  return (
    <main id="main" className="flex flex-col gap-6">
      <nav aria-label="Related pages" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <TextLink href="/portal/collections">← My collections</TextLink>
        <TextLink href={`/collections/${encodeURIComponent(id)}`}>View public page</TextLink>
        <TextLink href={`/portal/collections/${encodeURIComponent(id)}/claims`}>Claims</TextLink>
        <TextLink href={`/portal/collections/${encodeURIComponent(id)}/insights`}>Insights</TextLink>
      </nav>
      <RoleGate role={user.team?.role} needs="editor" what="changing a collection">
        {/* The chain panels go inside, before the delete section: dangerous actions come last. */}
        <CollectionEditor initial={record}>
          <SyncPanel id={id} />
        </CollectionEditor>
      </RoleGate>
    </main>
  );
}
