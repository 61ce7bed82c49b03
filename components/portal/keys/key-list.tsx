import { InstantText } from "@/components/local-time";
import type { ApiKeyRow } from "@/lib/portal/queries";

const when = (iso: string) => <InstantText ms={Date.parse(iso)} />;

/** The partner's keys, newest first; a live key can be revoked, a revoked one says since when. */
export function KeyList({ keys, onRevoke }: { keys: ApiKeyRow[]; onRevoke: (key: ApiKeyRow) => void }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your API keys</caption>
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Label</th>
            <th scope="col" className="px-4 py-3 font-medium">Key</th>
            <th scope="col" className="px-4 py-3 font-medium">Created</th>
            <th scope="col" className="px-4 py-3 font-medium">Last used</th>
            <th scope="col" className="px-4 py-3 font-medium">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {keys.map((key) => (
            <tr key={key.id} className={key.revokedAt ? "text-slate-600 dark:text-slate-400" : undefined}>
              <th scope="row" className="px-4 py-3 font-medium break-words">{key.label}</th>
              <td className="px-4 py-3 font-mono whitespace-nowrap">{key.prefix}…</td>
              <td className="px-4 py-3 whitespace-nowrap">{when(key.createdAt)}</td>
              <td className="px-4 py-3 whitespace-nowrap">{key.lastUsedAt ? when(key.lastUsedAt) : "Never"}</td>
              <td className="px-4 py-3 whitespace-nowrap">
                {key.revokedAt ? (
                  <span>Revoked {when(key.revokedAt)}</span>
                ) : (
                  <div className="flex items-center gap-3">
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/20 ring-inset dark:bg-emerald-950 dark:text-emerald-300">
                      Active
                    </span>
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
