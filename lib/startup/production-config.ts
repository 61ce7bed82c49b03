import type { Env } from "@/lib/env";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1"]);

/**
 * What a production process must not start with, each naming its variable. A random per-process
 * secret would end every session at a restart and split them between instances; a public URL over
 * plain http would send session cookies in the clear (a local production run may use localhost).
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
  if (!settings.SMTP_URL) {
    problems.push("SMTP_URL: must be set in production, so sign-up can send the email that confirms an address");
  }
  return problems;
}
