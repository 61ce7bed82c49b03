import { defineRoute } from "@/lib/http/server/route";
import { removeMember } from "@/lib/teams/server/members";

/** Leaves the current team, whatever one's role; the last owner cannot. */
export const POST = defineRoute({ auth: "session", role: "viewer", budget: "write" }, async ({ account }) => {
  await removeMember(account, account.userId);
  return { left: account.teamId };
});
