import { leaveTeamRoute } from "@/lib/routes/team";

export const POST = leaveTeamRoute("session");
