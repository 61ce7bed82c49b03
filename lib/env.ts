import { z } from "zod";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  PGLITE_DIR: z.string().min(1).default(".data/pglite"),
  DATABASE_POOL_SIZE: positiveInt(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: "must be a redis:// or rediss:// URL" })
    .optional(),
  RATE_LIMIT_SEARCH_PER_MINUTE: positiveInt(120),
  RATE_LIMIT_CREATE_PER_MINUTE: positiveInt(30),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  READ_CACHE_MB: z.coerce.number().int().min(0).default(32),
  BETTER_AUTH_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  BETTER_AUTH_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** The validated environment; a wrong setting stops start-up with a message naming the variable. */
export function env(): Env {
  if (cached) return cached;
  // Empty variables count as unset, as in most deployment tools.
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}
