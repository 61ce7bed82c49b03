import { deleteTeamRoute, renameTeamRoute, teamRoute } from "@/lib/routes/team";

export const GET = teamRoute("session");
export const PATCH = renameTeamRoute("session");
export const DELETE = deleteTeamRoute("session");
