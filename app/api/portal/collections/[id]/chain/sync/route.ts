import { syncNowRoute } from "@/lib/routes/chain";

/** "Sync now": queues an attempt at the collection's contract at once, on the write budget. */
export const POST = syncNowRoute("session");
