import { changeRoleRoute, removeMemberRoute } from "@/lib/routes/team";

export const POST = changeRoleRoute("session");
export const DELETE = removeMemberRoute("session");
