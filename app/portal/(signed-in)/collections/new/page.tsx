import { requireUser } from "@/lib/portal/server/require-user";
import { RoleGate } from "@/components/portal/team/role-gate";
import type { Metadata } from "next";
import { NewCollectionEditor } from "@/components/portal/editor/new-collection-editor";
import { TextLink } from "@/components/text-link";

export const metadata: Metadata = { title: "New collection" };

export default async function NewCollectionPage() {
  const user = await requireUser("/portal/collections/new");
  return (
    <main id="main" className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <TextLink href="/portal/collections">← My collections</TextLink>
      </nav>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">New collection</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">Title and chain are required; you can add perks once it is created.</p>
      </div>
      <RoleGate role={user.team?.role} needs="editor" what="creating a collection">
        <NewCollectionEditor />
      </RoleGate>
    </main>
  );
}
