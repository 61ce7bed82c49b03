import { chainFactsRoute } from "@/lib/routes/chain";

/** The sync panel: what the chain says about the collection's contract. */
export const GET = chainFactsRoute("session");
