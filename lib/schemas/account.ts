import { z } from "zod";
import { LIMITS } from "./limits";

export const emailSchema = z.email({ error: "Enter an email address such as name@example.com" }).max(254).toLowerCase();
const password = z
  .string()
  .min(LIMITS.passwordMin, { error: `Use at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `Use at most ${LIMITS.passwordMax} characters` });

/** The portal's sign-in form. */
export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1, { error: "Enter your password" }) });
export type SignInValues = z.infer<typeof signInSchema>;

/** The portal's sign-up form; better-auth enforces the same password bounds on the server. */
export const signUpSchema = z.object({
  name: z.string().trim().min(1, { error: "Enter your name or your team's" }).max(LIMITS.name),
  email: emailSchema,
  password,
});
export type SignUpValues = z.infer<typeof signUpSchema>;

/** Minting an API key in the portal. */
export const apiKeyRequestSchema = z.strictObject({
  label: z
    .string({ error: "expected a string" })
    .trim()
    .min(1, { error: "Give the key a label, such as the system that will use it" })
    .max(LIMITS.keyLabel, { error: `at most ${LIMITS.keyLabel} characters` }),
  /** A `read` key can search and read the team's collections and history, and is refused (403) every write. */
  scope: z.enum(["read", "write"], { error: 'expected "read" or "write"' }).default("write"),
});
export type ApiKeyRequest = z.infer<typeof apiKeyRequestSchema>;

/** A time as JSON carries it (an ISO 8601 string) and as the server holds it (a Date). */
const isoTime = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** One API key in the portal's list: never the key itself, only what identifies it to a person. */
export const apiKeySummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  prefix: z.string(),
  scope: z.enum(["read", "write"]),
  /** The email of the member who minted it: the key is the team's, and stays when they leave. */
  createdBy: z.string(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
  revokedAt: isoTime.nullable(),
});
/** As the server reads it from the database. */
export type ApiKeySummary = z.output<typeof apiKeySummarySchema>;
/** As the browser receives it from /api/portal/keys. */
export type ApiKeyRow = z.input<typeof apiKeySummarySchema>;
