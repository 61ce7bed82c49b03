import { chooseTeamRoute, teamsRoute } from "@/lib/routes/team";

/** The header's team switcher: the account's teams (GET), and the one the session works in (POST). */
export const GET = teamsRoute("session");
export const POST = chooseTeamRoute("session");
