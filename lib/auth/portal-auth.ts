import "server-only";
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { getDb } from "@/lib/db/client";
import { credentials, sessions, users, verifications } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { consumeRule } from "@/lib/rate-limit/limiter";
import { countRateLimitRefusal } from "@/lib/observability/metrics";
import { LIMITS } from "@/lib/schemas/limits";
import { AUTH_CLIENT_ADDRESS_HEADER } from "./auth-request";
import { ensureOwnTeam } from "@/lib/teams/server/teams";
import { sendVerificationMail } from "./verification-mail";
import { processSlot } from "@/lib/process-slot";

/**
 * Without BETTER_AUTH_SECRET (development and tests only: production refuses to start without it)
 * each process signs with a random secret, so sessions end at a restart.
 */
function secret(): string {
  return env().BETTER_AUTH_SECRET ?? randomBytes(32).toString("hex");
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
      // An unconfirmed address cannot sign in, and sign-up answers the same whether or not the
      // email is taken (better-auth returns a look-alike user for a taken one and sends nothing).
      requireEmailVerification: true,
      autoSignIn: false,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // The link confirms and lands on sign-in (auth-request.ts): it must not sign in whoever opens it.
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: ({ user, url }) => sendVerificationMail({ to: user.email, url }),
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Every new account starts with a team of its own, which it owns (decision 064).
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await ensureOwnTeam(db, user);
          },
        },
      },
    },
    advanced: {
      database: { generateId: () => newId() },
      // better-auth skips its origin checks under a test runner; the tests must see production behaviour.
      disableOriginCheck: false,
      useSecureCookies: publicUrl?.startsWith("https://") ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The route sets this header from the connection (or the trusted proxies' X-Forwarded-For),
      // replacing any a client sent; IPv6 callers share a budget per /64.
      ipAddress: { ipAddressHeaders: [AUTH_CLIENT_ADDRESS_HEADER], ipv6Subnet: 64 },
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
      // The service's own limiter store: Redis when REDIS_URL is set, so instances share budgets.
      customStorage: {
        consume: async (key, rule) => {
          const decision = await consumeRule("auth", rule.max, rule.window, key);
          if (!decision.allowed) countRateLimitRefusal("auth");
          return { allowed: decision.allowed, retryAfter: decision.allowed ? null : decision.resetSeconds };
        },
      },
    },
    telemetry: { enabled: false },
    // Errors that are not better-auth's own answers (a database failure) reach the route, which
    // answers them as every route does (a 503 or 500 {"error"}); better-auth would log them whole
    // and answer an empty 500.
    onAPIError: { throw: true },
    plugins: [nextCookies()],
  });
}

export type PortalAuth = Awaited<ReturnType<typeof createAuth>>;

// Kept on globalThis for the same reason as the database handle: `next dev` reloads modules.
const authSlot = processSlot<Promise<PortalAuth>>("portal-auth.auth");

/** The process's better-auth instance, on the shared database. */
export function getAuth(): Promise<PortalAuth> {
  if (!authSlot.value) {
    authSlot.value = createAuth().catch((error: unknown) => {
      authSlot.value = undefined;
      throw error;
    });
  }
  return authSlot.value;
}
