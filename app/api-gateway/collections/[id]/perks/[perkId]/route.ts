import { deletePerk } from "@/lib/collections/delete-perk";
import { apiRoute } from "@/lib/http/api-route";
import { deletePerkQuerySchema } from "@/lib/schemas/delete-perk";

export const DELETE = apiRoute<{ id: string; perkId: string }>("create", async ({ caller, request, params }) => {
  const query = deletePerkQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return deletePerk(caller.userId, params.id, params.perkId, query.Version);
});
