import { createAuthClient } from "better-auth/react";

/** better-auth's browser client: sign-up, sign-in and sign-out against /api/auth on this origin. */
export const authClient = createAuthClient();
