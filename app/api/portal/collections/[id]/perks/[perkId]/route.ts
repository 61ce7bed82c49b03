import { deletePerk } from "@/lib/collections/delete-perk";
import { portalRoute } from "@/lib/http/portal-route";
import { deletePerkQuerySchema } from "@/lib/schemas/delete-perk";

export const DELETE = portalRoute<{ id: string; perkId: string }>("create", async ({ user, request, params }) => {
  const query = deletePerkQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return deletePerk(user.id, params.id, params.perkId, query.Version);
});
