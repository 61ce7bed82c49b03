import { panelClass } from "@/components/ui/panel";
import { InstantText } from "@/components/local-time";
import { Badge } from "@/components/ui/badge";
import type { ApiKeyRow } from "@/lib/schemas/account";

const when = (iso: string) => <InstantText ms={Date.parse(iso)} />;

// Under 640 px the table becomes one stacked card per key: each cell on its own line, named by
// its column (the header row is hidden there, so the label comes from data-label).
const cell =
  "px-4 py-3 whitespace-nowrap max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:whitespace-normal max-sm:before:font-sans max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400";

/** The partner's keys, newest first; a live key can be revoked, a revoked one says since when. */
export function KeyList({ keys, onRevoke }: { keys: ApiKeyRow[]; onRevoke: (key: ApiKeyRow) => void }) {
  return (
    <div className={panelClass("sm:overflow-x-auto")}>
      <table className="w-full text-left text-sm max-sm:block">
        <caption className="sr-only">Your API keys</caption>
        <thead className="border-b border-slate-200 text-slate-600 max-sm:sr-only dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Label
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Key
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Scope
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Minted by
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Created
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Last used
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 max-sm:block dark:divide-slate-800">
          {keys.map((key) => (
            <tr
              key={key.id}
              className={`max-sm:block max-sm:px-4 max-sm:py-3 ${key.revokedAt ? "text-slate-600 dark:text-slate-400" : ""}`}
            >
              <th scope="row" className="px-4 py-3 font-medium break-words max-sm:block max-sm:px-0 max-sm:py-1 max-sm:text-base">
                {key.label}
              </th>
              <td data-label="Key" className={`${cell} font-mono`}>
                {key.prefix}…
              </td>
              <td data-label="Scope" className={cell}>
                {key.scope === "read" ? "Read only" : "Read and write"}
              </td>
              <td data-label="Minted by" className={`${cell} break-all`}>
                {key.createdBy}
              </td>
              <td data-label="Created" className={cell}>
                {when(key.createdAt)}
              </td>
              <td data-label="Last used" className={cell}>
                {key.lastUsedAt ? when(key.lastUsedAt) : "Never"}
              </td>
              <td data-label="Status" className={cell}>
                {key.revokedAt ? (
                  <span>Revoked {when(key.revokedAt)}</span>
                ) : (
                  <div className="flex items-center gap-3">
                    <Badge tone="success-table">Active</Badge>
                    <button
                      type="button"
                      onClick={() => onRevoke(key)}
                      aria-label={`Revoke ${key.label} (${key.prefix}…)`}
                      className="rounded-md border border-red-300 px-3 py-1 font-medium text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950"
                    >
                      Revoke
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
