import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";
import { revokeInvitation } from "@/lib/teams/server/invitations";

const unknownInvitation = ({ id }: { id?: string }) => `invitation "${id}" not found`;

/** Revokes an open invitation: its link stops working at once. */
export const DELETE = defineRoute(
  { auth: "session", role: "admin", budget: "write", params: { schema: idPathSchema, unknown: unknownInvitation } },
  async ({ account, params }) => {
    await revokeInvitation(account, params.id);
    return { revoked: params.id };
  },
);
