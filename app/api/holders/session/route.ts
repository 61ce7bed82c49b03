import { sessionRoute, signInRoute, signOutRoute } from "@/lib/holders/holder-routes";

/** The holder's sign-in: who is signed in (GET), a signed message signs in or links a wallet (POST), sign out (DELETE). */
export const GET = sessionRoute;
export const POST = signInRoute;
export const DELETE = signOutRoute;
