import type { z } from "zod";
import { createRequestSchema, type CreateRequest } from "@/lib/schemas/create-request";
import { formatPath } from "@/lib/schemas/issue-path";
import { LIMITS } from "@/lib/schemas/limits";
import type { FileProblems, Locate, Problem, ProblemList } from "./problems";

/** One create request of an import file, with the way back from its field paths to the file. */
export type ImportItem = {
  request: CreateRequest;
  /** The request as sent, for the echo. */
  submitted: Record<string, unknown>;
  locate: Locate;
};

/** The requests of a file, or (when `problems` is not empty) what is wrong with it. */
export type ParsedFile = { items: ImportItem[] } & FileProblems;

/** A file refused as a whole, for one reason. */
export const refusedFile = (problem: Problem): ParsedFile => ({ items: [], problems: [problem], unlisted: 0 });

/** Every issue of a failed parse, each at its place in the file: not only the first. */
function issueProblems(error: z.ZodError, locate: Locate): Problem[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ ...locate(formatPath([...issue.path, key])), message: "unknown field" }));
    }
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    return [{ ...locate(formatPath(issue.path) || "body"), message: missing ? "required" : issue.message }];
  });
}

/**
 * The first array in `value` longer than any the create request allows (perks per request), by
 * its path. The schema would report each element of a longer array before its length: a list of
 * a million bad values would be a million issues.
 */
function overlongArray(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (Array.isArray(value)) {
    if (value.length > LIMITS.perksPerRequest) return path;
    for (const [index, item] of value.entries()) {
      const found = overlongArray(item, [...path, index]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = overlongArray(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Validates one create request with the API's schema; returns the item, or adds its problems. */
export function toItem(raw: unknown, locate: Locate, problems: ProblemList): ImportItem | undefined {
  const overlong = overlongArray(raw);
  if (overlong) {
    problems.add({ ...locate(formatPath(overlong) || "body"), message: `at most ${LIMITS.perksPerRequest} items` });
    return undefined;
  }
  const parsed = createRequestSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    problems.add(...issueProblems(parsed.error, locate));
    return undefined;
  }
  return { request: parsed.data, submitted: raw as Record<string, unknown>, locate };
}
