import { z } from "zod";
import { LIMITS } from "./limits";

/** PostgreSQL text and jsonb cannot hold U+0000, so it is refused up front rather than failing on write. */
const withoutNul = (value: string) => !value.includes("\u0000");
const NUL_MESSAGE = "must not contain NUL (U+0000) characters";

/**
 * JSON may spell half of a UTF-16 surrogate pair (`"\ud800"`); such a string has no UTF-8 form, so
 * PostgreSQL refuses it mid-write. It is a client error, named like any other bad field.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (value: string) => !LONE_SURROGATE.test(value);
const SURROGATE_MESSAGE = "must not contain a lone UTF-16 surrogate (such as \\ud800)";

export const boundedText = (max: number) =>
  z
    .string({ error: "expected a string" })
    .max(max, { error: `at most ${max} characters` })
    .refine(withoutNul, { error: NUL_MESSAGE })
    .refine(wellFormed, { error: SURROGATE_MESSAGE });

export const requiredText = (max: number) =>
  boundedText(max).refine((value) => value.trim().length > 0, { error: "required, must not be empty" });

/**
 * Absolute http(s) URLs only: anything else (javascript:, data:, relative paths) could turn
 * stored data into a script or a broken link on every page that shows it. Empty means "no link".
 */
export const urlField = boundedText(LIMITS.url).refine(
  (value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  },
  { error: "must be an absolute http:// or https:// URL" },
);

export const idField = z
  .union([z.string(), z.number()], { error: "expected a string" })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .max(LIMITS.id, { error: `at most ${LIMITS.id} characters` })
      .refine(withoutNul, { error: NUL_MESSAGE })
      .refine(wellFormed, { error: SURROGATE_MESSAGE }),
  )
  // The document shows the input side of the pipe, which carries no bound: it declares the one the
  // pipe's output enforces, so it says what the server refuses (docs/api.md).
  .meta({
    override: ({ jsonSchema }) => {
      jsonSchema.maxLength = LIMITS.id;
    },
  });
