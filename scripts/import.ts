import { readFile, stat } from "node:fs/promises";
import { parseArgs } from "node:util";
import { accountForOperatorKey } from "@/lib/auth/accounts";
import { closeDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { formatOfName, parseImportFile } from "@/lib/import-export/parse-file";
import { describeProblem, ImportProblems, problemsSummary, type FileProblems } from "@/lib/import-export/problems";
import { runImport } from "@/lib/import-export/server/run-import";
import { LIMITS } from "@/lib/schemas/limits";

const USAGE = "Usage: npm run import -- <file.json|file.csv> --email <account> [--force]   (--force: also for an unconfirmed address)";
let file: string | undefined;
let email: string | undefined;
let force = false;
try {
  const { values, positionals } = parseArgs({
    options: { email: { type: "string" }, force: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  if (positionals.length === 1) file = positionals[0];
  email = values.email;
  force = values.force;
} catch {
  // Reported below with the usage line.
}
const format = file ? formatOfName(file) : undefined;
if (!file || !email || !format) {
  console.error(file && !format ? `${file}: the name must end in .json or .csv\n${USAGE}` : USAGE);
  process.exit(2);
}

/** A bar on stderr, redrawn in place on a terminal, a line per tenth otherwise (logs, pipes). */
function progressBar(total: number) {
  let shown = -1;
  return (done: number) => {
    const tenths = Math.floor((done * 10) / total);
    const percent = Math.floor((done * 100) / total);
    if (process.stderr.isTTY) {
      if (percent === shown) return;
      shown = percent;
      const bar = "#".repeat(Math.floor(percent / 5)).padEnd(20, ".");
      process.stderr.write(`\r[${bar}] ${String(percent).padStart(3)}% ${done}/${total} requests${done === total ? "\n" : ""}`);
    } else if (tenths !== shown) {
      shown = tenths;
      process.stderr.write(`importing: ${percent}% (${done}/${total} requests)\n`);
    }
  };
}

function listProblems(found: FileProblems) {
  for (const problem of found.problems) console.error(describeProblem(problem));
  if (found.unlisted > 0) console.error(`… and ${found.unlisted} more`);
  console.error(problemsSummary(found));
}

try {
  const { size } = await stat(file);
  if (size > LIMITS.importBytes) throw new AppError(413, `${file} is ${size} bytes; the limit is ${LIMITS.importBytes} bytes`);
  const { items, ...found } = parseImportFile(format, await readFile(file));
  if (found.problems.length > 0) {
    listProblems(found);
    process.exitCode = 1;
  } else {
    const account = await accountForOperatorKey(email, { force });
    const started = performance.now();
    const summary = await runImport({ userId: account.id, teamId: account.teamId, keyId: null }, items, progressBar(items.length));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Imported ${summary.requests} requests for ${account.email}: ${summary.created} new collections, ` +
        `${summary.edited} edited, ${summary.perks} perks written, in ${seconds} s.`,
    );
  }
} catch (error) {
  if (error instanceof ImportProblems) listProblems(error.found);
  else console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
