import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { LIMITS } from "@/lib/schemas/limits";
import { chooseTeamSchema } from "@/lib/schemas/team";
import { teamsOf } from "@/lib/teams/server/members";
import { chooseTeam } from "@/lib/teams/server/teams";

/** The teams the account belongs to and the one the session works in: the header's switcher. */
export const GET = defineRoute({ auth: "session", budget: "read" }, async ({ account }) => teamsOf(account.userId, account.teamId));

/** Makes another of the account's teams the one the session works in. */
export const POST = defineRoute(
  { auth: "session", role: "viewer", budget: "write", body: { schema: chooseTeamSchema, maxBytes: LIMITS.smallBodyBytes } },
  async ({ account, body }) => {
    if (!(await chooseTeam(account.sessionId!, account.userId, body.teamId))) throw notFound(`team "${body.teamId}" not found`);
    return teamsOf(account.userId, body.teamId);
  },
);
