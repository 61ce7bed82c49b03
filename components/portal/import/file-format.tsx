import Link from "next/link";
import { CELL_MEANING, CELL_RULES, COLUMN_GROUPS, JSON_SHAPE_EXAMPLE, SAMPLE_FILES } from "@/lib/import-export/file-format";

const LINK = "font-medium text-indigo-700 underline hover:no-underline dark:text-indigo-300";

/** What an import file holds, the columns listed from the tables import reads them with. */
export function ImportFileFormat() {
  return (
    <section
      aria-labelledby="file-format-heading"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <div>
        <h3 id="file-format-heading" className="font-semibold">
          What the file holds
        </h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Start from a sample with two collections, one with two perks:{" "}
          <a href={SAMPLE_FILES.csv} download className={LINK}>
            sample CSV
          </a>{" "}
          or{" "}
          <a href={SAMPLE_FILES.json} download className={LINK}>
            sample JSON
          </a>
          . An export of your collections is a valid file too, and imports as edits of them.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2 text-sm">
          <h4 className="font-medium">CSV: one row per perk</h4>
          <p className="text-slate-700 dark:text-slate-300">
            The first line names the columns, in any order. A collection&apos;s columns repeat on each of its perk rows; a collection
            without perks is one row with empty perk columns. <strong>Title</strong> and <strong>ContractChain</strong> are required; an
            empty cell leaves a field unset, and empty <code>PlatformNFTId</code> and <code>Version</code> make a new collection.
          </p>
          {COLUMN_GROUPS.map((group) => (
            <div key={group.title}>
              <h5 className="font-medium">{group.title}</h5>
              <ul aria-label={group.title} className="mt-1 flex flex-wrap gap-1.5">
                {group.columns.map((column) => (
                  <li
                    key={column.name}
                    title={CELL_MEANING[column.kind]}
                    className="rounded border border-slate-200 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
                  >
                    {column.name}
                    {column.required ? <span className="font-sans"> (required)</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <ul aria-label="Cells other than text" className="flex flex-col gap-1 text-slate-700 dark:text-slate-300">
            {CELL_RULES.map((rule) => (
              <li key={rule.kind}>
                {rule.columns.map((name, index) => (
                  <span key={name}>
                    {index > 0 ? ", " : null}
                    <code>{name}</code>
                  </span>
                ))}
                : {rule.meaning}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex min-w-0 flex-col gap-2 text-sm">
          <h4 className="font-medium">JSON: an array of create requests</h4>
          <p className="text-slate-700 dark:text-slate-300">
            Each element is the body of <code>POST /api-gateway/create</code>, applied in order: <code>nftData</code> for the collection and{" "}
            <code>perkData</code> for its perks. With <code>nftData.PlatformNFTId</code> it edits that collection. Every field is in the{" "}
            <Link href="/docs#createOrEdit" className={LINK}>
              API reference
            </Link>
            .
          </p>
          <pre
            aria-label="JSON file shape"
            tabIndex={0}
            className="overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100"
          >
            {JSON_SHAPE_EXAMPLE}
          </pre>
        </div>
      </div>
    </section>
  );
}
