import { AppError } from "@/lib/errors";
import { LIMITS } from "@/lib/schemas/limits";

/**
 * One thing wrong with an import file, where a partner can find it: the CSV line (the header is
 * line 1) or the index in the JSON array (from 0), and the column or field path.
 */
export type Problem = { line?: number; index?: number; field: string; message: string };

export const problemPlace = (problem: Pick<Problem, "line" | "index">) =>
  problem.line !== undefined ? `line ${problem.line}` : problem.index !== undefined ? `[${problem.index}]` : "file";

export const describeProblem = (problem: Problem) => `${problemPlace(problem)}, ${problem.field}: ${problem.message}`;

/** Finds where in the file a field of one create request (`perkData[2].Tags[0]`) came from. */
export type Locate = (path: string) => Omit<Problem, "message">;

/** A rule's error (`perkData[0].PlatformNFTId: …`) as a problem at its place in the file. */
export function problemFromError(error: AppError, locate: Locate): Problem {
  const match = /^([A-Za-z_][\w.[\]]*): (.*)$/s.exec(error.message);
  return match ? { ...locate(match[1]!), message: match[2]! } : { ...locate("body"), message: error.message };
}

/**
 * A file's problems as they are found: the first `LIMITS.importProblemsListed` kept, the rest only
 * counted, so a file with millions of bad values costs a counter, not millions of objects.
 */
export class ProblemList {
  readonly listed: Problem[] = [];
  count = 0;

  add(...problems: Problem[]) {
    for (const problem of problems) {
      this.count += 1;
      if (this.listed.length < LIMITS.importProblemsListed) this.listed.push(problem);
    }
  }

  /** Whether another problem would still be listed. */
  get listing() {
    return this.listed.length < LIMITS.importProblemsListed;
  }
}

/** The problems of a refused file: those listed, and how many more there were. */
export type FileProblems = { problems: Problem[]; unlisted: number };

export const fileProblems = (list: ProblemList): FileProblems => ({ problems: list.listed, unlisted: list.count - list.listed.length });

/** The answer to a file with problems: nothing was written. */
export function problemsSummary({ problems, unlisted }: FileProblems): string {
  const count = problems.length + unlisted;
  const listed = unlisted > 0 ? `; the first ${problems.length} are listed` : "";
  return `${count} ${count === 1 ? "problem" : "problems"} in the file${listed}; nothing was imported`;
}

/** The 400 body of a refused file: `unlisted` only when some problems were left out. */
export const problemsBody = (found: FileProblems) => ({
  error: problemsSummary(found),
  code: "invalid_file" as const,
  problems: found.problems,
  ...(found.unlisted > 0 ? { unlisted: found.unlisted } : {}),
});

export class ImportProblems extends AppError {
  constructor(readonly found: FileProblems) {
    super(400, problemsSummary(found), {}, { code: "invalid_file", field: null });
    this.name = "ImportProblems";
  }
}
