import { revokeApiKey } from "@/lib/auth/api-keys";
import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";

const unknownKey = ({ id }: { id?: string }) => `key "${id}" not found`;

export const DELETE = defineRoute(
  { auth: "session", role: "admin", budget: "write", params: { schema: idPathSchema, unknown: unknownKey }, idempotent: true },
  async ({ account, params }) => {
    if (!(await revokeApiKey(account.teamId, params.id))) throw notFound(unknownKey(params));
    return { revoked: params.id };
  },
);
