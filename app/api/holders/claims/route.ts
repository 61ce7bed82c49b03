import { claimRoute, holderClaimsRoute } from "@/lib/holders/holder-routes";

/** The signed-in holder's claims (GET), and a new claim (POST). */
export const GET = holderClaimsRoute;
export const POST = claimRoute;
