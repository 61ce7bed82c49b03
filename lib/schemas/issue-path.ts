import type { z } from "zod";

/** `perkData[2].Tags[0]`: a validation issue's path written as a caller would write it in code. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.map((part, index) => (typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`)).join("");
}

/** One readable sentence for the first issue of a failed parse, naming the field. */
export function describeIssue(error: z.ZodError, root?: string): string {
  const issue = error.issues[0];
  if (!issue) return "invalid input";
  if (issue.code === "unrecognized_keys") {
    const where = formatPath(root ? [root, ...issue.path] : issue.path);
    const key = issue.keys[0] ?? "";
    return `${where ? `${where}.` : ""}${key}: unknown field`;
  }
  const where = formatPath(root ? [root, ...issue.path] : issue.path) || "body";
  return `${where}: ${issue.message}`;
}

/** The `code` and `field` of a failed parse's first issue: an unknown field, or the path of a bad value. */
export function issueDetail(
  error: z.ZodError,
  root?: string,
): { code: "unknown_field" | "invalid_field" | "invalid_request"; field?: string } {
  const issue = error.issues[0];
  if (!issue) return { code: "invalid_request" };
  const path = root ? [root, ...issue.path] : issue.path;
  if (issue.code === "unrecognized_keys") return { code: "unknown_field", field: formatPath([...path, issue.keys[0] ?? ""]) };
  return { code: "invalid_field", field: formatPath(path) || "body" };
}
