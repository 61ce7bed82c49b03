import "server-only";
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { getDb } from "@/lib/db/client";
import { credentials, sessions, users, verifications } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { LIMITS } from "@/lib/schemas/limits";

/**
 * Without BETTER_AUTH_SECRET each process signs with a random secret: safe, but sessions end at a
 * restart and are not shared between instances, so several instances must set one.
 */
function secret(): string {
  const configured = env().BETTER_AUTH_SECRET;
  if (configured) return configured;
  if (process.env.NODE_ENV === "production") {
    console.warn("BETTER_AUTH_SECRET is not set: portal sessions end when this process restarts");
  }
  return randomBytes(32).toString("hex");
}

async function createAuth() {
  const db = await getDb();
  const publicUrl = env().BETTER_AUTH_URL;
  return betterAuth({
    secret: secret(),
    // Without a public URL, the origin of each request on a local host is trusted (development,
    // tests, a single machine); deployments behind a domain set BETTER_AUTH_URL.
    baseURL: publicUrl ?? {
      allowedHosts: ["localhost:*", "127.0.0.1:*", "localhost", "127.0.0.1"],
      protocol: "http",
      fallback: `http://localhost:${process.env.PORT ?? 3000}`,
    },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: credentials, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      autoSignIn: true,
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    advanced: {
      database: { generateId: () => newId() },
      // better-auth skips its origin checks under a test runner; the tests must see production behaviour.
      disableOriginCheck: false,
      useSecureCookies: publicUrl?.startsWith("https://") ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    // Password guessing is limited per client address in every environment, not only in production.
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/*": { window: 60, max: env().AUTH_RATE_LIMIT_PER_MINUTE },
        "/sign-up/*": { window: 60, max: env().AUTH_RATE_LIMIT_PER_MINUTE },
      },
    },
    telemetry: { enabled: false },
    plugins: [nextCookies()],
  });
}

export type PortalAuth = Awaited<ReturnType<typeof createAuth>>;

// Kept on globalThis for the same reason as the database handle: `next dev` reloads modules.
const holder = globalThis as unknown as { __udsAuth?: Promise<PortalAuth> };

/** The process's better-auth instance, on the shared database. */
export function getAuth(): Promise<PortalAuth> {
  if (!holder.__udsAuth) {
    holder.__udsAuth = createAuth().catch((error: unknown) => {
      holder.__udsAuth = undefined;
      throw error;
    });
  }
  return holder.__udsAuth;
}
