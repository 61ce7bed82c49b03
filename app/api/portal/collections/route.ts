import { defineRoute } from "@/lib/http/server/route";
import { listManagedCollections } from "@/lib/portal/server/managed-collections";
import { managedListQuery } from "@/lib/portal/managed-list";

/** My collections: `?q=&status=&sort=&page=`, read with the page's own URL parsers. */
export const GET = defineRoute({ auth: "session", budget: "read", query: managedListQuery }, ({ account, query }) =>
  listManagedCollections(account.teamId, query),
);
