import { claimRoute, holderClaimsRoute } from "@/lib/routes/holders";

/** The signed-in holder's claims (GET), and a new claim (POST). */
export const GET = holderClaimsRoute("holder");
export const POST = claimRoute("holder");
