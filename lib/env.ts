import { z } from "zod";
import { chainEnvShape, type ChainEnv } from "@/lib/schemas/chain-env";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envShape = {
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  /** A streaming replica of DATABASE_URL's server: searches read from it while it is fresh enough. */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  /** How far behind the primary the replica may be and still serve searches. */
  REPLICA_MAX_LAG_MS: positiveInt(500),
  PGLITE_DIR: z.string().min(1).default(".data/pglite"),
  /** A tarball of a migrated store (PGlite's `dumpDataDir`) that a new embedded store (`memory://`, or a folder without one) starts from instead of `initdb`: the tests' way to skip it and the migrations in every file. */
  PGLITE_SNAPSHOT: z.string().min(1).optional(),
  /** 1 (set by `npm run dev` for its server): wait for the process preparing the embedded store to hand it over, instead of refusing. */
  PGLITE_WAIT_FOR_LOCK: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
  DATABASE_POOL_SIZE: positiveInt(10),
  /** Pipelined connections on PostgreSQL (and to the search replica) for searches (lib/db/pipelined-reads.ts); 0: pools. */
  SEARCH_CONNECTIONS: z.coerce.number().int().min(0).max(64).default(2),
  /** While two or more saves hold or wait for a write connection at once, and this many ms after, new searches use only the first search connection (docs/decisions/096); 0: never. */
  SEARCH_YIELD_MS: z.coerce.number().int().min(0).max(5000).default(250),
  /** Pipelined connections on PostgreSQL for each request's snapshot, the key gate and retrieval, apart from searches; 0: the search connections. */
  EXACT_READ_CONNECTIONS: z.coerce.number().int().min(0).max(64).default(1),
  /** Pipeline-mode connections on PostgreSQL for create/edit transactions, which send their statements together (docs/decisions/082); 0: the pool, one statement at a time. */
  WRITE_CONNECTIONS: z.coerce.number().int().min(0).max(64).default(10),
  /** Requests of the gateway's traffic a fresh production server sends itself before it is ready (docs/decisions/105); unset: 300 on PostgreSQL, none on the embedded store. */
  WARM_UP_REQUESTS: z.coerce.number().int().min(0).max(5000).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: "must be a redis:// or rediss:// URL" })
    .optional(),
  RATE_LIMIT_SEARCH_PER_MINUTE: positiveInt(120),
  RATE_LIMIT_CREATE_PER_MINUTE: positiveInt(30),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  AUTH_FAILED_SIGN_INS_PER_EMAIL_PER_HOUR: positiveInt(20),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  READ_CACHE_MB: z.coerce.number().int().min(0).default(32),
  /** Search answers may lag a write by 1 s in all; at most half of it is spent here (the rest: replica lag). */
  SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(500, { error: "at most 500" }).default(500),
  /** How long the browser and perk discovery may be answered from a kept copy on their answers' freshness alone (0: no page is kept). */
  PAGE_KEEP_MS: z.coerce.number().int().min(0).max(10_000, { error: "at most 10000 (the shared cache's s-maxage)" }).default(5_000),
  /** The longest a page checked at each view (a collection page, an unknown id's 404, the docs, a search page past its answers' freshness) is answered from a kept copy. */
  PAGE_KEEP_STAMPED_MS: z.coerce.number().int().min(0).max(86_400_000, { error: "at most 86400000 (a day)" }).default(600_000),
  /** Memory for kept pages per instance. */
  PAGE_KEEP_MB: z.coerce.number().int().min(0).max(1024).default(16),
  /** Searches computed at once per process; the rest wait their turn (0: no limit). */
  SEARCH_CONCURRENCY: z.coerce.number().int().min(0).max(256).default(0),
  /** 0: counts read matching rows instead of the search bitmaps (migration 0010), which are still kept. */
  SEARCH_BITMAPS: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("1")
    .transform((value) => value === "1"),
  /** 0: partner insights count nothing (no tally, no flush timer); the beacon still answers 204 and the outbound links still redirect. */
  INSIGHTS: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("1")
    .transform((value) => value === "1"),
  METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BETTER_AUTH_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  BETTER_AUTH_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  /** Where sign-up verification emails go out, e.g. smtp://user:pass@mail.example.com:587. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).default("Utility Data Service <no-reply@localhost>"),
  /**
   * Tiles of the /perks map. One literal https host (no `{s}`): the page's CSP admits images
   * from that host alone.
   */
  MAP_TILE_URL: z
    .string()
    .regex(/^https:\/\/[A-Za-z0-9.-]+(:\d+)?\/(?=.*\{z\})(?=.*\{x\})(?=.*\{y\})[^\s]*$/, {
      error: "must be an https:// URL on one host with {z}, {x} and {y}",
    })
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  /** Shown on the map, as the tile provider's terms require. */
  MAP_TILE_ATTRIBUTION: z.string().min(2).max(300).default("© OpenStreetMap contributors"),
  /**
   * 1: webhooks may target loopback/private addresses and plain http://. Unset, on only in
   * development (`npm run dev`), so a partner can try them against a local receiver.
   */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(["0", "1"], { error: "must be 0 or 1" }).optional(),
  /** The whole of one delivery attempt (connect, send, answer), not the time between bytes. */
  WEBHOOKS_ATTEMPT_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int({ error: "must be a whole number of milliseconds" })
    .min(1_000, { error: "at least 1000" })
    .max(30_000, { error: "at most 30000" })
    .default(10_000),
  ...chainEnvShape,
  /** 0: this server does not run the background queues (webhooks, chain sync); `npm run worker` processes do. */
  IN_PROCESS_WORKERS: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("1")
    .transform((value) => value === "1"),
  /** How often a synced contract is checked for new blocks. */
  CHAIN_SYNC_INTERVAL_SECONDS: positiveInt(15),
  /** How often every contract the collections name is given a sync job if it has none waiting (one lost to a failing database, say). */
  CHAIN_SYNC_SWEEP_SECONDS: positiveInt(600),
  /** How long one JSON-RPC request may take before the next URL (or the next attempt) is tried. */
  CHAIN_REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int({ error: "must be a whole number of milliseconds" })
    .min(100, { error: "at least 100" })
    .max(60_000, { error: "at most 60000" })
    .default(10_000),
  /** JSON-RPC requests per second the sync sends to one chain (all its URLs together). */
  CHAIN_REQUESTS_PER_SECOND: positiveInt(20),
  /** How long one read of a wallet's delegations (the delegate registry, per chain) serves its eligibility: a revocation counts within it. */
  DELEGATION_CACHE_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int({ error: "must be a whole number of milliseconds" })
    .min(0, { error: "at least 0" })
    .max(600_000, { error: "at most 600000" })
    .default(60_000),
  NODE_ENV: z.string().optional(),
};

/** Every variable the service reads through this module, for the docs' completeness test. */
export const ENV_VARIABLES = Object.keys(envShape);

const envSchema = z
  .object(envShape)
  .refine((value) => !value.DATABASE_READ_URL || value.DATABASE_URL, {
    path: ["DATABASE_READ_URL"],
    error: "needs DATABASE_URL: it names a replica of that PostgreSQL server",
  })
  .refine((value) => value.IN_PROCESS_WORKERS || value.DATABASE_URL, {
    path: ["IN_PROCESS_WORKERS"],
    error: "0 needs DATABASE_URL: `npm run worker` processes run the queues then, and the embedded store belongs to one process",
  })
  .transform(({ NODE_ENV, WEBHOOKS_ALLOW_PRIVATE, ...rest }) => ({
    ...rest,
    WEBHOOKS_ALLOW_PRIVATE: WEBHOOKS_ALLOW_PRIVATE === undefined ? NODE_ENV === "development" : WEBHOOKS_ALLOW_PRIVATE === "1",
  }));

export type Env = z.infer<typeof envSchema> & ChainEnv;

let cached: Env | undefined;

/** Validates a set of variables; empty ones count as unset, as in most deployment tools. */
export function parseEnv(variables: Record<string, string | undefined>): Env {
  const raw = Object.fromEntries(Object.entries(variables).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  return parsed.data as Env;
}

/** The validated environment; a wrong setting stops start-up with a message naming the variable. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
