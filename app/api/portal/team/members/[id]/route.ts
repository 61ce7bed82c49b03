import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";
import { LIMITS } from "@/lib/schemas/limits";
import { roleChangeSchema } from "@/lib/schemas/team";
import { changeRole, removeMember } from "@/lib/teams/server/members";

const unknownMember = ({ id }: { id?: string }) => `member "${id}" not found in this team`;
const params = { schema: idPathSchema, unknown: unknownMember };

/** Gives a member a new role: admins and owners; only an owner touches or makes an owner. */
export const POST = defineRoute(
  { auth: "session", role: "admin", budget: "write", params, body: { schema: roleChangeSchema, maxBytes: LIMITS.smallBodyBytes } },
  async ({ account, params, body }) => {
    await changeRole(account, params.id, body.role);
    return { userId: params.id, role: body.role };
  },
);

/** Takes a member out of the team: their sessions lose it at their next request. */
export const DELETE = defineRoute({ auth: "session", role: "admin", budget: "write", params }, async ({ account, params }) => {
  await removeMember(account, params.id);
  return { removed: params.id };
});
