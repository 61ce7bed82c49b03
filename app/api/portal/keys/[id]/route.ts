import { revokeKeyRoute } from "@/lib/routes/keys";

export const DELETE = revokeKeyRoute("session");
