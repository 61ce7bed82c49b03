import { PORTAL_HOME } from "@/lib/auth/return-path";

/** The other auth page's address, carrying the return path when it is not the default. */
export const authPageHref = (page: "sign-in" | "sign-up", next: string) =>
  next === PORTAL_HOME ? `/portal/${page}` : `/portal/${page}?next=${encodeURIComponent(next)}`;
