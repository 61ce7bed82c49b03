import { portalRoute } from "@/lib/http/portal-route";
import { listManagedCollections } from "@/lib/portal/managed-collections";
import { LIMITS } from "@/lib/schemas/limits";

export const GET = portalRoute("read", async ({ user, request }) => {
  const text = (new URL(request.url).searchParams.get("q") ?? "").slice(0, LIMITS.title);
  return { collections: await listManagedCollections(user.id, text) };
});
