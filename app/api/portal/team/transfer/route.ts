import { defineRoute } from "@/lib/http/server/route";
import { LIMITS } from "@/lib/schemas/limits";
import { transferSchema } from "@/lib/schemas/team";
import { transferOwnership } from "@/lib/teams/server/members";

/** Hands the team to another member, who becomes an owner; the caller stays on as an admin. */
export const POST = defineRoute(
  { auth: "session", role: "owner", budget: "write", body: { schema: transferSchema, maxBytes: LIMITS.smallBodyBytes } },
  async ({ account, body }) => {
    await transferOwnership(account, body.userId);
    return { owner: body.userId };
  },
);
