import { portalAuthRoute } from "@/lib/routes/auth";

/** better-auth: sign-up, sign-in, sign-out and session reads. */
export const GET = portalAuthRoute;
export const POST = portalAuthRoute;
