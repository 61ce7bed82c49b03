"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, StatusMessage } from "@/components/ui/alert";
import { buttonClass, SubmitButton } from "@/components/ui/button";
import { uploadImport, type ImportOutcome } from "@/lib/import-export/client/upload-import";
import { collectionsAndPerks } from "@/lib/import-export/file-format";
import type { ImportProgress } from "@/lib/import-export/import-lines";
import { problemPlace } from "@/lib/import-export/problems";
import { portalKeys } from "@/lib/portal/client/queries";
import { LIMITS } from "@/lib/schemas/limits";
import type { Role } from "@/lib/schemas/team-roles";
import { RoleGate } from "@/components/portal/team/role-gate";

const FILE_INPUT = "import-file";
const MEGABYTES = LIMITS.importBytes / 1024 / 1024;
const formatOf = (name: string) => (/\.json$/i.test(name) ? "json" : /\.csv$/i.test(name) ? "csv" : undefined);
const count = (value: number) => value.toLocaleString("en-US");

/** Progress in the file's own terms: collections and perks, not the requests they are sent in. */
function progressLabel({ done, total, written, inFile }: ImportProgress): string {
  if (done === total) return `Import progress: all written, ${collectionsAndPerks(inFile)}`;
  return `Import progress: ${count(written.collections)} of ${count(inFile.collections)} collections, ${count(written.perks)} of ${count(inFile.perks)} perks`;
}

/**
 * Import a JSON or CSV file of collections, with its problems listed or its progress shown; export
 * them all. `fileFormat` says what the file holds (server-rendered, beside the form). Importing
 * needs an editor; a viewer sees the form read only and exports.
 */
export function ImportView({ role, fileFormat }: { role: Role | undefined; fileFormat?: ReactNode }) {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = (new FormData(event.currentTarget).get("file") as File | null) ?? null;
    const format = file ? formatOf(file.name) : undefined;
    if (!file || file.size === 0) return setOutcome({ kind: "failed", message: "Choose a file to import." });
    if (!format) return setOutcome({ kind: "failed", message: "The file's name must end in .json or .csv." });
    if (file.size > LIMITS.importBytes) {
      return setOutcome({ kind: "failed", message: `The file is larger than ${MEGABYTES} MB; split it into smaller files.` });
    }
    setRunning(true);
    setOutcome(null);
    setProgress(null);
    try {
      const result = await uploadImport(file, format, setProgress);
      setOutcome(result);
      if (result.kind === "imported") await queryClient.invalidateQueries({ queryKey: portalKeys.all });
    } finally {
      setRunning(false);
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Import and export</h1>
        <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
          Bring many collections in at once from a JSON file of create requests or a CSV file with one row per perk, or take all of yours
          out. Every row is checked before anything is written, and a file is imported whole or not at all.
        </p>
      </div>

      <section aria-labelledby="import-heading" className="flex flex-col gap-4">
        <h2 id="import-heading" className="text-lg font-semibold">
          Import a file
        </h2>
        {fileFormat}
        <RoleGate role={role} needs="editor" what="importing collections">
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
            <label htmlFor={FILE_INPUT} className="font-medium">
              File (.json or .csv, at most {MEGABYTES} MB)
            </label>
            <input
              id={FILE_INPUT}
              name="file"
              type="file"
              accept=".json,.csv,application/json,text/csv"
              className="max-w-md text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-slate-800 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
            />
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Exported files come back as edits of the same collections: a collection changed since the export stops the whole import.
            </p>
            <div>
              <SubmitButton pending={running} pendingLabel="Importing…">
                Import
              </SubmitButton>
            </div>
          </form>
        </RoleGate>
        {running || (progress && outcome?.kind === "imported") ? (
          <div className="flex max-w-md flex-col gap-1">
            <progress
              aria-labelledby="import-progress-label"
              value={progress?.done ?? undefined}
              max={progress?.total ?? 1}
              className="h-3 w-full accent-indigo-600"
            />
            <span id="import-progress-label" className="text-sm text-slate-600 dark:text-slate-400">
              {progress ? progressLabel(progress) : "Import progress: checking the file…"}
            </span>
          </div>
        ) : null}
        <StatusMessage>
          {outcome?.kind === "imported"
            ? `Imported: ${count(outcome.summary.created)} new collections, ${count(outcome.summary.edited)} edited, ${count(outcome.summary.perks)} perks.`
            : null}
        </StatusMessage>
        {outcome?.kind === "imported" ? (
          <p>
            <Link href="/portal/collections" className="font-medium text-indigo-700 underline dark:text-indigo-300">
              See them in My collections
            </Link>
          </p>
        ) : null}
        {outcome?.kind === "failed" ? <Alert>{outcome.message}</Alert> : null}
        {outcome?.kind === "problems" ? (
          <Alert>
            <p className="font-semibold">{outcome.message}</p>
            <ol aria-label="Problems in the file" className="mt-2 max-h-96 list-inside list-decimal overflow-y-auto">
              {outcome.problems.map((problem, index) => (
                <li key={index}>
                  {problemPlace(problem)}, <span className="font-mono">{problem.field}</span>: {problem.message}
                </li>
              ))}
            </ol>
          </Alert>
        ) : null}
      </section>

      <section aria-labelledby="export-heading" className="flex flex-col gap-3">
        <h2 id="export-heading" className="text-lg font-semibold">
          Export your collections
        </h2>
        <p className="max-w-2xl text-sm text-slate-600 dark:text-slate-400">
          Every collection you manage with its perks. In the CSV, a cell that a spreadsheet would run as a formula starts with an
          apostrophe; importing the file takes it off again.
        </p>
        <div className="flex flex-wrap gap-3">
          <a href="/api/portal/export?format=json" download className={buttonClass({ tone: "outline" })}>
            Download JSON
          </a>
          <a href="/api/portal/export?format=csv" download className={buttonClass({ tone: "outline" })}>
            Download CSV
          </a>
        </div>
      </section>
    </div>
  );
}
