import { AppError } from "@/lib/errors";

/**
 * One thing wrong with an import file, where a partner can find it: the CSV line (the header is
 * line 1) or the index in the JSON array (from 0), and the column or field path.
 */
export type Problem = { line?: number; index?: number; field: string; message: string };

export const problemPlace = (problem: Problem) =>
  problem.line !== undefined ? `line ${problem.line}` : problem.index !== undefined ? `[${problem.index}]` : "file";

export const describeProblem = (problem: Problem) => `${problemPlace(problem)}, ${problem.field}: ${problem.message}`;

/** Finds where in the file a field of one create request (`perkData[2].Tags[0]`) came from. */
export type Locate = (path: string) => Omit<Problem, "message">;

/** A rule's error (`perkData[0].PlatformNFTId: …`) as a problem at its place in the file. */
export function problemFromError(error: AppError, locate: Locate): Problem {
  const match = /^([A-Za-z_][\w.[\]]*): (.*)$/s.exec(error.message);
  return match ? { ...locate(match[1]!), message: match[2]! } : { ...locate("body"), message: error.message };
}

/** The answer to a file with problems: nothing was written. */
export const problemsSummary = (count: number) => `${count} ${count === 1 ? "problem" : "problems"} in the file; nothing was imported`;

export class ImportProblems extends AppError {
  constructor(readonly problems: Problem[]) {
    super(400, problemsSummary(problems.length));
    this.name = "ImportProblems";
  }
}
