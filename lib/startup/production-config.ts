import type { Env } from "@/lib/env";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1"]);

/** A URL of this machine: localhost, 127.0.0.0/8 or [::1]. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * What a production process must not start with, each naming its variable. A random per-process
 * secret would end every session at a restart and split them between instances; a public URL over
 * plain http would send session cookies in the clear (a local production run may use localhost).
 * Webhooks to private addresses would let any partner probe the network the server sits in, so
 * only a server that is itself local (the end-to-end tests' production server) may allow them.
 */
export function productionConfigProblems(settings: Env): string[] {
  const problems: string[] = [];
  if (!settings.BETTER_AUTH_SECRET) {
    problems.push("BETTER_AUTH_SECRET: must be set in production (at least 32 random characters, e.g. `openssl rand -hex 32`)");
  }
  const url = settings.BETTER_AUTH_URL;
  if (!url) {
    problems.push("BETTER_AUTH_URL: must be set in production to the service's public https:// URL");
  } else {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && !LOCAL_HOSTS.has(parsed.hostname)) {
      problems.push(
        `BETTER_AUTH_URL: must be an https:// URL in production (http is allowed only for localhost and 127.0.0.1), not ${url}`,
      );
    }
  }
  if (settings.WEBHOOKS_ALLOW_PRIVATE && !(url && isLoopbackUrl(url))) {
    problems.push(
      "WEBHOOKS_ALLOW_PRIVATE: must not be 1 in production (webhooks could then reach this server's own network); it is allowed only when BETTER_AUTH_URL is a loopback URL such as http://127.0.0.1:3000",
    );
  }
  if (!settings.SMTP_URL) {
    problems.push("SMTP_URL: must be set in production, so sign-up can send the email that confirms an address");
  }
  return problems;
}
