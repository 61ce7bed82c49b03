import { RoleGateLink } from "@/components/portal/team/role-gate";
import { Button, buttonClass } from "@/components/ui/button";
import { emptyTitleClass } from "@/components/ui/query-states";
import type { StatusFilter } from "@/lib/schemas/managed-list";
import type { Role } from "@/lib/schemas/team-roles";

export const newCollectionClass = buttonClass({ tone: "indigo", className: "gap-1" });

/** The partner has no collection at all: the way forward is to create one (inside EmptyState). */
export function NoCollections({ role }: { role: Role | undefined }) {
  return (
    <>
      <p className={emptyTitleClass}>You have no collections yet</p>
      <p className="mt-2">Create your first collection here, or send one with an API key from your own systems.</p>
      <RoleGateLink role={role} needs="editor" href="/portal/collections/new" className={`mt-4 ${newCollectionClass}`}>
        Create a collection
      </RoleGateLink>
    </>
  );
}

/** Collections exist, but none matches the title text and release status chosen (inside EmptyState). */
export function NoMatches({ text, status, onClear }: { text: string; status: StatusFilter | null; onClear: () => void }) {
  const statusText = status === "none" ? "without a release status" : status ? `with release status ${status}` : "";
  return (
    <>
      <p className={emptyTitleClass}>
        {text ? `No collection title contains “${text}”` : "No collection"}
        {statusText ? ` ${statusText}` : ""}
      </p>
      <Button tone="outline" className="mt-4" onClick={onClear}>
        Clear the filters
      </Button>
    </>
  );
}
