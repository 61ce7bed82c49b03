import { z } from "zod";
import { ERROR_CODES } from "@/lib/errors";

/** Every error body of the API: the contract's `error`, and beside it what a program reads (decision 081). */
export const apiErrorSchema = z.object({
  error: z.string().meta({ description: "The contract's message, for people: it names the field at fault, and its wording may change." }),
  code: z.enum(ERROR_CODES).meta({
    description:
      "A stable word for what went wrong, for programs to branch on: `invalid_field` and `unknown_field` (with `field`), `invalid_file` (an import, with its `problems`), `malformed_body`, `invalid_request`, `unauthorized`, `forbidden`, `not_found`, `method_not_allowed`, `conflict`, `version_conflict`, `busy` (the same request, or another import, is still running: retry later), `idempotency_key_reused`, `payload_too_large`, `unsupported_media_type`, `rate_limited`, `internal_error`, `unavailable`. New words may be added.",
    example: "invalid_field",
  }),
  field: z.string().optional().meta({
    description: "When one field (or parameter, or header) is at fault: its path as written in code, `perkData[2].Tags[0]`.",
    example: "perkData[2].Tags[0]",
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
