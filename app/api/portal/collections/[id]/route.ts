import { portalRoute } from "@/lib/http/portal-route";
import { getManagedRecord } from "@/lib/portal/managed-record";

export const GET = portalRoute<{ id: string }>("read", async ({ user, params }) => getManagedRecord(user.id, params.id));
