import { sessionRoute, signInRoute, signOutRoute } from "@/lib/routes/holders";

/** The holder's sign-in: who is signed in (GET), a signed message signs in or links a wallet (POST), sign out (DELETE). */
export const GET = sessionRoute("holder");
export const POST = signInRoute("holder");
export const DELETE = signOutRoute("holder");
