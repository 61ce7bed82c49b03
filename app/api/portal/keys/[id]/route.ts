import { revokeApiKey } from "@/lib/auth/api-keys";
import { notFound } from "@/lib/errors";
import { portalRoute } from "@/lib/http/portal-route";

export const DELETE = portalRoute<{ id: string }>("create", async ({ user, params }) => {
  if (!(await revokeApiKey(user.id, params.id))) throw notFound(`key "${params.id}" not found`);
  return { revoked: params.id };
});
