import { listKeysRoute, mintKeyRoute } from "@/lib/routes/keys";

export const GET = listKeysRoute("session");
export const POST = mintKeyRoute("session");
