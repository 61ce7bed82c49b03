import { transferRoute } from "@/lib/routes/team";

export const POST = transferRoute("session");
