import "server-only";
import { headers } from "next/headers";
import { env } from "@/lib/env";

/** The site's address as a page sees it: BETTER_AUTH_URL when set, else the host the request came to. */
export async function pageOrigin(): Promise<string> {
  const configured = env().BETTER_AUTH_URL;
  if (configured) return new URL(configured).origin;
  const sent = await headers();
  const proto = sent.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
  return `${proto}://${sent.get("host") ?? "localhost"}`;
}
